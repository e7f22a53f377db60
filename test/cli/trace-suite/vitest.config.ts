// The config traceTest.test.ts runs a generated test with, as its user's project would: the
// package's names (here, its sources), the generated file's folder as the root.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^agent-testkit$/, replacement: here("../../../src/index.ts") },
      { find: /^agent-testkit\/vitest$/, replacement: here("../../../matchers/vitest.ts") },
      { find: /^agent-testkit\/msw$/, replacement: here("../../../fixtures/msw/index.ts") },
    ],
  },
  test: { root: process.env.TRACE_OUT ?? ".", include: ["*.trajectory.test.ts"] },
});
