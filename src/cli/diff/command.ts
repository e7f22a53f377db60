import { parseArgs, UsageError } from "../args.js";
import type { Io } from "../io.js";
import { FORMAT_FLAGS, formatOf, writeHtmlReport } from "../report/format.js";
import { diffGithub } from "../report/github.js";
import { diffHtml } from "../report/html.js";
import { diffJunit } from "../report/junit.js";
import { logSafe } from "../report/logSafe.js";
import { diffSarif } from "../report/sarif.js";
import { diffText } from "../report/text.js";
import { readToolsSource } from "../toolsFile.js";
import { type DiffReport, diffReport } from "./report.js";

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
