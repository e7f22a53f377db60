// The Playwright recipe (examples/serve/playwright), run as its users run it: `playwright test`
// starts agent-testkit serve (here the built CLI) and a web app whose server calls the model; each
// test scripts its own session and clicks. In headless Chromium; skipped without it off CI.
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";
import { browserAvailable, CHROMIUM } from "../cli/report/browser.js";

beforeAll(() => requireFreshBuild("cli.js", "serve.js"));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

test.skipIf(!browserAvailable)(
  "the Playwright recipe: the page asks, a session of serve answers",
  async () => {
    const [servePort, appPort] = [await freePort(), await freePort()];
    const run = spawnSync(
      process.execPath,
      [
        join(root, "node_modules", "@playwright", "test", "cli.js"),
        "test",
        "--config",
        "examples/serve/playwright/playwright.config.ts",
        "--reporter=line",
      ],
      {
        cwd: root,
        encoding: "utf8",
        timeout: 150_000,
        env: {
          ...process.env,
          SERVE_PORT: String(servePort),
          APP_PORT: String(appPort),
          CHROMIUM_PATH: CHROMIUM,
          AGENT_TESTKIT_SERVE: `${process.execPath} ${join(root, "dist", "cli.js")} serve`,
        },
      },
    );
    expect(run.stdout + run.stderr, run.stdout + run.stderr).toMatch(/\b2 passed\b/);
    expect(run.status).toBe(0);
  },
  180_000,
);
