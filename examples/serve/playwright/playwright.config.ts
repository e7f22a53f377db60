// The web app and agent-testkit serve, both started by Playwright; the app's model calls go to the
// fakes (OPENAI_BASE_URL), each test scripting a session of its own.
import { defineConfig } from "@playwright/test";

const servePort = Number(process.env.SERVE_PORT ?? 4010);
const appPort = Number(process.env.APP_PORT ?? 3000);
const SERVE_URL = `http://127.0.0.1:${servePort}`;

export default defineConfig({
  testDir: "tests",
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    launchOptions: {
      // a browser of the machine's (CHROMIUM_PATH), or Playwright's own when unset
      ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  webServer: [
    {
      command: `${process.env.AGENT_TESTKIT_SERVE ?? "npx agent-testkit serve"} --port ${servePort}`,
      url: `${SERVE_URL}/_testkit/health`,
    },
    {
      command: "node server.mjs",
      url: `http://127.0.0.1:${appPort}`,
      env: { PORT: String(appPort), OPENAI_BASE_URL: `${SERVE_URL}/v1`, OPENAI_API_KEY: "test-key" },
    },
  ],
});
