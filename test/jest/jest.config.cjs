// Runs the matchers in Jest against the CJS build (dist/), the way a Jest user loads them.
const path = require("node:path");
const root = path.resolve(__dirname, "../..");
const moduleNameMapper = {
  "^agent-testkit$": `${root}/dist/index.cjs`,
  "^agent-testkit/(.*)$": `${root}/dist/$1.cjs`,
};
module.exports = {
  rootDir: root,
  projects: [
    {
      displayName: "jest globals",
      rootDir: root,
      testMatch: ["<rootDir>/test/jest/**/*.test.cjs"],
      testPathIgnorePatterns: ["jest-globals"],
      setupFilesAfterEnv: ["agent-testkit/jest"],
      moduleNameMapper,
      snapshotFormat: { escapeString: false, printBasicPrototype: false },
    },
    {
      displayName: "@jest/globals",
      rootDir: root,
      injectGlobals: false,
      testMatch: ["<rootDir>/test/jest/**/*.jest-globals.test.cjs"],
      setupFilesAfterEnv: ["agent-testkit/jest"],
      moduleNameMapper,
    },
  ],
};
