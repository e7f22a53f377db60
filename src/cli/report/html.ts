import { largest } from "../../internal/arrays.js";
import { oneLine } from "../../internal/render.js";
import { VERSION } from "../../version.js";
import type { CheckReport } from "../check/report.js";
import type { DiffReport, LocatedChange } from "../diff/report.js";
import { escapeMarkup as esc } from "./markup.js";
import { LINE_OUTCOMES, type LineOutcome, OUTCOME_DESCRIPTIONS } from "./outcomes.js";

/** The longest schema fragment shown in a diff report, in characters. */
const MAX_FRAGMENT_CHARS = 4000;

/** The check as one self-contained HTML page: totals, a bar chart of outcomes, failures by tool and by reason. */
export function checkHtml(report: CheckReport): string {
  const failing = (outcome: LineOutcome) => report.failOn.includes(outcome);
  const shown = LINE_OUTCOMES.filter((outcome) => report.counts[outcome] > 0);
  const totals = [
    metric("lines", "lines", report.lines),
    metric("items", "items", report.items),
    metric("failed", "failed", report.failed, report.failed > 0 ? "bad" : "good"),
    metric("ok", "replayable", report.counts.ok, "good"),
    ...(report.blank > 0 ? [metric("blank", "blank lines", report.blank)] : []),
  ];
  const reasonsInTools = LINE_OUTCOMES.filter((outcome) =>
    report.tools.some((tool) => (tool.counts[outcome] ?? 0) > 0),
  );
  const toolRows = report.tools.map(
    (tool) =>
      `<tr data-tool="${esc(tool.name)}"><th scope="row">${esc(tool.name)}</th><td data-count="items">${tool.items}</td><td data-count="failed" class="${tool.failed > 0 ? "bad" : ""}">${tool.failed}</td>${reasonsInTools
        .map((outcome) => `<td data-count="${outcome}">${tool.counts[outcome] ?? 0}</td>`)
        .join("")}</tr>`,
  );
  const byReason = LINE_OUTCOMES.filter((outcome) => failing(outcome) && report.counts[outcome] > 0).map((outcome) => {
    const listed = report.failures.filter((failure) => failure.reason === outcome);
    const items = listed.map(
      (f) =>
        `<li data-line="${f.line}"><span class="where">${esc(oneLine(f.file ?? report.file, 200))}:${f.line}${f.index === undefined ? "" : ` [output ${f.index}]`}</span>${f.tool === undefined ? "" : ` <span class="tool">${esc(f.tool)}</span>`}<code>${esc(oneLine(f.message, 2000))}</code></li>`,
    );
    const more = report.counts[outcome] - listed.length;
    return `<section class="reason" data-reason="${outcome}"><h3>${outcome} <span class="count">${report.counts[outcome]}</span></h3><p>${esc(OUTCOME_DESCRIPTIONS[outcome])}</p>${items.length > 0 ? `<ol>${items.join("")}</ol>` : ""}${more > 0 ? `<p class="more">${listed.length > 0 ? `… and ${more} more` : `${more}`}, not listed (raise <code>--max-failures</code>).</p>` : ""}</section>`;
  });
  const unlisted = report.failed - report.failures.length;
  const verdictText = report.ok
    ? "every counted item may be replayed"
    : report.failed === 0
      ? "the prompt-cache prefix is broken"
      : `${report.failed} item${report.failed === 1 ? "" : "s"} may not be replayed`;
  const verdictLine =
    !report.ok && report.failed === 0 && (report.drift?.drifted ?? 0) > 0 && (report.cache?.broken ?? 0) === 0
      ? "recorded answers have drifted"
      : verdictText;
  const body = `
<header><h1>agent-testkit check <span class="file">${esc(oneLine(report.file, 500))}</span></h1>${verdict(report.ok, verdictLine)}</header>
<section class="totals">${totals.join("")}</section>
<section><h2>Outcomes</h2>${barChart(shown.map((outcome) => ({ label: outcome, value: report.counts[outcome], tone: outcome === "ok" ? "good" : failing(outcome) ? "bad" : "warn" })))}
<p class="legend"><span class="swatch good"></span>replayable <span class="swatch bad"></span>fails the run${shown.some((o) => o !== "ok" && !failing(o)) ? ` <span class="swatch warn"></span>not replayable, not counted (<code>--fail-on ${esc(report.failOn.join(",") || "nothing")}</code>)` : ""}</p></section>
<section><h2>By tool</h2>${toolRows.length === 0 ? "<p>No items.</p>" : `<table class="tools"><thead><tr><th scope="col">tool</th><th scope="col">items</th><th scope="col">failed</th>${reasonsInTools.map((o) => `<th scope="col">${o}</th>`).join("")}</tr></thead><tbody>${toolRows.join("")}</tbody></table>`}</section>
<section><h2>Failures by reason</h2>${byReason.length === 0 ? "<p>None.</p>" : byReason.join("")}${unlisted > 0 ? `<p class="more">${report.failures.length} of ${report.failed} failures are listed.</p>` : ""}</section>${cacheSection(report)}${driftSection(report)}`;
  return page(`agent-testkit check: ${oneLine(report.file, 200)}`, body);
}

