// The suite that agentTest.cassette.test.ts runs twice, as a user would: once recording, once replaying.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { root: fileURLToPath(new URL(".", import.meta.url)), include: ["questions.suite.ts"] },
});
