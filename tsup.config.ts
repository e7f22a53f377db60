import { defineConfig, type Options } from "tsup";

const entries = {
  index: "src/index.ts",
  cli: "src/cli.ts",
  // the worker of `check --threads`, loaded by path next to cli.js
  "check-worker": "src/cli/checkWorker.ts",
  matchers: "matchers/index.ts",
  jest: "matchers/jest.ts",
  factories: "fixtures/factories/index.ts",
  msw: "fixtures/msw/index.ts",
};

const shared: Options = {
  dts: true,
  target: "node20",
  platform: "node",
  sourcemap: true,
  shims: true,
  splitting: true,
  external: ["vitest", "@jest/globals", "expect", "msw", "ws", "@faker-js/faker", "ajv", "ajv-formats"],
};

/**
 * In the CommonJS build, msw is required when `fake.handlers` is first read, not when
 * `agent-testkit/msw` loads: `fake.fetch` and `fake.listen()` then work in Jest's CommonJS mode
 * even where msw cannot be required (MSW 3 is ESM-only; MSW 2 from 2.11.3 on needs its ESM-only
 * dependencies compiled). Where it cannot, the error says what to do.
 */
const LAZY_MSW = `
function msw() {
  try {
    return require("msw");
  } catch (error) {
    const reason = String(error && error.message).split("\\n")[0];
    throw new Error(
      "agent-testkit: fake.handlers needs msw, which cannot be loaded here: " + reason + ". " +
        "In Jest's CommonJS mode, MSW 3 cannot load, and MSW 2 from 2.11.3 on loads once Jest compiles its ESM-only " +
        "dependencies (transformIgnorePatterns; see agent-testkit's docs/matchers.md, 'Jest in CommonJS mode with " +
        "today's MSW 2'). fake.fetch and fake.listen() need no msw.",
      { cause: error },
    );
  }
}
module.exports = { http: { all: (...args) => msw().http.all(...args) }, ws: { link: (...args) => msw().ws.link(...args) } };
`;

const lazyMsw: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "lazy-msw",
  setup(build) {
    // "msw" from our sources resolves to the shim below; from the shim, to msw itself, external.
    build.onResolve({ filter: /^msw$/ }, (args) =>
      args.namespace === "lazy-msw" ? { path: "msw", external: true } : { path: "msw", namespace: "lazy-msw" },
    );
    build.onLoad({ filter: /.*/, namespace: "lazy-msw" }, () => ({
      contents: LAZY_MSW,
      loader: "js",
    }));
  },
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
    external: shared.external!.filter((name) => name !== "@faker-js/faker" && name !== "msw"),
    noExternal: ["@faker-js/faker", "msw"],
    esbuildPlugins: [lazyMsw],
  },
]);
