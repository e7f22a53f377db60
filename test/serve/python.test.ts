// The pytest recipe (examples/serve/python), run as a Python suite runs it: a virtual environment
// with `openai`, `anthropic` and `pytest` from the machine's configured package index, the server
// started by the recipe's conftest (here the built CLI), a session per test. Skipped, saying why, where Python or
// the packages cannot be had.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";

const recipe = join(root, "examples", "serve", "python");
// kept between runs of the suite (npm ci starts it anew)
const venv = join(root, "node_modules", ".cache", "agent-testkit", "python-serve");
const python = join(venv, "bin", "python");

beforeAll(() => requireFreshBuild("cli.js", "serve.js"));

/** Why the recipe cannot run here, or undefined once the environment is ready. */
function environment(): string | undefined {
  if (spawnSync("python3", ["--version"]).status !== 0) return "python3 is not on this machine";
  if (!existsSync(python)) {
    mkdirSync(join(venv, ".."), { recursive: true });
    const made = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
    if (made.status !== 0) return `python3 -m venv failed: ${made.stderr.trim()}`;
  }
  if (spawnSync(python, ["-c", "import openai, anthropic, pytest"]).status === 0) return undefined;
  // the configured index only; an unreachable default index fails at once rather than retrying
  const installed = spawnSync(
    python,
    ["-m", "pip", "install", "--quiet", "--retries", "0", "--timeout", "10", "openai", "anthropic", "pytest"],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (installed.status !== 0)
    return `openai, anthropic and pytest cannot be installed from this machine's package index: ${installed.stderr.trim().split("\n").at(-1)}`;
  return undefined;
}

test("the pytest recipe: the Python openai client, scripted and asserted from Python", (context) => {
  const missing = environment();
  if (missing) {
    console.warn(`skipped: ${missing}`);
    context.skip();
  }
  const run = spawnSync(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider"], {
    cwd: recipe,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, AGENT_TESTKIT_SERVE: `${process.execPath} ${join(root, "dist", "cli.js")} serve --port 0` },
  });
  expect(run.stdout + run.stderr, run.stdout + run.stderr).toMatch(/\b8 passed\b/);
  expect(run.status).toBe(0);
}, 420_000);
