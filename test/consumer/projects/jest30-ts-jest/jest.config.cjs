// As docs/matchers.md shows it: ts-jest compiles the tests and MSW 2's ESM-only dependencies
// (with `allowJs` in tsconfig.json).
module.exports = {
  setupFilesAfterEnv: ["agent-testkit/jest"],
  transform: { "^.+\\.[cm]?[jt]s$": "ts-jest" },
  transformIgnorePatterns: ["/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)"],
};
