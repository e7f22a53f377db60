import { createReadStream } from "node:fs";
import type { Readable, Writable } from "node:stream";
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
} from "../cassetteItems.js";
import { compileGate } from "../gate.js";
import { isRecord } from "../internal/read.js";
import { oneLine } from "../internal/render.js";
import { type PrefixBreak, prefixTracker } from "../promptCache.js";
import type { ToolSpec } from "../types.js";
import { parseArgs, UsageError } from "./args.js";
import { LineSplitter } from "./lines.js";
import { FORMAT_FLAGS, formatOf, writeHtmlReport } from "./report/format.js";
import { checkGithub } from "./report/github.js";
import { checkHtml } from "./report/html.js";
import { checkJunit } from "./report/junit.js";
import { logSafe } from "./report/logSafe.js";
import { LINE_OUTCOMES, type LineOutcome } from "./report/outcomes.js";
import { type ProgressOptions, progressReporter } from "./report/progress.js";
import { checkSarif } from "./report/sarif.js";
import { checkText } from "./report/text.js";
import { readToolsFile } from "./toolsFile.js";

export { LINE_OUTCOMES, type LineOutcome };

export const CHECK_USAGE = `Usage: agent-testkit check <log.jsonl | directory | -> --tools <tools.json> [--format <format>] [--html <file>] [--fail-on <reasons>] [--max-failures <n>]

Streams a JSONL log through the replay gate, line by line.
Each line is an item, an { "item": ... } wrapper, or a whole response object (its function calls).
A directory is read whole: every .jsonl file under it, recursively (cassettes too), in path order.

Options:
  --tools <file>        tools: an array of function tools, a request body with "tools", or a JSON Schema
  --format <format>     text (default), json, github (workflow annotations on the failing lines),
                        junit (a test case per reason) or sarif (SARIF 2.1.0, a rule per reason)
  --json                the same as --format json
  --html <file>         also write a self-contained HTML report to <file>
  --fail-on <reasons>   comma-separated reasons that fail the run (default: every reason but ok)
  --max-failures <n>    how many failures to list and annotate (default 10); all are counted
  --threads <n>         worker threads, at most one per core and per MB of log (default: 1, or
                        up to 4 for logs of 32 MB or more on machines with 4 cores or more)
  --cache-prefix        also read a cassette's Responses requests in order and fail each that
                        breaks the prompt-cache prefix of the one before it in its conversation
                        (one thread: each request is compared with the one before it)
  -h, --help            this help

Progress goes to stderr: redrawn on a terminal, a line every 5 seconds at most in a CI log.

Exit: 0 when no line fails, 1 otherwise, 2 on usage errors.`;

export interface CheckFailure {
  /** The file, when the check read a directory. */
  file?: string;
  line: number;
  index?: number;
  reason: LineOutcome;
  /** The item's `name`, when it has one. */
  tool?: string;
  message: string;
}

/** What one tool's items came to: a count per outcome, and how many of them failed the run. */
export interface ToolTally {
  /** The items' `name` ({@link NO_NAME} for items without one, {@link OTHER_TOOLS} past {@link MAX_TOOL_NAMES}). */
  name: string;
  counts: Partial<Record<LineOutcome, number>>;
  items: number;
  failed: number;
}

/** Tools counted one by one; the items of any further name are counted together. */
export const MAX_TOOL_NAMES = 1000;
export const NO_NAME = "(no name)";
export const OTHER_TOOLS = "(other tools)";
const MAX_NAME_CHARS = 200;

export interface CheckReport {
  file: string;
  /** The worker threads the gate ran on (1: the main thread only). */
  threads: number;
  /** The outcomes that fail the run (`--fail-on`). */
  failOn: LineOutcome[];
  lines: number;
  blank: number;
  /** Lines whose answer holds no function call (a cassette interaction, a response of messages): nothing to gate. */
  skipped: number;
  items: number;
  counts: Record<LineOutcome, number>;
  /** Per tool name, most failures first. */
  tools: ToolTally[];
  failures: CheckFailure[];
  failed: number;
  /** With `--cache-prefix`: the requests read and the prompt-cache prefix breaks found. */
  cache?: CacheCheck;
  /** The provenance lines of the cassettes read: where their recordings came from. */
  recorded: RecordedFrom[];
  /** The lines of a verify run's drift report read (`{"drift": …}`): recordings whose answers changed shape. */
  drift?: DriftCheck;
  ok: boolean;
}