/** A drift report's section: each drifted recording at its cassette line. */
function driftSection(report: CheckReport): string {
  const drift = report.drift;
  if (!drift) return "";
  const items = drift.entries.map(
    (d) =>
      `<li data-line="${d.line}"><span class="where">${esc(oneLine(d.file, 200))}:${d.line}</span><code>${esc(oneLine(d.message, 4000))}</code></li>`,
  );
  const more = drift.drifted - drift.entries.length;
  return `
<section class="cache" data-reason="cassette_drift"><h2>Cassette drift <span class="count">${drift.drifted}</span></h2><p>These recorded answers have another shape from the provider now (field paths and types, item and event types, statuses).</p>${items.length > 0 ? `<ol>${items.join("")}</ol>` : ""}${more > 0 ? `<p class="more">… and ${more} more, not listed (raise <code>--max-failures</code>).</p>` : ""}</section>`;
}

/** The `--cache-prefix` section: the requests read and each break, at its line. */
function cacheSection(report: CheckReport): string {
  const cache = report.cache;
  if (!cache) return "";
  const items = cache.breaks.map(
    (b) =>
      `<li data-line="${b.line}"><span class="where">${esc(oneLine(b.file ?? report.file, 200))}:${b.line}</span><code>${esc(oneLine(b.message, 2000))}</code></li>`,
  );
  const more = cache.broken - cache.breaks.length;
  return `
<section class="cache" data-reason="prompt_cache_prefix"><h2>Prompt cache <span class="count">${cache.broken}</span></h2><p>${cache.requests} request${cache.requests === 1 ? "" : "s"} read; ${cache.broken === 0 ? "each extends the prompt of the one before it in its conversation" : "these break the prompt of the one before them, losing the provider's cache from there on"}.</p>${items.length > 0 ? `<ol>${items.join("")}</ol>` : ""}${more > 0 ? `<p class="more">… and ${more} more, not listed (raise <code>--max-failures</code>).</p>` : ""}</section>`;
}

/** The diff as one self-contained HTML page: totals, then each change with the old and new schema side by side. */
export function diffHtml(report: DiffReport): string {
  const breaking = report.changes.filter((change) => change.kind === "breaking");
  const compatible = report.changes.filter((change) => change.kind === "compatible");
  const totals = [
    metric("breaking", "breaking", report.breaking, report.breaking > 0 ? "bad" : "good"),
    metric("compatible", "compatible", report.compatible),
    metric("tools", "tools", report.tools.length),
  ];
  const body = `
<header><h1>agent-testkit diff <span class="file">${esc(oneLine(report.old, 300))} → ${esc(oneLine(report.new, 300))}</span></h1>${verdict(report.ok, report.ok ? "no breaking change" : "the new tools break calls the old ones accepted")}</header>
<section class="totals">${totals.join("")}</section>
<section><h2>Breaking changes</h2>${breaking.length === 0 ? "<p>None.</p>" : breaking.map((change) => changeCard(change, report)).join("")}</section>
<section><h2>Compatible changes</h2>${compatible.length === 0 ? "<p>None.</p>" : compatible.map((change) => changeCard(change, report)).join("")}</section>`;
  return page(`agent-testkit diff: ${oneLine(report.new, 200)}`, body);
}

function changeCard(change: LocatedChange, report: DiffReport): string {
  const where = `${esc(oneLine(change.file, 300))}${change.line === undefined ? "" : `:${change.line}`}`;
  return `<article class="change ${change.kind}" data-rule="${esc(change.rule)}" data-tool="${esc(change.tool)}" data-kind="${change.kind}">
<h3><span class="tool">${esc(change.tool)}</span><code>${esc(change.path || "/")}</code> <span class="rule">${esc(change.rule)}</span></h3>
<p>${esc(oneLine(change.message, 2000))} <span class="where">${where}</span></p>
<div class="sides"><figure><figcaption>${esc(oneLine(report.old, 200))}</figcaption>${fragment(change, "before")}</figure><figure><figcaption>${esc(oneLine(report.new, 200))}</figcaption>${fragment(change, "after")}</figure></div>
</article>`;
}

