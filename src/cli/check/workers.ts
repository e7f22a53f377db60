import {
  type CheckOptions,
  LINE_OUTCOMES,
  type LineOutcome,
  type LineTally,
  MAX_RECORDED,
  mergeDrift,
  mergeTools,
} from "./report.js";

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
export async function checkWithWorkers(
  options: CheckOptions,
  threads: number,
): Promise<{ lines: number; tally: LineTally }> {
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

export async function threadsFor(file: string, requested: number | undefined): Promise<number> {
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