/** What a drift report said: how many recordings drifted, the first `--max-failures` of them listed. */
export interface DriftCheck {
  drifted: number;
  entries: DriftFailure[];
}

/** A drifted recording, at its line in its cassette (`reportLine`: where the report said so). */
export interface DriftFailure {
  file: string;
  line: number;
  reportLine: number;
  request: string;
  section: string;
  message: string;
}

/** A cassette's provenance line, as read (`text`: the sentence the reports print). */
export interface RecordedFrom {
  file?: string;
  line: number;
  provenance: Provenance;
  text: string;
}

/** Provenance lines kept per report (one per cassette file, so a directory of many). */
const MAX_RECORDED = 1000;

/** What `--cache-prefix` found: the create requests of the cassettes read, and those that break the prefix. */
export interface CacheCheck {
  requests: number;
  /** How many requests break the prefix (all counted; the first `--max-failures` listed). */
  broken: number;
  breaks: CacheBreakFailure[];
}

/** A request that breaks the prompt-cache prefix, at its line (the one before it: `previousLine`). */
export interface CacheBreakFailure {
  file?: string;
  line: number;
  previousLine: number;
  path: string;
  lostTokens: number;
  message: string;
}

export interface CheckOptions {
  file: string;
  input: Readable;
  tools: ToolSpec | undefined;
  failOn: ReadonlySet<LineOutcome>;
  maxFailures: number;
  /** Called as the log is read (once per chunk or batch) with the lines read so far: throttle it. */
  onProgress?: (lines: number) => void;
  /** Worker threads to spread the gate over (1: this thread only; always 1 with `cachePrefix`). */
  threads?: number;
  /** Also check the prompt-cache prefix of the cassettes' requests (`--cache-prefix`). */
  cachePrefix?: boolean;
}

/** The counts of a run over some lines: a whole log, or one worker's share of it. */
export interface LineTally {
  blank: number;
  skipped: number;
  items: number;
  counts: Record<LineOutcome, number>;
  tools: Map<string, ToolTally>;
  failures: CheckFailure[];
  failed: number;
  cache?: CacheCheck;
  recorded: RecordedFrom[];
  drift?: DriftCheck;
}

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

/** Runs the gate over every line of `input`. Every non-blank line is counted once per item it holds. */
export async function checkLog(options: CheckOptions): Promise<CheckReport> {
  const threads = options.threads ?? 1;
  const { lines, tally } =
    threads > 1 && !options.cachePrefix ? await checkWithWorkers(options, threads) : await checkHere(options);
  const failOn = LINE_OUTCOMES.filter((outcome) => options.failOn.has(outcome));
  const { tools, ...rest } = tally;
  const report: CheckReport = {
    file: options.file,
    threads,
    failOn,
    lines,
    ...rest,
    tools: sortedTools(tools),
    ok: tally.failed === 0 && (tally.cache?.broken ?? 0) === 0 && (tally.drift?.drifted ?? 0) === 0,
  };
  return report;
}

function emptyCounts(): Record<LineOutcome, number> {
  return Object.fromEntries(LINE_OUTCOMES.map((r) => [r, 0])) as Record<LineOutcome, number>;
}

function toolNameOf(item: unknown): string {
  const name = item !== null && typeof item === "object" ? (item as { name?: unknown }).name : undefined;
  if (typeof name !== "string" || name === "") return NO_NAME;
  return name.length > MAX_NAME_CHARS ? oneLine(name, MAX_NAME_CHARS) : name;
}

/**
 * Adds `count` items of one outcome to a tool's tally (a new name past the cap joins {@link OTHER_TOOLS}); returns
 * the name counted.
 */
