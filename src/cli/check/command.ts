import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { isRecord } from "../../internal/read.js";
import { oneLine } from "../../internal/render.js";
import { isTrace, traceItems } from "../../traces.js";
import { parseArgs, UsageError } from "../args.js";
import type { Io } from "../io.js";
import { LineSplitter } from "../lines.js";
import { FORMAT_FLAGS, formatOf, writeHtmlReport } from "../report/format.js";
import { checkGithub } from "../report/github.js";
import { checkHtml } from "../report/html.js";
import { checkJunit } from "../report/junit.js";
import { logSafe } from "../report/logSafe.js";
import { progressReporter } from "../report/progress.js";
import { checkSarif } from "../report/sarif.js";
import { checkText } from "../report/text.js";
import { readToolsFile } from "../toolsFile.js";
import { createLineChecker } from "./lineChecker.js";
import {
  type CacheCheck,
  type CheckOptions,
  type CheckReport,
  emptyCounts,
  LINE_OUTCOMES,
  type LineOutcome,
  type LineTally,
  MAX_RECORDED,
  mergeDrift,
  mergeTools,
  sortedTools,
} from "./report.js";
import { checkWithWorkers, threadsFor } from "./workers.js";

export const CHECK_USAGE = `Usage: agent-testkit check <log.jsonl | directory | -> --tools <tools.json> [--format <format>] [--html <file>] [--fail-on <reasons>] [--max-failures <n>]

Streams a JSONL log through the replay gate, line by line.
Each line is an item, an { "item": ... } wrapper, or a whole response object (its function calls);
a Gemini answer or model content (its functionCall parts, the first of each asked for its signature).
A directory is read whole: every .jsonl file under it, recursively (cassettes too), in path order.
A .json file that is a trace (an OTLP/JSON export of GenAI spans, or @openai/agents' exported spans)
is read as its calls, one per line, in the order their spans began.

Options:
  --tools <file>        tools: an array of function tools, a request body with "tools", or a JSON Schema;
                        or a module exporting them, or an @openai/agents Agent (tools, handoffs, MCP)
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
    const trace = file === "-" ? undefined : await traceAsLog(file);
    const input = file === "-" ? io.stdin : (trace ?? (await openLog(file)));
    // a trace is read here, whole: no worker reads the file again
    const threads = trace ? 1 : await threadsFor(file, requested);
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

/**
 * A `.json` trace file as a log: its calls, one JSON line each (a trace is one document, read
 * whole; anything else is no trace and is read as a log). Undefined for a file that is no trace.
 */
async function traceAsLog(path: string): Promise<Readable | undefined> {
  if (!path.endsWith(".json")) return undefined;
  const { readFile } = await import("node:fs/promises");
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, "utf8"));
  } catch {
    return undefined;
  }
  if (!isTrace(value)) return undefined;
  const lines = traceItems(value).flatMap((item) => (isRecord(item) && item.type === "function_call" ? [item] : []));
  return Readable.from(lines.map((item) => `${JSON.stringify(item)}\n`));
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
