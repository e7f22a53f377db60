// As docs/matchers.md shows it: Babel compiles MSW 2's ESM-only dependencies, no flags.
module.exports = {
  setupFilesAfterEnv: ["agent-testkit/jest"],
  transform: { "\\.[cm]?[jt]s$": "babel-jest" },
  transformIgnorePatterns: ["/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)"],
};
