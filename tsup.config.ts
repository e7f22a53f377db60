import { defineConfig, type Options } from "tsup";

const entries = {
  index: "src/index.ts",
  cli: "src/cli.ts",
  // the worker of `check --threads`, loaded by path next to cli.js
  "check-worker": "src/cli/check/worker.ts",
  // the server of `serve`, loaded by path next to cli.js (the CLI imports no fake)
  serve: "fixtures/serve/index.ts",
  // the writer of \`trace\` (a cassette and a test), loaded by path next to cli.js
  "trace-test": "fixtures/msw/cassette/traceTest.ts",
  matchers: "matchers/index.ts",
  jest: "matchers/jest.ts",
  factories: "fixtures/factories/index.ts",
  msw: "fixtures/msw/index.ts",
  // the MCP fake: its own entry, so that apps without MCP never load the MCP SDK
  mcp: "fixtures/mcp/index.ts",
  // the server of `mcp` (stdio), loaded by path next to cli.js
  "mcp-stdio": "fixtures/mcp/stdio.ts",
};

const shared: Options = {
  dts: true,
  target: "node20",
  platform: "node",
  sourcemap: true,
  shims: true,
  splitting: true,
  external: [
    "vitest",
    "@jest/globals",
    "expect",
    "msw",
    "ws",
    "@faker-js/faker",
    "ajv",
    "ajv-formats",
    "@modelcontextprotocol/sdk",
  ],
};

// `npm run build` empties dist/ first; the two builds run in parallel, so neither cleans.
export default defineConfig([
  // Vitest is ESM-only (its CommonJS entry throws), so the entry that registers on it is ESM-only too.
  { ...shared, entry: { ...entries, vitest: "matchers/vitest.ts", vitest4: "matchers/vitest4.ts" }, format: ["esm"] },
  // No maps for the CommonJS build: tsup's CJS maps name the bundle by its absolute build path,
  // with no source for it (the ESM maps hold relative paths and embed their sources).
  // @faker-js/faker is ESM-only, and Jest's CommonJS mode cannot load ESM: the CommonJS build
  // bundles it (scripts/postbuild.mjs copies its MIT notice beside the build), so every entry
  // works in Jest with no flags. The ESM build imports it as a dependency.
  {
    ...shared,
    entry: entries,
    format: ["cjs"],
    sourcemap: false,
    external: shared.external!.filter((name) => name !== "@faker-js/faker"),
    noExternal: ["@faker-js/faker"],
  },
]);
