// `agent-testkit check` over a generated log, against the floor (read + JSON.parse only) and a
// Python baseline of the same rules (bench/python_gate.py: json + jsonschema), on the same file;
// the default thread count side by side with --threads 1; peak RSS at 100k and 1M lines.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { makeLog, tools } from "./lib/make-log.mjs";

function timed(command, args, options = {}) {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { encoding: "utf8", maxBuffer: 1 << 26, ...options });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = /maxrss_kb (\d+)/.exec(run.stderr ?? "");
  return {
    seconds,
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    rssMb: rss ? Number(rss[1]) / 1024 : undefined,
  };
}

function best(runs, fn) {
  let result;
  for (let i = 0; i < runs; i++) {
    const r = fn();
    if (!result || r.seconds < result.seconds) result = r;
  }
  return result;
}

export async function benchLogCheck({ lines = 1_000_000, runs = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-bench-"));
  const log = join(dir, "log.jsonl");
  const small = join(dir, "small.jsonl");
  const toolsPath = join(dir, "tools.json");
  writeFileSync(toolsPath, JSON.stringify(tools));
  const bytes = await makeLog(log, lines);
  await makeLog(small, Math.max(1, Math.round(lines / 10)));
  const node = process.execPath;
  const check = (file, threads) =>
    timed(node, [
      "--require",
      "./bench/lib/rss.cjs",
      "dist/cli.js",
      "check",
      file,
      "--tools",
      toolsPath,
      "--json",
      ...(threads ? ["--threads", String(threads)] : []),
    ]);
  const floor = best(runs, () => timed(node, ["bench/lib/floor.mjs", log]));
  const ours = best(runs, () => check(log)); // the default: worker threads for a log this size
  const single = best(runs, () => check(log, 1));
  const singleSmall = check(small, 1);
  const cores = availableParallelism();
  const report = JSON.parse(ours.stdout);
  const threads = report.threads;
  const python = timed("python3", ["bench/python_gate.py", log, toolsPath]);
  const pythonCounts = python.status === 0 ? JSON.parse(python.stdout) : undefined;
  rmSync(dir, { recursive: true, force: true });
  if (!pythonCounts) {
    const why = python.error
      ? "python3 is not on PATH"
      : (python.stderr || `exit ${python.status}`).trim().split("\n").at(-1);
    console.log(`  python baseline skipped: ${why} (install it with: pip install jsonschema)`);
  } else if (JSON.stringify(pythonCounts) !== JSON.stringify(report.counts)) {
    throw new Error(
      `the Python baseline and check disagree: ${JSON.stringify(pythonCounts)} vs ${JSON.stringify(report.counts)}`,
    );
  }
  if (report.lines !== lines) throw new Error(`check counted ${report.lines} lines of ${lines}`);
  const { threads: _one, ...singleReport } = JSON.parse(single.stdout);
  const { threads: _default, ...defaultReport } = report;
  if (JSON.stringify(singleReport) !== JSON.stringify(defaultReport))
    throw new Error("check with and without worker threads disagree");
  return {
    name: "check over a JSONL log",
    lines,
    megabytes: +(bytes / 1e6).toFixed(1),
    seconds: {
      floor: +floor.seconds.toFixed(2),
      "check (default threads)": +ours.seconds.toFixed(2),
      "check --threads 1": +single.seconds.toFixed(2),
      ...(pythonCounts ? { python: +python.seconds.toFixed(2) } : {}),
    },
    counts: report.counts,
    pythonCounts,
    rssMb: {
      [`${Math.round(lines / 10)} lines, 1 thread`]: +singleSmall.rssMb.toFixed(0),
      [`${lines} lines, 1 thread`]: +single.rssMb.toFixed(0),
      [`${lines} lines, default (${threads} thread${threads === 1 ? "" : "s"})`]: +ours.rssMb.toFixed(0),
    },
    workers: { cores, defaultThreads: threads, speedUp: +(single.seconds / ours.seconds).toFixed(2) },
    ratios: [
      {
        name: `check default (${threads} thread${threads === 1 ? "" : "s"} on ${cores} cores) / --threads 1`,
        value: ours.seconds / single.seconds,
        target: 1.05,
      },
      { name: "check (default threads) / floor", value: ours.seconds / floor.seconds, target: 1.3 },
      { name: "check --threads 1 / floor", value: single.seconds / floor.seconds, target: 1.3 },
      ...(pythonCounts
        ? [{ name: "python baseline (json + jsonschema) / check", value: python.seconds / ours.seconds }]
        : []),
      { name: "peak RSS 1M / 100k lines (1 thread)", value: single.rssMb / singleSmall.rssMb, target: 1.5 },
    ],
  };
}
