import { compareTools, type ToolChange } from "../contract.js";
import { ToolSchemaError } from "../schema.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./check.js";
import { readToolsFile } from "./toolsFile.js";

export const DIFF_USAGE = `Usage: agent-testkit diff <old-tools.json> <new-tools.json> [--json]

Compares two versions of a tool set: a change is breaking when arguments that the old schemas
accepted may be rejected by the new ones.

Options:
  --json       print the changes as JSON on stdout
  -h, --help   this help

Exit: 0 when nothing is breaking, 1 on any breaking change, 2 on usage errors.`;

export async function runDiff(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, [], ["json", "help"]);
  if (args.flags.has("help")) {
    io.stdout.write(`${DIFF_USAGE}\n`);
    return 0;
  }
  if (args.positionals.length !== 2) throw new UsageError("diff takes two tools files: the old one, then the new one");
  const [oldPath, newPath] = args.positionals as [string, string];
  const [before, after] = [await readToolsFile(oldPath), await readToolsFile(newPath)];
  let changes: ToolChange[];
  try {
    changes = compareTools(before, after);
  } catch (error) {
    if (error instanceof ToolSchemaError) throw new UsageError(error.message);
    throw error;
  }
  const breaking = changes.filter((c) => c.kind === "breaking").length;
  if (args.flags.has("json")) {
    io.stdout.write(`${JSON.stringify({ old: oldPath, new: newPath, breaking, compatible: changes.length - breaking, changes }, null, 2)}\n`);
  } else {
    io.stdout.write(`${formatDiff(oldPath, newPath, changes)}\n`);
  }
  return breaking > 0 ? 1 : 0;
}

export function formatDiff(oldPath: string, newPath: string, changes: ToolChange[]): string {
  const breaking = changes.filter((c) => c.kind === "breaking");
  const compatible = changes.filter((c) => c.kind === "compatible");
  const lines = [`${oldPath} → ${newPath}: ${breaking.length} breaking, ${compatible.length} compatible`];
  const section = (title: string, list: ToolChange[]) => {
    if (list.length === 0) return;
    lines.push("", `${title}:`);
    for (const c of list) lines.push(`  ${`${c.tool}${c.path}`}  [${c.rule}]  ${c.message}`);
  };
  section("Breaking", breaking);
  section("Compatible", compatible);
  lines.push("", breaking.length > 0 ? "FAILED: the new tools break calls the old ones accepted" : "OK: no breaking change");
  return lines.join("\n");
}
