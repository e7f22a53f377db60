import {
  type CassetteDrift,
  describeDifferences,
  describeProvenance,
  driftProblem,
  isCassetteInteraction,
  isDriftLine,
  isProvenanceLine,
  type Provenance,
  provenanceProblem,
  recordedCalls,
  recordedTools,
} from "../../cassetteItems.js";
import { converseGatedCalls } from "../../converseBlocks.js";
import { compileGate } from "../../gate.js";
import { geminiGatedCalls } from "../../geminiParts.js";
import { isRecord } from "../../internal/read.js";
import { oneLine } from "../../internal/render.js";
import { type PrefixBreak, prefixTracker } from "../../promptCache.js";
import type { ToolSpec } from "../../types.js";
import {
  type CacheBreakFailure,
  countTool,
  type DriftFailure,
  emptyCounts,
  type LineOutcome,
  type LineTally,
  MAX_RECORDED,
  NO_NAME,
  toolNameOf,
} from "./report.js";

export interface LineCheckerOptions {
  tools: ToolSpec | undefined;
  failOn: ReadonlySet<LineOutcome>;
  maxFailures: number;
  cachePrefix?: boolean;
}

/** Checks lines one by one (numbered by the caller) and tallies them. The one place a log line is judged. */
export function createLineChecker(options: LineCheckerOptions) {
  const gate = compileGate(options.tools);
  const tally: LineTally = {
    blank: 0,
    skipped: 0,
    items: 0,
    counts: emptyCounts(),
    tools: new Map(),
    failures: [],
    failed: 0,
    ...(options.cachePrefix ? { cache: { requests: 0, broken: 0, breaks: [] } } : {}),
    recorded: [],
  };
  const tracker = options.cachePrefix ? prefixTracker() : undefined;
  /** A cassette's request, compared with the one before it in its conversation (`--cache-prefix`). */
  const trackCache = (value: unknown, line: number) => {
    const found = tracker?.add(value, line);
    const cache = tally.cache;
    if (found === undefined || cache === undefined) return;
    cache.requests++;
    if (found.break === undefined) return;
    cache.broken++;
    if (cache.breaks.length < options.maxFailures) cache.breaks.push(cacheFailure(found.break));
  };
  // A cassette's lines are gated against the tools given, or else each against its own request's.
  const gates = new Map<string, ReturnType<typeof compileGate>>();
  const gateFor = (tools: unknown[] | undefined) => {
    if (options.tools !== undefined || tools === undefined || tools.length === 0) return gate;
    const key = JSON.stringify(tools);
    let found = gates.get(key);
    if (!found) {
      if (gates.size >= 64) gates.clear();
      found = compileGate(tools as ToolSpec);
      gates.set(key, found);
    }
    return found;
  };
  /** Counts an outcome; builds a message (from `detail`, or the gate's for `item`) only for a listed failure. */
  const record = (
    line: number,
    reason: LineOutcome,
    detail: string | undefined,
    item?: unknown,
    index?: number,
    judge = gate,
  ) => {
    tally.counts[reason]++;
    const failing = options.failOn.has(reason);
    const tool = item === undefined ? undefined : countTool(tally.tools, toolNameOf(item), reason, failing);
    if (!failing) return;
    tally.failed++;
    if (tally.failures.length < options.maxFailures) {
      const message = detail ?? judge.check(item).message;
      tally.failures.push({
        line,
        reason,
        ...(tool === undefined || tool === NO_NAME ? {} : { tool }),
        message,
        ...(index === undefined ? {} : { index }),
      });
    }
  };
  const check = (text: string, line: number) => {
    if (isBlank(text)) {
      tally.blank++;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      record(
        line,
        "malformed_line",
        `malformed_line: not valid JSON (${oneLine(error instanceof Error ? error.message : String(error), 200)})`,
      );
      return;
    }
    // A framework's RunItem (an @openai/agents log) is judged by the item it carries.
    if (isRunItem(value)) value = value.rawItem;
    // A Gemini answer or model content (its calls, the first of each content with its signature), a
    // Bedrock Converse answer or assistant message (its toolUse blocks)
    const wireCalls =
      isRecord(value) && !("type" in value) ? (geminiGatedCalls(value) ?? converseGatedCalls(value)) : undefined;
    if (wireCalls !== undefined) {
      if (wireCalls.length === 0) tally.skipped++;
      wireCalls.forEach((call, index) => {
        tally.items++;
        record(line, gate.reason(call), undefined, call, wireCalls.length > 1 ? index : undefined);
      });
      return;
    }
    // What is no call — a message, reasoning, a call's output — is the conversation around the calls
    if (isContextItem(value)) {
      tally.skipped++;
      return;
    }
    // Most lines hold one bare item: count it without building a list.
    if (isBareItem(value)) {
      tally.items++;
      record(line, gate.reason(value), undefined, value);
      return;
    }
    if (isDriftLine(value)) {
      const problem = driftProblem(value.drift);
      if (problem) return record(line, "malformed_line", `malformed_line: ${problem}`);
      const drift = (tally.drift ??= { drifted: 0, entries: [] });
      drift.drifted++;
      if (drift.entries.length < options.maxFailures)
        drift.entries.push(driftFailure(value.drift as CassetteDrift, line));
      return;
    }
    if (isProvenanceLine(value)) {
      const problem = provenanceProblem(value.provenance);
      if (problem) return record(line, "malformed_line", `malformed_line: ${problem}`);
      // where the recordings came from: a line of the file, and no interaction without a call
      const provenance = value.provenance as Provenance;
      if (tally.recorded.length < MAX_RECORDED)
        tally.recorded.push({ line, provenance, text: oneLine(describeProvenance(provenance), 2000) });
      return;
    }
    if (isCassetteInteraction(value)) {
      trackCache(value, line);
      const calls = recordedCalls(value);
      if (calls.length === 0) {
        tally.skipped++;
        return;
      }
      const judge = gateFor(recordedTools(value));
      calls.forEach((call, index) => {
        tally.items++;
        record(line, judge.reason(call), undefined, call, calls.length > 1 ? index : undefined, judge);
      });
      return;
    }
    if (isChatCompletion(value)) {
      record(line, "malformed_line", CHAT_COMPLETION_MESSAGE);
      return;
    }
    const { items, response } = lineItems(value);
    if (items.length === 0) {
      record(line, "empty_response", "empty_response: a response object with no output items");
      return;
    }
    if (response) {
      checkOutput(line, items);
      return;
    }
    for (let index = 0; index < items.length; index++) {
      tally.items++;
      // Only the failures that are listed need their message: the rest count their reason.
      record(line, gate.reason(items[index]), undefined, items[index], items.length > 1 ? index : undefined);
    }
  };
  /** A response's output: its calls (and provider-prefixed items) are gated; messages and reasoning are no calls. */
  const checkOutput = (line: number, output: unknown[]) => {
    let gated = 0;
    for (let index = 0; index < output.length; index++) {
      const item = output[index];
      if (!isGatedOutput(item)) continue;
      gated++;
      tally.items++;
      record(line, gate.reason(item), undefined, item, output.length > 1 ? index : undefined);
    }
    if (gated === 0) tally.skipped++;
  };
  return { check, tally };
}

