import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    cli: "src/cli.ts",
    matchers: "matchers/index.ts",
    vitest: "matchers/vitest.ts",
    jest: "matchers/jest.ts",
    factories: "fixtures/factories/index.ts",
    msw: "fixtures/msw/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "node20",
  platform: "node",
  sourcemap: true,
  shims: true,
  splitting: true,
  external: ["vitest", "@jest/globals", "expect", "msw", "@faker-js/faker", "ajv", "ajv-formats"],
});