function countTool(
  tools: Map<string, ToolTally>,
  name: string,
  reason: LineOutcome,
  failing: boolean,
  count = 1,
): string {
  let tool = tools.get(name);
  if (tool === undefined) {
    if (tools.size >= MAX_TOOL_NAMES && name !== NO_NAME && name !== OTHER_TOOLS)
      return countTool(tools, OTHER_TOOLS, reason, failing, count);
    tool = { name, counts: {}, items: 0, failed: 0 };
    tools.set(name, tool);
  }
  tool.counts[reason] = (tool.counts[reason] ?? 0) + count;
  tool.items += count;
  if (failing) tool.failed += count;
  return name;
}

function sortedTools(tools: Map<string, ToolTally>): ToolTally[] {
  return [...tools.values()].sort(
    (a, b) => b.failed - a.failed || b.items - a.items || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

async function checkHere(options: CheckOptions): Promise<{ lines: number; tally: LineTally }> {
  const checker = createLineChecker(options);
  let lines = 0;
  const onLine = (text: string) => checker.check(text, ++lines);
  const splitter = new LineSplitter();
  for await (const chunk of options.input) {
    splitter.push(chunk as Buffer, onLine);
    options.onProgress?.(lines);
  }
  splitter.end(onLine);
  return { lines, tally: checker.tally };
}

/** Bytes sent to a worker at a time (whole lines), and batches in flight per worker. */
export const BATCH_BYTES = 1 << 20;
const IN_FLIGHT = 2;
const NEWLINE = 10;

/**
 * The same check spread over worker threads. This thread only cuts the bytes into batches of
 * whole lines (a newline byte is never part of a multi-byte UTF-8 character) and counts their
 * newlines to number them; each worker decodes, splits and judges its batches with its own
 * compiled gate. The tallies are added up and the first failures kept in line order. Memory stays
 * bounded: reading pauses while every worker has its batches in flight.
 */
async function checkWithWorkers(options: CheckOptions, threads: number): Promise<{ lines: number; tally: LineTally }> {
  const { Worker } = await import("node:worker_threads");
  const script = new URL("./check-worker.js", import.meta.url);
  const workerData = { tools: options.tools, failOn: [...options.failOn], maxFailures: options.maxFailures };
  let wake: (() => void) | undefined;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(script, { workerData });
    const state = { worker, inFlight: 0 };
    worker.on("message", (message: { type: string }) => {
      if (message.type !== "ack") return;
      state.inFlight--;
      const resume = wake;
      wake = undefined;
      resume?.();
    });
    return state;
  });
  const failed = new Promise<never>((_, reject) => {
    for (const { worker } of workers) worker.once("error", reject);
  });
  failed.catch(() => undefined); // observed below; never an unhandled rejection
  try {
    let lines = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    // The least busy worker takes the next batch; with all of them full, reading waits.
    const idlest = () => workers.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    const send = async (bytes: Buffer, count: number, final: boolean) => {
      while (idlest().inFlight >= IN_FLIGHT)
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), failed]);
      const target = idlest();
      target.inFlight++;
      // A copy of exactly these bytes, transferred (not cloned) to the worker.
      const copy = new Uint8Array(bytes);
      target.worker.postMessage({ type: "bytes", first: lines + 1, bytes: copy, final }, [copy.buffer]);
      lines += count;
      options.onProgress?.(lines);
    };
    const countNewlines = (bytes: Buffer) => {
      let count = 0;
      for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count++;
      return count;
    };
    let first = true;
    for await (const raw of options.input) {
      let chunk = typeof raw === "string" ? Buffer.from(raw) : (raw as Buffer);
      if (first && chunk.length > 0) {
        first = false;
        // the file's byte-order mark
        if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < BATCH_BYTES) continue;
      const joined = Buffer.concat(pending, pendingBytes);
      const cut = joined.lastIndexOf(NEWLINE) + 1;
      if (cut === 0) {
        pending = [joined]; // one long line so far: wait for its end
        continue;
      }
      const batch = joined.subarray(0, cut);
      pending = cut < joined.length ? [joined.subarray(cut)] : [];
      pendingBytes = joined.length - cut;
      await send(batch, countNewlines(batch), false);
    }
    if (pendingBytes > 0) {
      const rest = Buffer.concat(pending, pendingBytes);
      const endsWithNewline = rest[rest.length - 1] === NEWLINE;
      await send(rest, countNewlines(rest) + (endsWithNewline ? 0 : 1), !endsWithNewline);
    }
    const tallies = await Promise.race([
      Promise.all(
        workers.map(
          ({ worker }) =>
            new Promise<LineTally>((resolve) => {
              worker.on("message", (message: { type: string; tally?: LineTally }) => {
                if (message.type === "result") resolve(message.tally!);
              });
              worker.postMessage({ type: "end" });
            }),
        ),
      ),
      failed,
    ]);
    return { lines, tally: mergeTallies(tallies, options.maxFailures) };
  } finally {
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }
}

