import { compareTools, type ToolChange } from "../contract.js";
import { ToolSchemaError } from "../schema.js";
import { resolveTools } from "../tools.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./check.js";
import { FORMAT_FLAGS, formatOf, writeHtmlReport } from "./report/format.js";
import { diffGithub } from "./report/github.js";
import { diffHtml } from "./report/html.js";
import { diffJunit } from "./report/junit.js";
import { toolLocator } from "./report/locate.js";
import { logSafe } from "./report/logSafe.js";
import { diffSarif } from "./report/sarif.js";
import { diffText } from "./report/text.js";
import { readToolsSource, type ToolsSource } from "./toolsFile.js";

export const DIFF_USAGE = `Usage: agent-testkit diff <old-tools.json> <new-tools.json> [--format <format>] [--html <file>]

Compares two versions of a tool set: a change is breaking when arguments that the old schemas
accepted may be rejected by the new ones.

Options:
  --format <format>   text (default), json, github (workflow annotations on the new tools file),
                      junit (a test case per tool) or sarif (SARIF 2.1.0, a rule per contract rule)
  --json              the same as --format json
  --html <file>       also write a self-contained HTML report to <file>
  -h, --help          this help

Exit: 0 when nothing is breaking, 1 on any breaking change, 2 on usage errors.`;

/** A change of `compareTools`, placed in the tools files. */
export interface LocatedChange extends ToolChange {
  /** The new tools file (annotations point at it). */
  file: string;
  /** The line of the changed schema node in the new file, or of its nearest ancestor there. */
  line?: number;
  /** The schema fragment at the path, before and after (absent when the path is not there). */
  before?: unknown;
  after?: unknown;
}

export interface DiffReport {
  old: string;
  new: string;
  breaking: number;
  compatible: number;
  /** Every tool name in either file. */
  tools: string[];
  changes: LocatedChange[];
  ok: boolean;
}

const RENDER = {
  text: diffText,
  json: (report: DiffReport) => JSON.stringify(report, null, 2),
  github: diffGithub,
  junit: diffJunit,
  sarif: diffSarif,
};

export async function runDiff(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, FORMAT_FLAGS.valued, [...FORMAT_FLAGS.switches, "help"]);
  if (args.flags.has("help")) {
    io.stdout.write(`${DIFF_USAGE}\n`);
    return 0;
  }
  const format = formatOf(args.flags);
  if (args.positionals.length !== 2) throw new UsageError("diff takes two tools files: the old one, then the new one");
  const [oldPath, newPath] = args.positionals as [string, string];
  const [before, after] = [await readToolsSource(oldPath), await readToolsSource(newPath)];
  const report = diffReport(before, after);
  io.stdout.write(`${logSafe(format, RENDER[format](report))}\n`);
  await writeHtmlReport(args.flags.get("html"), () => diffHtml(report));
  return report.ok ? 0 : 1;
}

/** Compares two tools files and places each change in them. */
export function diffReport(before: ToolsSource, after: ToolsSource): DiffReport {
  let changes: ToolChange[];
  try {
    changes = compareTools(before.spec, after.spec);
  } catch (error) {
    if (error instanceof ToolSchemaError) throw new UsageError(error.message);
    throw error;
  }
  const inOld = toolLocator(before);
  const inNew = toolLocator(after);
  const located = changes.map((change): LocatedChange => {
    const old = inOld(change.tool, change.path);
    const next = inNew(change.tool, change.path);
    return {
      ...change,
      file: after.path,
      ...(next.line === undefined ? {} : { line: next.line }),
      ...("fragment" in old ? { before: old.fragment } : {}),
      ...("fragment" in next ? { after: next.fragment } : {}),
    };
  });
  const breaking = located.filter((c) => c.kind === "breaking").length;
  return {
    old: before.path,
    new: after.path,
    breaking,
    compatible: located.length - breaking,
    tools: [...new Set([...toolNames(before), ...toolNames(after)])].sort(),
    changes: located,
    ok: breaking === 0,
  };
}

function toolNames(source: ToolsSource): string[] {
  const resolved = resolveTools(source.spec);
  return resolved.kind === "schema" ? ["(schema)"] : [...resolved.tools.keys()];
}
