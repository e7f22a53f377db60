// Issue 51's cases driven by Python clients (test/hostile/python/test_round4.py): the `mcp` client
// over stdio, the `anthropic` client and plain HTTP against `serve`. A virtual environment with
// those packages from the machine's configured package index; skipped, saying why, where Python or
// the packages cannot be had.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";

const venv = join(root, "node_modules", ".cache", "agent-testkit", "python-hostile");
const python = join(venv, "bin", "python");
const PACKAGES = ["anthropic", "mcp", "pytest", "requests"];

beforeAll(() => requireFreshBuild("cli.js", "serve.js", "mcp-stdio.js"));

function environment(): string | undefined {
  if (spawnSync("python3", ["--version"]).status !== 0) return "python3 is not on this machine";
  if (!existsSync(python)) {
    mkdirSync(join(venv, ".."), { recursive: true });
    const made = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
    if (made.status !== 0) return `python3 -m venv failed: ${made.stderr.trim()}`;
  }
  if (spawnSync(python, ["-c", "import anthropic, mcp, pytest, requests"]).status === 0) return undefined;
  const installed = spawnSync(
    python,
    ["-m", "pip", "install", "--quiet", "--retries", "0", "--timeout", "10", ...PACKAGES],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (installed.status !== 0)
    return `${PACKAGES.join(", ")} cannot be installed from this machine's package index: ${installed.stderr.trim().split("\n").at(-1)}`;
  return undefined;
}

test("Python's anthropic and mcp clients against serve and agent-testkit mcp", (context) => {
  const missing = environment();
  if (missing) {
    console.warn(`skipped: ${missing}`);
    context.skip();
  }
  const run = spawnSync(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_round4.py"], {
    cwd: join(root, "test", "hostile", "python"),
    encoding: "utf8",
    timeout: 240_000,
    env: { ...process.env, AGENT_TESTKIT_CLI: join(root, "dist", "cli.js"), AGENT_TESTKIT_NODE: process.execPath },
  });
  expect(run.stdout + run.stderr, run.stdout + run.stderr).toMatch(/\b4 passed\b/);
  expect(run.status).toBe(0);
}, 420_000);
