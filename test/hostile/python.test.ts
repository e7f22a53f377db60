// Issue 51's cases driven by Python clients (test/hostile/python/test_round4.py): the `mcp` client
// over stdio, the `anthropic` client and plain HTTP against `serve`. A virtual environment with
// those packages from the machine's configured package index; skipped, saying why, where Python or
// the packages cannot be had.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";
import { pythonEnvironment } from "../python.js";

beforeAll(() => requireFreshBuild("cli.js", "serve.js", "mcp-stdio.js"));

test("Python's anthropic and mcp clients against serve and agent-testkit mcp", (context) => {
  const env = pythonEnvironment("python-hostile", ["anthropic", "mcp", "pytest", "requests"]);
  if ("missing" in env) {
    console.warn(`skipped: ${env.missing}`);
    return context.skip();
  }
  const run = spawnSync(env.python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_round4.py"], {
    cwd: join(root, "test", "hostile", "python"),
    encoding: "utf8",
    timeout: 240_000,
    env: { ...process.env, AGENT_TESTKIT_CLI: join(root, "dist", "cli.js"), AGENT_TESTKIT_NODE: process.execPath },
  });
  expect(run.stdout + run.stderr, run.stdout + run.stderr).toMatch(/\b4 passed\b/);
  expect(run.status).toBe(0);
}, 420_000);