function mergeTallies(tallies: LineTally[], maxFailures: number): LineTally {
  const counts = Object.fromEntries(
    LINE_OUTCOMES.map((r) => [r, tallies.reduce((sum, t) => sum + t.counts[r], 0)]),
  ) as Record<LineOutcome, number>;
  const failures = tallies
    .flatMap((t) => t.failures)
    .sort((a, b) => a.line - b.line || (a.index ?? 0) - (b.index ?? 0))
    .slice(0, maxFailures);
  const sum = (key: "blank" | "skipped" | "items" | "failed") => tallies.reduce((total, t) => total + t[key], 0);
  // Past MAX_TOOL_NAMES, which names are counted alone depends on the order the workers report in.
  const tools = mergeTools(tallies.map((t) => t.tools.values()));
  return {
    blank: sum("blank"),
    skipped: sum("skipped"),
    items: sum("items"),
    counts,
    tools,
    failures,
    failed: sum("failed"),
    recorded: tallies
      .flatMap((t) => t.recorded)
      .sort((a, b) => a.line - b.line)
      .slice(0, MAX_RECORDED),
    ...mergeDrift(
      tallies.map((t) => t.drift),
      maxFailures,
      (entries) => entries.sort((a, b) => a.reportLine - b.reportLine),
    ),
  };
}

/** The drift of several runs as one (nothing when none read a drift line). */
function mergeDrift(
  parts: Array<DriftCheck | undefined>,
  maxFailures: number,
  order: (entries: DriftFailure[]) => DriftFailure[],
): { drift?: DriftCheck } {
  const present = parts.filter((d) => d !== undefined);
  if (present.length === 0) return {};
  return {
    drift: {
      drifted: present.reduce((total, d) => total + d.drifted, 0),
      entries: order(present.flatMap((d) => d.entries)).slice(0, maxFailures),
    },
  };
}

/** Adds up the per-tool tallies of several runs, within the same cap on names. */
function mergeTools(lists: Iterable<ToolTally>[]): Map<string, ToolTally> {
  const tools = new Map<string, ToolTally>();
  for (const list of lists) {
    for (const tool of list) {
      for (const [reason, count] of Object.entries(tool.counts) as [LineOutcome, number][])
        countTool(tools, tool.name, reason, false, count);
      const merged = tools.get(tool.name) ?? tools.get(OTHER_TOOLS)!;
      merged.failed += tool.failed;
    }
  }
  return tools;
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

export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  /** The progress clock and interval, for tests. */
  progress?: Pick<ProgressOptions, "now" | "logIntervalMs">;
}

const RENDER = {
  text: checkText,
  json: (report: CheckReport) => JSON.stringify(report, null, 2),
  github: checkGithub,
  junit: checkJunit,
  sarif: checkSarif,
};

