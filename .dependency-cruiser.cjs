// The house's import rules (docs/architecture.md), checked by `npm run lint:imports` in `npm test`:
// no import circle, type imports included, and imports that run one way only:
// internal ← core ← wire ← factories ← the fakes' kit ← cassette ← the model fakes' composition ←
// fakes ← entries.

/** The folders of fixtures/msw that are no fake: what the fakes stand on. */
const NOT_A_FAKE = "(?!kit/|cassette/|define/)";
/** The layers, lowest first: a module may import its own layer and those before it. */
const LAYERS = [
  ["internal", "^src/internal/"],
  ["core", "^src/(?!internal/|wire/|cli/|index\\.ts$|cli\\.ts$)[^/]+\\.ts$"],
  ["wire", "^src/wire/"],
  ["factories", "^fixtures/factories/"],
  ["kit", "^fixtures/msw/kit/"],
  ["cassette", "^fixtures/msw/cassette/"],
  ["define", "^fixtures/msw/define/"],
  ["fakes", `^(fixtures/msw/${NOT_A_FAKE}[^/]+/|fixtures/mcp/(?!index\\.ts$|stdio\\.ts$))`],
];
/** What stands on every layer: the package's entries, the matchers, the CLI and the server it runs. */
const ENTRIES =
  "^(src/index\\.ts|src/cli\\.ts|src/cli/|matchers/|fixtures/msw/index\\.ts|fixtures/mcp/(index|stdio)\\.ts$|fixtures/serve/)";

const layerRules = LAYERS.map(([name, path], index) => ({
  name: `layer-${name}`,
  comment: `${name} imports only what lies below it (${LAYERS.slice(0, index + 1)
    .map(([n]) => n)
    .join(", ")})`,
  severity: "error",
  from: { path },
  to: { path: [...LAYERS.slice(index + 1).map(([, p]) => p), ENTRIES] },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "an import circle, type imports included: split out what both sides need",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "fake-imports-fake",
      comment: "a fake imports no file of another fake: what two fakes share belongs to the kit",
      severity: "error",
      from: { path: `^fixtures/msw/${NOT_A_FAKE}([^/]+)/` },
      to: { path: `^fixtures/msw/${NOT_A_FAKE}[^/]+/`, pathNot: "^fixtures/msw/$1/" },
    },
    {
      name: "mcp-imports-no-model-fake",
      comment: "the MCP fake imports no file of a model fake: what they share belongs to the kit",
      severity: "error",
      from: { path: "^fixtures/mcp/" },
      to: { path: `^fixtures/msw/${NOT_A_FAKE}[^/]+/` },
    },
    {
      name: "cli-reads-no-fake",
      comment: "the CLI reads the core: no fake, factory or matcher",
      severity: "error",
      from: { path: "^src/(cli/|cli\\.ts$)" },
      to: { path: "^(fixtures|matchers)/" },
    },
    {
      name: "matcher-loads-no-fake",
      comment: "a matcher loads neither faker nor msw: only agentTest and the setup entries reach the fakes",
      severity: "error",
      from: { path: "^matchers/", pathNot: "^matchers/(agentTest|vitest|vitest4|jest)\\.ts$" },
      to: { path: "^fixtures/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};
