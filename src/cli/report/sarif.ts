import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import type { Location, Log, ReportingDescriptor, Result } from "sarif";
import { VERSION } from "../../version.js";
import type { CheckReport } from "../check/report.js";
import type { DiffReport } from "../diff/report.js";
import { DOCS_URL, FAILING_OUTCOMES, OUTCOME_DESCRIPTIONS } from "./outcomes.js";

const SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/**
 * The check as SARIF 2.1.0: a rule per gate reason (and line outcome), a result per listed
 * failure at its log line. Failures past `--max-failures` are counted in a notification.
 */
export function checkSarif(report: CheckReport): string {
  const rules = FAILING_OUTCOMES.map(
    (reason): ReportingDescriptor => ({
      id: reason,
      name: pascal(reason),
      shortDescription: { text: `Not replayable: ${reason}` },
      fullDescription: { text: OUTCOME_DESCRIPTIONS[reason] },
      helpUri: `${DOCS_URL}/gate.md`,
      defaultConfiguration: { level: report.failOn.includes(reason) ? "error" : "warning" },
    }),
  );
  const results = report.failures.map(
    (failure): Result => ({
      ruleId: failure.reason,
      ruleIndex: FAILING_OUTCOMES.indexOf(failure.reason),
      level: "error",
      message: { text: failure.message },
      ...locations(report.file === "<stdin>" ? undefined : (failure.file ?? report.file), failure.line),
      partialFingerprints: {
        "agentTestkitFailure/v1": fingerprint(
          failure.reason,
          failure.tool ?? "",
          String(failure.index ?? ""),
          failure.message,
        ),
      },
      ...(failure.tool === undefined ? {} : { properties: { tool: failure.tool } }),
    }),
  );
  if (report.cache) {
    rules.push({
      id: "prompt_cache_prefix",
      name: "PromptCachePrefix",
      shortDescription: { text: "A request breaks the prompt-cache prefix of the one before it" },
      fullDescription: {
        text: "The request's prompt (tools, instructions, input) does not extend the prompt of the request before it in its conversation: the provider's prompt cache is lost from there on.",
      },
      helpUri: `${DOCS_URL}/prompt-cache.md`,
      defaultConfiguration: { level: "error" },
    });
    for (const b of report.cache.breaks)
      results.push({
        ruleId: "prompt_cache_prefix",
        ruleIndex: rules.length - 1,
        level: "error",
        message: { text: b.message },
        ...locations(report.file === "<stdin>" ? undefined : (b.file ?? report.file), b.line),
        partialFingerprints: { "agentTestkitFailure/v1": fingerprint("prompt_cache_prefix", b.path, b.message) },
      });
  }
  if (report.drift) {
    rules.push({
      id: "cassette_drift",
      name: "CassetteDrift",
      shortDescription: { text: "A recorded answer has another shape from the provider now" },
      fullDescription: {
        text: "In verify mode the provider's answer to a recorded request differs from the recording by shape: field paths and their JSON types, the output item or event type sequence, or a status. Re-record once the app handles the new shape.",
      },
      helpUri: `${DOCS_URL}/cassettes.md`,
      defaultConfiguration: { level: "error" },
    });
    for (const d of report.drift.entries)
      results.push({
        ruleId: "cassette_drift",
        ruleIndex: rules.length - 1,
        level: "error",
        message: { text: d.message },
        ...locations(d.file, d.line),
        partialFingerprints: { "agentTestkitFailure/v1": fingerprint("cassette_drift", d.section, d.message) },
      });
  }
  const rest = report.failed - report.failures.length;
  return log(
    rules,
    results,
    rest > 0 ? `${rest} more failing items are not listed: raise --max-failures to list them` : undefined,
    {
      file: report.file,
      lines: report.lines,
      items: report.items,
      failed: report.failed,
      counts: report.counts,
    },
  );
}

/**
 * The diff as SARIF 2.1.0: a rule per contract rule met, an error per breaking change and a note per compatible one,
 * on the new tools file.
 */
export function diffSarif(report: DiffReport): string {
  const ruleIds = [...new Set(report.changes.map((change) => change.rule))];
  const rules = ruleIds.map((rule): ReportingDescriptor => {
    const breaking = report.changes.some((change) => change.rule === rule && change.kind === "breaking");
    return {
      id: rule,
      name: pascal(rule),
      shortDescription: {
        text: `${breaking ? "Breaking" : "Compatible"} tool schema change: ${rule.replace(/_/g, " ")}`,
      },
      helpUri: `${DOCS_URL}/contracts.md`,
      defaultConfiguration: { level: breaking ? "error" : "note" },
    };
  });
  const results = report.changes.map(
    (change): Result => ({
      ruleId: change.rule,
      ruleIndex: ruleIds.indexOf(change.rule),
      level: change.kind === "breaking" ? "error" : "note",
      message: { text: `${change.tool}${change.path}: ${change.message}` },
      ...locations(change.file, change.line),
      partialFingerprints: {
        "agentTestkitChange/v1": fingerprint(change.tool, change.path, change.rule, change.message),
      },
      properties: { tool: change.tool, path: change.path, kind: change.kind },
    }),
  );
  return log(rules, results, undefined, {
    old: report.old,
    new: report.new,
    breaking: report.breaking,
    compatible: report.compatible,
  });
}

function log(
  rules: ReportingDescriptor[],
  results: Result[],
  notification: string | undefined,
  properties: Record<string, unknown>,
): string {
  const sarif: Log = {
    $schema: SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "agent-testkit",
            semanticVersion: VERSION,
            informationUri: DOCS_URL.replace(/\/blob\/main\/docs$/, ""),
            rules,
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            ...(notification
              ? { toolExecutionNotifications: [{ level: "warning", message: { text: notification } }] }
              : {}),
          },
        ],
        results,
        properties,
      },
    ],
  };
  return JSON.stringify(sarif, null, 2);
}

/** A result's place: a file (relative paths as URI references from the checkout's root) and a line. */
export function locations(file: string | undefined, line: number | undefined): { locations?: Location[] } {
  if (file === undefined) return {};
  const artifactLocation = isAbsolute(file)
    ? { uri: pathToFileURL(file).href }
    : { uri: file.split(/[\\/]/).map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
  return {
    locations: [
      { physicalLocation: { artifactLocation, ...(line === undefined ? {} : { region: { startLine: line } }) } },
    ],
  };
}

function pascal(id: string): string {
  return id.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** Stable across runs, so code scanning follows a finding from one upload to the next. */
function fingerprint(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);
}