export async function runCheck(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(
    argv,
    ["tools", "fail-on", "max-failures", "threads", ...FORMAT_FLAGS.valued],
    [...FORMAT_FLAGS.switches, "cache-prefix", "help"],
  );
  if (args.flags.has("help")) {
    io.stdout.write(`${CHECK_USAGE}\n`);
    return 0;
  }
  const format = formatOf(args.flags);
  if (args.positionals.length !== 1) throw new UsageError("check takes exactly one log file (or - for stdin)");
  const file = args.positionals[0]!;
  const toolsPath = args.flags.get("tools");
  const tools = typeof toolsPath === "string" ? await readToolsFile(toolsPath) : undefined;
  const failOn = parseFailOn(args.flags.get("fail-on"));
  const maxFailures = parseCount(args.flags.get("max-failures"), 10);
  const requested = args.flags.has("threads") ? parseCount(args.flags.get("threads"), 1, "--threads") || 1 : undefined;
  const cachePrefix = args.flags.has("cache-prefix");
  const progress = progressReporter({ stream: io.stderr, ...io.progress });
  const files = file === "-" ? undefined : await logsInDirectory(file);
  let report: CheckReport;
  if (files) {
    // A folder of logs or cassettes: each file in turn, one report, failures naming their file.
    const reports: CheckReport[] = [];
    let before = 0;
    for (const path of files) {
      const threads = await threadsFor(path, requested);
      const one = await checkLog({
        threads,
        file: path,
        input: await openLog(path),
        tools,
        failOn,
        maxFailures,
        cachePrefix,
        onProgress: (n) => progress.update(before + n),
      });
      before += one.lines;
      reports.push(one);
    }
    report = mergeReports(file, reports, maxFailures, failOn);
  } else {
    const input = file === "-" ? io.stdin : await openLog(file);
    const threads = await threadsFor(file, requested);
    report = await checkLog({
      threads,
      file: file === "-" ? "<stdin>" : file,
      input,
      tools,
      failOn,
      maxFailures,
      cachePrefix,
      onProgress: progress.update,
    });
  }
  progress.done(report.lines);
  // the report on stdout first: an HTML report that cannot be written never loses it
  io.stdout.write(`${logSafe(format, RENDER[format](report))}\n`);
  await writeHtmlReport(args.flags.get("html"), () => checkHtml(report));
  return report.ok ? 0 : 1;
}

/** The `.jsonl` files under a directory (sorted, recursively), or undefined when `path` is not a directory. */
async function logsInDirectory(path: string): Promise<string[] | undefined> {
  const { stat, readdir } = await import("node:fs/promises");
  const isDirectory = await stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isDirectory) return undefined;
  const { join } = await import("node:path");
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
    .map((entry) =>
      join(
        (entry as { parentPath?: string; path?: string }).parentPath ?? (entry as { path?: string }).path ?? path,
        entry.name,
      ),
    )
    .sort();
  if (files.length === 0) throw new UsageError(`${oneLine(path, 500)} is a directory with no .jsonl file in it`);
  return files;
}

/**
 * One report for several files: counts added up, failures in file order (each naming its file), the first
 * `maxFailures` kept.
 */
function mergeReports(
  directory: string,
  reports: CheckReport[],
  maxFailures: number,
  failOn: ReadonlySet<LineOutcome>,
): CheckReport {
  const tools = mergeTools(reports.map((r) => r.tools));
  const counts = emptyCounts();
  for (const report of reports) for (const outcome of LINE_OUTCOMES) counts[outcome] += report.counts[outcome];
  const sum = (key: "lines" | "blank" | "skipped" | "items" | "failed") =>
    reports.reduce((total, r) => total + r[key], 0);
  const failures = reports.flatMap((r) => r.failures.map((f) => ({ file: r.file, ...f }))).slice(0, maxFailures);
  const merged = mergeDrift(
    reports.map((r) => r.drift),
    maxFailures,
    (entries) => entries,
  );
  const caches = reports.flatMap((r) => (r.cache ? [{ file: r.file, cache: r.cache }] : []));
  const cache: CacheCheck | undefined =
    caches.length === 0
      ? undefined
      : {
          requests: caches.reduce((total, c) => total + c.cache.requests, 0),
          broken: caches.reduce((total, c) => total + c.cache.broken, 0),
          breaks: caches.flatMap((c) => c.cache.breaks.map((b) => ({ file: c.file, ...b }))).slice(0, maxFailures),
        };
  return {
    file: directory,
    threads: Math.max(1, ...reports.map((r) => r.threads)),
    failOn: LINE_OUTCOMES.filter((o) => failOn.has(o)),
    lines: sum("lines"),
    blank: sum("blank"),
    skipped: sum("skipped"),
    items: sum("items"),
    counts,
    tools: sortedTools(tools),
    failures,
    failed: sum("failed"),
    ...(cache === undefined ? {} : { cache }),
    recorded: reports.flatMap((r) => r.recorded.map((p) => ({ file: r.file, ...p }))).slice(0, MAX_RECORDED),
    ...merged,
    ok: sum("failed") === 0 && (cache?.broken ?? 0) === 0 && (merged.drift?.drifted ?? 0) === 0,
  };
}

