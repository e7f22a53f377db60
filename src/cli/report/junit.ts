import { oneLine } from "../../internal/render.js";
import type { CheckReport } from "../check/report.js";
import type { DiffReport, LocatedChange } from "../diff/report.js";
import { escapeMarkup, escapeText } from "./markup.js";
import { FAILING_OUTCOMES, OUTCOME_DESCRIPTIONS } from "./outcomes.js";

interface TestCase {
  name: string;
  classname: string;
  file?: string;
  failure?: { message: string; type: string; body: string };
  skipped?: string;
  systemOut?: string;
}

/**
 * The check as a JUnit XML report: one test case per gate reason (and per line outcome), failing
 * with the listed failures of that reason when it failed the run, skipped when items had it but
 * `--fail-on` did not count it.
 */
export function checkJunit(report: CheckReport): string {
  const cases = FAILING_OUTCOMES.map((reason): TestCase => {
    const count = report.counts[reason];
    const base = {
      name: reason,
      classname: "agent-testkit.check",
      ...(report.file === "<stdin>" ? {} : { file: report.file }),
    };
    if (count === 0) return base;
    if (!report.failOn.includes(reason))
      return { ...base, skipped: `${count} ${items(count)}: ${reason}, not counted as failing (--fail-on)` };
    const listed = report.failures.filter((failure) => failure.reason === reason);
    const body = listed.map(
      (f) =>
        `${oneLine(f.file ?? report.file, 500)}:${f.line}${f.index === undefined ? "" : ` [output ${f.index}]`}  ${oneLine(f.message, 2000)}`,
    );
    if (count > listed.length)
      body.push(
        listed.length === 0
          ? `${count} not listed (raise --max-failures to list them)`
          : `… and ${count - listed.length} more (raise --max-failures to list them)`,
      );
    return {
      ...base,
      failure: {
        message: `${count} ${items(count)} may not be replayed: ${OUTCOME_DESCRIPTIONS[reason]}`,
        type: reason,
        body: body.join("\n"),
      },
    };
  });
  if (report.cache) cases.push(cacheCase(report, report.cache));
  if (report.drift) cases.push(driftCase(report, report.drift));
  return junitDocument(`agent-testkit check ${report.file}`, cases, {
    lines: report.lines,
    items: report.items,
    failed: report.failed,
    "fail-on": report.failOn.join(","),
  });
}

/** A drift report's test case: failing with each drifted recording, at its cassette line. */
function driftCase(report: CheckReport, drift: NonNullable<CheckReport["drift"]>): TestCase {
  const base = {
    name: "cassette_drift",
    classname: "agent-testkit.check",
    ...(report.file === "<stdin>" ? {} : { file: report.file }),
  };
  if (drift.drifted === 0) return base;
  const body = drift.entries.map((d) => `${oneLine(d.file, 500)}:${d.line}  ${oneLine(d.message, 4000)}`);
  if (drift.drifted > drift.entries.length)
    body.push(`… and ${drift.drifted - drift.entries.length} more (raise --max-failures to list them)`);
  return {
    ...base,
    failure: {
      message: `${drift.drifted} recorded answer${drift.drifted === 1 ? " has" : "s have"} another shape from the provider now`,
      type: "cassette_drift",
      body: body.join("\n"),
    },
  };
}

/** The `--cache-prefix` test case: failing with the listed breaks when a request broke the prefix. */
function cacheCase(report: CheckReport, cache: NonNullable<CheckReport["cache"]>): TestCase {
  const base = {
    name: "prompt_cache_prefix",
    classname: "agent-testkit.check",
    ...(report.file === "<stdin>" ? {} : { file: report.file }),
  };
  if (cache.broken === 0) return base;
  const body = cache.breaks.map((b) => `${oneLine(b.file ?? report.file, 500)}:${b.line}  ${oneLine(b.message, 2000)}`);
  if (cache.broken > cache.breaks.length)
    body.push(`… and ${cache.broken - cache.breaks.length} more (raise --max-failures to list them)`);
  return {
    ...base,
    failure: {
      message: `${cache.broken} of ${cache.requests} requests break the prompt-cache prefix of the one before them`,
      type: "prompt_cache_prefix",
      body: body.join("\n"),
    },
  };
}

/** The diff as a JUnit XML report: one test case per tool, failing with its breaking changes. */
export function diffJunit(report: DiffReport): string {
  const byTool = new Map<string, LocatedChange[]>(report.tools.map((tool) => [tool, []]));
  for (const change of report.changes) byTool.set(change.tool, [...(byTool.get(change.tool) ?? []), change]);
  const describe = (change: LocatedChange) =>
    `${oneLine(`${change.tool}${change.path}`, 500)}  [${change.rule}]  ${oneLine(change.message, 2000)}`;
  const cases = [...byTool].map(([tool, changes]): TestCase => {
    const breaking = changes.filter((change) => change.kind === "breaking");
    const compatible = changes.filter((change) => change.kind === "compatible");
    return {
      name: tool,
      classname: "agent-testkit.diff",
      file: report.new,
      ...(breaking.length > 0
        ? {
            failure: {
              message: `${breaking.length} breaking change${breaking.length === 1 ? "" : "s"}: ${breaking.map((c) => c.rule).join(", ")}`,
              type: "breaking_change",
              body: breaking.map(describe).join("\n"),
            },
          }
        : {}),
      ...(compatible.length > 0 ? { systemOut: compatible.map(describe).join("\n") } : {}),
    };
  });
  return junitDocument(`agent-testkit diff ${report.old} → ${report.new}`, cases, {
    breaking: report.breaking,
    compatible: report.compatible,
  });
}

function items(count: number): string {
  return count === 1 ? "item" : "items";
}

function junitDocument(suite: string, cases: TestCase[], properties: Record<string, string | number>): string {
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const counts = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const attr = (value: string) => escapeMarkup(oneLine(value, 1000));
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="agent-testkit" ${counts} time="0">`,
    `  <testsuite name="${attr(suite)}" ${counts} time="0">`,
    "    <properties>",
    ...Object.entries(properties).map(
      ([name, value]) => `      <property name="${attr(name)}" value="${attr(String(value))}"/>`,
    ),
    "    </properties>",
  ];
  for (const c of cases) {
    const open = `    <testcase name="${attr(c.name)}" classname="${c.classname}"${c.file === undefined ? "" : ` file="${attr(c.file)}"`} time="0"`;
    const children = [
      ...(c.failure
        ? [
            `      <failure message="${attr(c.failure.message)}" type="${attr(c.failure.type)}">${escapeText(c.failure.body)}</failure>`,
          ]
        : []),
      ...(c.skipped !== undefined ? [`      <skipped message="${attr(c.skipped)}"/>`] : []),
      ...(c.systemOut !== undefined ? [`      <system-out>${escapeText(c.systemOut)}</system-out>`] : []),
    ];
    out.push(children.length === 0 ? `${open}/>` : [`${open}>`, ...children, "    </testcase>"].join("\n"));
  }
  out.push("  </testsuite>", "</testsuites>", "");
  return out.join("\n").trimEnd();
}
