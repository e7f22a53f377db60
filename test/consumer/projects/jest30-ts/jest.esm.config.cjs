// Jest in ESM mode: the .mjs tests load the package's ESM build.
module.exports = {
  testMatch: ["<rootDir>/esm/**/*.test.mjs"],
  setupFilesAfterEnv: ["agent-testkit/jest"],
  transform: {},
};
