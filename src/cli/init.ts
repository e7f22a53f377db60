// `agent-testkit init`: adds the setup entry to a project's Vitest or Jest config, editing the
// config in place where its syntax tree shows where (configEdit.ts), writing one where there is none.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs, UsageError } from "./args.js";
import { addSetupEntry } from "./configEdit.js";
import type { Io } from "./io.js";

export const INIT_USAGE = `Usage: agent-testkit init [--runner vitest|jest] [--dir <dir>]

Adds agent-testkit's setup entry to the project's test runner config, as msw init does for its
worker: setupFiles: ["agent-testkit/vitest"] for Vitest, setupFilesAfterEnv:
["agent-testkit/jest"] for Jest. It finds the config (vitest.config.*, vite.config.*,
jest.config.*, or package.json's "jest"), adds the entry in place, or writes a config when there
is none. A config that has the entry already is left as it is.

Options:
  --runner <runner>   vitest or jest (default: the one the project's package.json depends on)
  --dir <dir>         the project's folder (default: the current one)
  -h, --help          this help

Exit: 0 when the entry is in the config (added, or there already), 1 when the config could not be
edited (the line to add is printed), 2 on usage errors.`;

type Runner = "vitest" | "jest";

const ENTRY: Record<Runner, string> = { vitest: "agent-testkit/vitest", jest: "agent-testkit/jest" };
const KEY: Record<Runner, string> = { vitest: "setupFiles", jest: "setupFilesAfterEnv" };
const EXTENSIONS = ["ts", "mts", "cts", "js", "mjs", "cjs"];

/** What init did: the file it wrote or found, and whether it changed it. */
type Outcome =
  | { kind: "added" | "created" | "present"; file: string }
  | { kind: "unedited"; file: string; why: string };

export async function runInit(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, flags } = parseArgs(argv, ["runner", "dir"], ["help"]);
  if (flags.has("help")) {
    io.stdout.write(`${INIT_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const given = flags.get("dir");
  const dir = typeof given === "string" ? given : process.cwd();
  if (!existsSync(dir)) throw new UsageError(`--dir ${JSON.stringify(dir)} does not exist`);
  const runner = runnerOf(flags.get("runner"), dir);
  const outcome = runner === "vitest" ? initVitest(dir) : initJest(dir);
  const line = `${KEY[runner]}: [${JSON.stringify(ENTRY[runner])}]`;
  switch (outcome.kind) {
    case "present":
      io.stdout.write(`agent-testkit init: ${outcome.file} has ${ENTRY[runner]} already; nothing changed.\n`);
      break;
    case "added":
      io.stdout.write(
        `agent-testkit init: added ${JSON.stringify(ENTRY[runner])} to ${KEY[runner]} in ${outcome.file}.\n`,
      );
      break;
    case "created":
      io.stdout.write(`agent-testkit init: wrote ${outcome.file} with ${line}.\n`);
      break;
    case "unedited":
      io.stderr.write(
        `agent-testkit init: ${outcome.file} could not be edited safely (${outcome.why}). Add this to its ${runner === "vitest" ? "test section" : "config"} by hand:\n  ${line}\n`,
      );
      return 1;
  }
  if (runner === "jest")
    io.stdout.write(
      'TypeScript: list the entry with Jest\'s own types, e.g. "types": ["node", "jest", "agent-testkit/jest"].\n',
    );
  return 0;
}

function runnerOf(given: string | true | undefined, dir: string): Runner {
  if (given === "vitest" || given === "jest") return given;
  if (given !== undefined) throw new UsageError(`--runner must be vitest or jest, not ${JSON.stringify(given)}`);
  const pkg = readPackage(dir);
  const deps = { ...asRecord(pkg?.dependencies), ...asRecord(pkg?.devDependencies) };
  const found = (["vitest", "jest"] as const).filter((name) => name in deps);
  if (found.length === 1 && found[0]) return found[0];
  throw new UsageError(
    found.length === 0
      ? "the project's package.json depends on neither vitest nor jest: say which with --runner"
      : "the project depends on both vitest and jest: say which with --runner",
  );
}

function initVitest(dir: string): Outcome {
  const file = configFile(dir, "vitest.config") ?? configFile(dir, "vite.config");
  if (!file) {
    const name = existsSync(join(dir, "tsconfig.json")) ? "vitest.config.ts" : "vitest.config.mjs";
    writeFileSync(
      join(dir, name),
      `import { defineConfig } from "vitest/config";\n\nexport default defineConfig({\n  test: { setupFiles: ["agent-testkit/vitest"] },\n});\n`,
    );
    return { kind: "created", file: name };
  }
  return editConfig(dir, file, "vitest");
}

function initJest(dir: string): Outcome {
  const file = configFile(dir, "jest.config");
  if (file) return editConfig(dir, file, "jest");
  if (existsSync(join(dir, "jest.config.json"))) return editJson(dir, "jest.config.json", (config) => config);
  const pkg = readPackage(dir);
  if (pkg && typeof pkg.jest === "object" && pkg.jest !== null) return editJson(dir, "package.json", (p) => p.jest);
  writeFileSync(join(dir, "jest.config.cjs"), `module.exports = { setupFilesAfterEnv: ["agent-testkit/jest"] };\n`);
  return { kind: "created", file: "jest.config.cjs" };
}

/**
 * Adds the entry to a config file, found in its syntax tree (configEdit.ts): into its
 * `setupFiles`/`setupFilesAfterEnv` array when it has one, else into the object the runner reads.
 * Anything else is left for the user.
 */
function editConfig(dir: string, file: string, runner: Runner): Outcome {
  const path = join(dir, file);
  const result = addSetupEntry(readFileSync(path, "utf8"), file, {
    entry: ENTRY[runner],
    key: KEY[runner],
    ...(runner === "vitest" ? { section: "test" } : {}),
  });
  if (result.kind === "present") return { kind: "present", file };
  if (result.kind === "unedited") return { kind: "unedited", file, why: result.why };
  writeFileSync(path, result.text);
  return { kind: "added", file };
}

/** Adds the entry to a JSON config (`jest.config.json`, or package.json's `jest`). */
function editJson(dir: string, file: string, select: (json: Record<string, unknown>) => unknown): Outcome {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return { kind: "unedited", file, why: `it is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const config = select(json);
  if (config === null || typeof config !== "object" || Array.isArray(config))
    return { kind: "unedited", file, why: "its Jest config is not an object" };
  const target = config as Record<string, unknown>;
  const current = target.setupFilesAfterEnv;
  if (Array.isArray(current) && current.includes(ENTRY.jest)) return { kind: "present", file };
  if (current !== undefined && !Array.isArray(current))
    return { kind: "unedited", file, why: "its setupFilesAfterEnv is not an array" };
  target.setupFilesAfterEnv = [...(current ?? []), ENTRY.jest];
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  writeFileSync(path, `${JSON.stringify(json, null, indent)}\n`);
  return { kind: "added", file };
}

function configFile(dir: string, base: string): string | undefined {
  return EXTENSIONS.map((ext) => `${base}.${ext}`).find((name) => existsSync(join(dir, name)));
}

function readPackage(dir: string): Record<string, unknown> | undefined {
  try {
    return asRecord(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")));
  } catch {
    return undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
