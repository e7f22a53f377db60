import { oneLine } from "../../internal/render.js";
import type { CheckFailure, CheckReport } from "../check/report.js";
import type { DiffReport } from "../diff/report.js";
import { escapeOldSyntax, withoutCommands } from "./logSafe.js";
import { checkText, diffText } from "./text.js";

/** Annotations written for a diff, at most (GitHub shows the first few per step anyway). */
export const MAX_DIFF_ANNOTATIONS = 50;

/**
 * The check as GitHub Actions workflow commands: an `::error` annotation on each listed failing
 * line (as many as `--max-failures`), one more with the count of the rest, then the text report
 * for whoever reads the log, with command processing stopped around it.
 */
export function checkGithub(report: CheckReport): string {
  const file = report.file === "<stdin>" ? undefined : report.file;
  const lines = report.failures.map((failure) =>
    command("error", { file: failure.file ?? file, line: failure.line, title: failureTitle(failure) }, failure.message),
  );
  for (const b of report.cache?.breaks ?? [])
    lines.push(
      command("error", { file: b.file ?? file, line: b.line, title: `prompt cache prefix (${b.path})` }, b.message),
    );
  for (const d of report.drift?.entries ?? [])
    lines.push(command("error", { file: d.file, line: d.line, title: `cassette drift (${d.request})` }, d.message));
  const rest = report.failed - report.failures.length;
  if (rest > 0) {
    lines.push(
      command(
        "error",
        { file, title: "agent-testkit check" },
        `${rest} more failing item${rest === 1 ? " is" : "s are"} not annotated: raise --max-failures (now ${report.failures.length}) to list them`,
      ),
    );
  }
  return [...lines, withoutCommands(checkText(report))].join("\n");
}

/**
 * The diff as workflow commands: an `::error` on the new tools file for each breaking change, at its line when found.
 */
export function diffGithub(report: DiffReport): string {
  const breaking = report.changes.filter((change) => change.kind === "breaking");
  const lines = breaking
    .slice(0, MAX_DIFF_ANNOTATIONS)
    .map((change) =>
      command(
        "error",
        { file: change.file, line: change.line, title: `breaking change: ${change.rule} (${change.tool})` },
        `${change.tool}${change.path}: ${change.message}`,
      ),
    );
  const rest = breaking.length - MAX_DIFF_ANNOTATIONS;
  if (rest > 0)
    lines.push(
      command(
        "error",
        { file: report.new, title: "agent-testkit diff" },
        `${rest} more breaking changes are not annotated: see the report below`,
      ),
    );
  return [...lines, withoutCommands(diffText(report))].join("\n");
}

function failureTitle(failure: CheckFailure): string {
  const where = [failure.tool, failure.index === undefined ? undefined : `output ${failure.index}`]
    .filter(Boolean)
    .join(", ");
  return where ? `${failure.reason} (${where})` : failure.reason;
}

/**
 * One workflow command, escaped as the runner reads it: properties more strictly than the
 * message, and the older `##[` syntax shown escaped in both, whichever syntax the runner tries first.
 */
export function command(
  name: "error" | "warning" | "notice",
  properties: Record<string, string | number | undefined>,
  message: string,
): string {
  const props = Object.entries(properties)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(escapeOldSyntax(oneLine(String(value), 500)))}`)
    .join(",");
  return `::${name}${props ? ` ${props}` : ""}::${escapeData(escapeOldSyntax(oneLine(message, 4000)))}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
