import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/consumer/**", "test/jest/**", "node_modules/**"],
    setupFiles: ["./test/setup.ts"],
  },
});
