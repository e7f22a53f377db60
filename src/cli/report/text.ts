import { largest } from "../../internal/arrays.js";
import { oneLine } from "../../internal/render.js";
import type { CheckReport } from "../check/report.js";
import type { DiffReport } from "../diff/report.js";
import { LINE_OUTCOMES } from "./outcomes.js";

/** `1 item`, `2 items`. */
function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The check report as a table, the first failures and a summary line. */
export function checkText(report: CheckReport): string {
  const width = largest(LINE_OUTCOMES.map((r) => r.length));
  const rows = LINE_OUTCOMES.filter((r) => report.counts[r] > 0 || r === "ok").map(
    (r) => `  ${r.padEnd(width)}  ${String(report.counts[r]).padStart(9)}`,
  );
  const out = [
    `${oneLine(report.file, 500)}: ${counted(report.lines, "line")}, ${counted(report.items, "item")}${report.blank ? `, ${report.blank} blank` : ""}${report.skipped ? `, ${report.skipped} without a call` : ""}`,
    "",
    `  ${"reason".padEnd(width)}  ${"count".padStart(9)}`,
    ...rows,
  ];
  if (report.failures.length > 0) {
    out.push("", `First failures (${report.failures.length} of ${report.failed}):`);
    for (const f of report.failures)
      out.push(
        `  ${oneLine(f.file ?? report.file, 500)}:${f.line}${f.index === undefined ? "" : ` [output ${f.index}]`}  ${oneLine(f.message, 2000)}`,
      );
  }
  if (report.cache) out.push("", ...cacheLines(report));
  if (report.drift) out.push("", ...driftLines(report.drift));
  if (report.recorded.length > 0)
    out.push(
      "",
      "Recorded:",
      ...report.recorded.map((r) => `  ${oneLine(r.file ?? report.file, 500)}: ${oneLine(r.text, 2000)}`),
    );
  out.push("", summaryLine(report));
  return out.join("\n");
}

/** The `--cache-prefix` section: how many requests were read, and the breaks listed. */
function cacheLines(report: CheckReport): string[] {
  const cache = report.cache;
  if (!cache) return [];
  const breaks = cache.broken === 1 ? "1 break" : `${cache.broken} breaks`;
  const lines = [`Prompt cache: ${cache.requests} request${cache.requests === 1 ? "" : "s"} read, ${breaks}`];
  for (const b of cache.breaks)
    lines.push(`  ${oneLine(b.file ?? report.file, 500)}:${b.line}  ${oneLine(b.message, 2000)}`);
  if (cache.broken > cache.breaks.length)
    lines.push(`  … and ${cache.broken - cache.breaks.length} more (raise --max-failures to list them)`);
  return lines;
}

/** A drift report's section: the recordings whose answers changed shape, each at its cassette line. */
function driftLines(drift: NonNullable<CheckReport["drift"]>): string[] {
  const lines = [
    `Drift: ${drift.drifted} recording${drift.drifted === 1 ? " answers" : "s answer"} in another shape now`,
  ];
  for (const d of drift.entries) lines.push(`  ${oneLine(d.file, 500)}:${d.line}  ${oneLine(d.message, 4000)}`);
  if (drift.drifted > drift.entries.length)
    lines.push(`  … and ${drift.drifted - drift.entries.length} more (raise --max-failures to list them)`);
  return lines;
}

/** The last line: what passed, what failed, and what was not replayable but not counted as failing. */
function summaryLine(report: CheckReport): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const uncounted = LINE_OUTCOMES.filter(
    (outcome) => outcome !== "ok" && report.counts[outcome] > 0 && !report.failOn.includes(outcome),
  );
  const uncountedTotal = uncounted.reduce((sum, outcome) => sum + report.counts[outcome], 0);
  const scope =
    report.failOn.length === LINE_OUTCOMES.length - 1 ? "" : ` (--fail-on ${report.failOn.join(",") || "nothing"})`;
  const notCounted =
    uncountedTotal === 0
      ? ""
      : `; ${plural(uncountedTotal, "item")} may not be replayed but ${uncountedTotal === 1 ? "was" : "were"} not counted as failing: ${uncounted.map((o) => `${report.counts[o]} ${o}`).join(", ")}`;
  const broken = report.cache?.broken ?? 0;
  const cache =
    broken === 0 ? "" : `${plural(broken, "request")} ${broken === 1 ? "breaks" : "break"} the prompt-cache prefix`;
  const drifted = report.drift?.drifted ?? 0;
  const drift = drifted === 0 ? "" : `${plural(drifted, "recording")} drifted from the provider's answers`;
  const others = [cache, drift].filter((part) => part !== "").join("; ");
  if (!report.ok && report.failed === 0) return `FAILED: ${others}`;
  if (!report.ok)
    return `FAILED: ${plural(report.failed, "item")} may not be replayed${scope}${notCounted}${others ? `; ${others}` : ""}`;
  if (report.lines - report.blank === 0) return "OK: the log holds no lines: nothing was checked";
  if (uncountedTotal === 0) return "OK: every line may be replayed";
  return `OK: no item failed${scope}${notCounted}`;
}

/** The diff report: breaking changes, compatible ones, and a verdict. */
export function diffText(report: DiffReport): string {
  const { old: oldPath, new: newPath, changes } = report;
  const breaking = changes.filter((c) => c.kind === "breaking");
  const compatible = changes.filter((c) => c.kind === "compatible");
  const lines = [
    `${oneLine(oldPath, 500)} → ${oneLine(newPath, 500)}: ${breaking.length} breaking, ${compatible.length} compatible`,
  ];
  const section = (title: string, list: DiffReport["changes"]) => {
    if (list.length === 0) return;
    lines.push("", `${title}:`);
    for (const c of list)
      lines.push(`  ${oneLine(`${c.tool}${c.path}`, 500)}  [${c.rule}]  ${oneLine(c.message, 2000)}`);
  };
  section("Breaking", breaking);
  section("Compatible", compatible);
  lines.push(
    "",
    breaking.length > 0 ? "FAILED: the new tools break calls the old ones accepted" : "OK: no breaking change",
  );
  return lines.join("\n");
}