async function openLog(path: string): Promise<Readable> {
  const { stat } = await import("node:fs/promises");
  const kind = await stat(path).then(
    (stats) => (stats.isDirectory() ? "a directory" : undefined),
    () => undefined, // a missing file is reported below, with its code
  );
  if (kind) throw new UsageError(`cannot read log ${oneLine(path, 500)}: it is ${kind}, not a file`);
  const stream = createReadStream(path, { highWaterMark: 1 << 16 });
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", (error: NodeJS.ErrnoException) =>
      reject(new UsageError(`cannot read log ${path}: ${error.code ?? error.message}`)),
    );
  });
  return stream;
}

function parseFailOn(value: string | true | undefined): Set<LineOutcome> {
  if (value === undefined) return new Set(LINE_OUTCOMES.filter((r) => r !== "ok"));
  const reasons = String(value)
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  const failing = LINE_OUTCOMES.filter((r) => r !== "ok");
  for (const reason of reasons) {
    if (reason === "ok")
      throw new UsageError(`--fail-on: "ok" is the passing reason, not a failure (one of ${failing.join(", ")})`);
    if (!(LINE_OUTCOMES as readonly string[]).includes(reason)) {
      throw new UsageError(`--fail-on: unknown reason "${reason}" (one of ${failing.join(", ")})`);
    }
  }
  return new Set(reasons as LineOutcome[]);
}

function parseCount(value: string | true | undefined, fallback: number, flag = "--max-failures"): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number, received ${String(value)}`);
  return n;
}

/** Logs at least this large may use worker threads by default. */
const WORKERS_FROM_BYTES = 32 * 1024 * 1024;
/** Cores a machine needs before the default uses workers: the main thread reads and cuts batches, so
 * on 2 cores workers only compete with it (measured 2.5–2.9× slower than one thread). */
const WORKERS_FROM_CORES = 4;

/**
 * How many threads `check` uses. Without `--threads`: one, unless the log is large and the machine
 * has cores to spare (then one per spare core, up to 4). With it: what was asked, clamped to the
 * cores and to the work (one per batch of the log; stdin's size is unknown).
 */
export function threadCount(options: { requested?: number; cores: number; bytes?: number }): number {
  const { requested, cores, bytes } = options;
  const batches = bytes === undefined ? Infinity : Math.max(1, Math.ceil(bytes / BATCH_BYTES));
  if (requested !== undefined) return Math.max(1, Math.min(requested, cores, batches));
  if (bytes === undefined || bytes < WORKERS_FROM_BYTES || cores < WORKERS_FROM_CORES) return 1;
  return Math.min(4, cores - 1, batches);
}

async function threadsFor(file: string, requested: number | undefined): Promise<number> {
  if (requested === 1) return 1;
  const [{ stat }, { availableParallelism }, { existsSync }] = await Promise.all([
    import("node:fs/promises"),
    import("node:os"),
    import("node:fs"),
  ]);
  // Running from the sources (tests), there is no built worker script to start.
  if (!existsSync(new URL("./check-worker.js", import.meta.url))) return 1;
  const bytes = file === "-" ? undefined : (await stat(file)).size;
  return threadCount({ requested, cores: availableParallelism(), bytes });
}