function fragment(change: LocatedChange, side: "before" | "after"): string {
  if (!(side in change)) return `<pre class="absent" data-side="${side}">(absent)</pre>`;
  const text = JSON.stringify(change[side], null, 2) ?? "undefined";
  const shown =
    text.length > MAX_FRAGMENT_CHARS
      ? `${text.slice(0, MAX_FRAGMENT_CHARS)}\n… (${text.length - MAX_FRAGMENT_CHARS} more characters)`
      : text;
  return `<pre data-side="${side}">${esc(shown)}</pre>`;
}

function metric(key: string, label: string, value: number, tone = ""): string {
  return `<div class="metric ${tone}" data-metric="${key}"><span class="value">${value.toLocaleString("en-US")}</span><span class="label">${label}</span></div>`;
}

function verdict(ok: boolean, text: string): string {
  return `<p class="verdict ${ok ? "good" : "bad"}" data-verdict="${ok ? "ok" : "failed"}"><strong>${ok ? "OK" : "FAILED"}</strong> ${esc(text)}</p>`;
}

/** A horizontal bar chart in inline SVG: one bar per entry, a non-zero count always visible. */
function barChart(bars: { label: string; value: number; tone: string }[]): string {
  if (bars.length === 0) return "<p>No items.</p>";
  const [labelWidth, barWidth, row] = [170, 420, 28];
  const max = largest(bars.map((bar) => bar.value));
  const rows = bars.map((bar, i) => {
    const width = Math.max(3, Math.round((bar.value / max) * barWidth));
    const y = i * row;
    return `<g class="bar ${bar.tone}" data-reason="${esc(bar.label)}" data-count="${bar.value}"><text x="${labelWidth - 8}" y="${y + 18}" text-anchor="end">${esc(bar.label)}</text><rect x="${labelWidth}" y="${y + 5}" width="${width}" height="18" rx="3"/><text class="n" x="${labelWidth + width + 6}" y="${y + 18}">${bar.value.toLocaleString("en-US")}</text></g>`;
  });
  const height = bars.length * row + 4;
  return `<svg class="chart" role="img" aria-label="items per outcome" viewBox="0 0 ${labelWidth + barWidth + 90} ${height}" width="${labelWidth + barWidth + 90}" height="${height}">${rows.join("")}</svg>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="agent-testkit ${VERSION}">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>${body}
<footer>agent-testkit ${VERSION}</footer>
</body>
</html>
`;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --card: #f6f8fa; --line: #d1d9e0; --good: #1a7f37; --bad: #cf222e; --warn: #9a6700; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --card: #151b23; --line: #3d444d; --good: #3fb950; --bad: #f85149; --warn: #d29922; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 4px; } h1 .file { color: var(--muted); font-weight: 400; word-break: break-all; }
h2 { font-size: 17px; border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 32px; }
h3 { font-size: 15px; margin: 0 0 4px; }
code, pre { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.verdict strong { display: inline-block; padding: 1px 10px; border-radius: 12px; color: #fff; margin-right: 6px; }
.verdict.good strong { background: var(--good); } .verdict.bad strong { background: var(--bad); }
.totals { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 16px; }
.metric { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 16px; min-width: 120px; }
.metric .value { display: block; font-size: 24px; font-weight: 600; } .metric .label { color: var(--muted); }
.metric.bad .value { color: var(--bad); } .metric.good .value { color: var(--good); }
.chart text { fill: var(--fg); font-size: 13px; } .chart text.n { fill: var(--muted); }
.bar.good rect { fill: var(--good); } .bar.bad rect { fill: var(--bad); } .bar.warn rect { fill: var(--warn); }
.legend { color: var(--muted); } .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 4px 0 12px; }
.swatch.good { background: var(--good); } .swatch.bad { background: var(--bad); } .swatch.warn { background: var(--warn); }
table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: right; }
th[scope="row"], thead th:first-child { text-align: left; word-break: break-all; } td.bad { color: var(--bad); font-weight: 600; }
.reason { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.reason .count { color: var(--bad); } .reason p { margin: 0 0 8px; color: var(--muted); }
.reason ol { margin: 0; padding-left: 20px; } .reason li { margin: 4px 0; }
.reason li code { display: block; white-space: pre-wrap; word-break: break-word; }
.where { color: var(--muted); font-family: ui-monospace, monospace; } .tool { font-weight: 600; margin-right: 6px; }
.more { color: var(--muted); font-style: italic; }
.change { border: 1px solid var(--line); border-left: 4px solid var(--warn); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.change.breaking { border-left-color: var(--bad); } .change.compatible { border-left-color: var(--good); }
.change .rule { font-weight: 400; font-size: 12px; padding: 1px 8px; border-radius: 10px; background: var(--card); border: 1px solid var(--line); }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; } figure { margin: 0; min-width: 0; }
figcaption { color: var(--muted); font-size: 12px; }
pre { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow: auto; max-height: 360px; margin: 4px 0 0; }
pre.absent { color: var(--muted); font-style: italic; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;