function driftFailure(drift: CassetteDrift, reportLine: number): DriftFailure {
  return {
    file: drift.cassette,
    line: drift.line,
    reportLine,
    request: drift.request,
    section: drift.section,
    message: oneLine(
      `cassette_drift: ${drift.request} answers in another shape now: ${describeDifferences(drift.differences)}`,
      4000,
    ),
  };
}

function cacheFailure(found: PrefixBreak): CacheBreakFailure {
  const where = (line: number) => `the request on line ${line}`;
  const change =
    found.before === undefined || found.after === undefined
      ? `drops ${found.path}`
      : `changes ${found.path} at character ${found.at} (${JSON.stringify(found.before)} → ${JSON.stringify(found.after)})`;
  return {
    line: found.request,
    previousLine: found.previous,
    path: found.path,
    lostTokens: found.lostTokens,
    message: `prompt_cache_prefix: ${where(found.request)} ${change}: ${found.lostTokens.toLocaleString("en-US")} cached tokens of ${where(found.previous)} lost`,
  };
}

const CHAT_COMPLETION_MESSAGE =
  "malformed_line: a Chat Completions message (tool_calls or choices), not an Open Responses item: log each call as a function_call item, or the whole response";

/** A Chat Completions message or completion: `tool_calls`, or `choices`, and no item `type`. */
function isChatCompletion(value: unknown): boolean {
  if (!isRecord(value) || "type" in value) return false;
  return Array.isArray(value.tool_calls) || Array.isArray(value.choices) || value.object === "chat.completion";
}

/**
 * The output items the gate judges: function calls, and items of a provider (`openai:…`), which never replay
 * elsewhere.
 */
function isGatedOutput(item: unknown): boolean {
  const type = isRecord(item) ? item.type : undefined;
  return type === "function_call" || (typeof type === "string" && type.includes(":"));
}

/**
 * The items a log holds around its calls (the Open Responses and `@openai/agents` types): they are
 * context — a check counts them as skipped, never as `not_function_call`.
 */
const CONTEXT_TYPES = new Set([
  "message",
  "reasoning",
  "function_call_output",
  "function_call_result",
  "custom_tool_call_output",
  "computer_call_output",
  "local_shell_call_output",
  "shell_call_output",
  "apply_patch_call_output",
  "mcp_approval_response",
  "compaction",
  "item_reference",
]);

function isContextItem(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (typeof value.type === "string") return CONTEXT_TYPES.has(value.type);
  // a message with no type (`{ role: "user", content }`), as @openai/agents and the SDKs write them
  return typeof value.role === "string" && !("tool_calls" in value) && !("choices" in value);
}

/** An `@openai/agents` RunItem as its JSON has it: `{ type: "…_item", rawItem }`. */
function isRunItem(value: unknown): value is { rawItem: unknown } {
  return isRecord(value) && typeof value.type === "string" && value.type.endsWith("_item") && isRecord(value.rawItem);
}

function isBlank(text: string): boolean {
  // A JSON line starts with "{" or "[" in practice: test the first character before trimming.
  return text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "");
}

function isBareItem(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && "type" in value;
}

/** A log line holds an item, an `{ item }` wrapper, or a response object whose `output` is the items. */
function lineItems(value: unknown): { items: unknown[]; response: boolean } {
  if (isRecord(value)) {
    if ("item" in value && !("type" in value)) return { items: [value.item], response: false };
    if (value.object === "response" || (Array.isArray(value.output) && !("type" in value))) {
      return { items: Array.isArray(value.output) ? value.output : [], response: true };
    }
  }
  return { items: [value], response: false };
}
