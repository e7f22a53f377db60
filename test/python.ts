// A Python virtual environment for the tests that drive Python clients: made once under
// node_modules/.cache (npm ci starts it anew), its packages from the machine's configured index.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "./build.js";

/**
 * The environment named `name` with `packages` (their import names the same), as
 * `{ python }` (its interpreter), or `{ missing }`: why it cannot be had here.
 */
export function pythonEnvironment(
  name: string,
  packages: readonly string[],
  /** The modules that show the packages are there (default: the packages' names; `google.genai` for `google-genai`). */
  modules: readonly string[] = packages,
): { python: string } | { missing: string } {
  const venv = join(root, "node_modules", ".cache", "agent-testkit", name);
  const python = join(venv, "bin", "python");
  if (spawnSync("python3", ["--version"]).status !== 0) return { missing: "python3 is not on this machine" };
  if (!existsSync(python)) {
    mkdirSync(join(venv, ".."), { recursive: true });
    const made = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
    if (made.status !== 0) return { missing: `python3 -m venv failed: ${made.stderr.trim()}` };
  }
  if (spawnSync(python, ["-c", `import ${modules.join(", ")}`]).status === 0) return { python };
  // the configured index only; an unreachable default index fails at once rather than retrying
  const installed = spawnSync(
    python,
    ["-m", "pip", "install", "--quiet", "--retries", "0", "--timeout", "10", ...packages],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (installed.status !== 0)
    return {
      missing: `${packages.join(", ")} cannot be installed from this machine's package index: ${installed.stderr.trim().split("\n").at(-1)}`,
    };
  return { python };
}
