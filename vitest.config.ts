import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The examples import the package by name, as users do; point those names at the sources.
  resolve: {
    alias: [
      { find: /^agent-testkit$/, replacement: here("./src/index.ts") },
      { find: /^agent-testkit\/vitest$/, replacement: here("./matchers/vitest.ts") },
      { find: /^agent-testkit\/matchers$/, replacement: here("./matchers/index.ts") },
      { find: /^agent-testkit\/factories$/, replacement: here("./fixtures/factories/index.ts") },
      { find: /^agent-testkit\/msw$/, replacement: here("./fixtures/msw/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["test/consumer/**", "test/jest/**", "node_modules/**"],
    setupFiles: ["./test/setup.ts"],
    // `npm run coverage`: what the unit tests reach of the sources (no thresholds: read the report)
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts", "matchers/**/*.ts", "fixtures/**/*.ts"],
      reporter: ["text-summary", "text", "html"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
    },
  },
});
