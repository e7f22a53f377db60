// The pytest recipe (examples/serve/python), run as a Python suite runs it: a virtual environment
// with `openai`, `anthropic` and `pytest` from the machine's configured package index, the server
// started by the recipe's conftest (here the built CLI), a session per test. Skipped, saying why,
// where Python or the packages cannot be had.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";
import { pythonEnvironment } from "../python.js";

const recipe = join(root, "examples", "serve", "python");
beforeAll(() => requireFreshBuild("cli.js", "serve.js"));

test("the pytest recipe: the Python openai client, scripted and asserted from Python", (context) => {
  const env = pythonEnvironment("python-serve", ["openai", "anthropic", "pytest"]);
  if ("missing" in env) {
    console.warn(`skipped: ${env.missing}`);
    return context.skip();
  }
  const run = spawnSync(env.python, ["-m", "pytest", "-q", "-p", "no:cacheprovider"], {
    cwd: recipe,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, AGENT_TESTKIT_SERVE: `${process.execPath} ${join(root, "dist", "cli.js")} serve --port 0` },
  });
  expect(run.stdout + run.stderr, run.stdout + run.stderr).toMatch(/\b9 passed\b/);
  expect(run.status).toBe(0);
}, 420_000);
