// What the report formats cost `check` on a 1,000,000-line log: each format (and the HTML page
// beside the text report) against the plain text report, one thread, in CPU time (user + system
// of the child, which the machine's other work disturbs less than wall time). Each round runs every
// variant back to back, starting at another one each round, and a variant's ratio is the median
// over rounds of its time over the text run of the same round: a slow stretch of this noisy
// machine hits both sides of a ratio alike, and no variant always runs first.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeLog, tools } from "./lib/make-log.mjs";

export async function benchReportFormats({
  lines = 1_000_000,
  rounds = Number(process.env.BENCH_FORMAT_ROUNDS ?? 7),
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-bench-formats-"));
  const log = join(dir, "log.jsonl");
  const toolsPath = join(dir, "tools.json");
  const html = join(dir, "report.html");
  writeFileSync(toolsPath, JSON.stringify(tools));
  await makeLog(log, lines);
  const variants = {
    text: [],
    json: ["--format", "json"],
    github: ["--format", "github"],
    junit: ["--format", "junit"],
    sarif: ["--format", "sarif"],
    "text + --html": ["--html", html],
  };
  const best = Object.fromEntries(Object.keys(variants).map((name) => [name, Infinity]));
  const ratiosByRound = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  const outputs = {};
  for (let round = 0; round < rounds; round++) {
    const times = {};
    // Each round starts at another variant: no variant always runs first (or last) in its round.
    const names = Object.keys(variants);
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const [name, flags] of order.map((n) => [n, variants[n]])) {
      const run = spawnSync(
        process.execPath,
        [
          "--require",
          "./bench/lib/rss.cjs",
          "dist/cli.js",
          "check",
          log,
          "--tools",
          toolsPath,
          "--threads",
          "1",
          ...flags,
        ],
        { encoding: "utf8", maxBuffer: 1 << 26 },
      );
      // CPU time of the child (user + system): what the format costs, less the machine's scheduling noise.
      const cpu = /cpu_us (\d+)/.exec(run.stderr ?? "");
      if (!cpu) throw new Error(`no CPU time from check ${flags.join(" ")}: ${run.stderr}`);
      const seconds = Number(cpu[1]) / 1e6;
      if (run.status !== 0 && run.status !== 1)
        throw new Error(`check ${flags.join(" ")} exited ${run.status}: ${run.stderr}`);
      times[name] = seconds;
      best[name] = Math.min(best[name], seconds);
      outputs[name] = run.stdout.length;
    }
    for (const name of Object.keys(variants)) ratiosByRound[name].push(times[name] / times.text);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const htmlBytes = statSync(html).size;
  rmSync(dir, { recursive: true, force: true });
  return {
    name: `report formats: check --threads 1 over ${lines} lines, CPU seconds (best of ${rounds} rounds; ratios: medians of paired rounds)`,
    seconds: Object.fromEntries(Object.entries(best).map(([name, s]) => [name, +s.toFixed(2)])),
    outputBytes: { ...outputs, "report.html": htmlBytes },
    ratios: Object.keys(variants)
      .filter((name) => name !== "text")
      .map((name) => ({
        name: `check ${name} / check text (median of ${rounds} paired rounds)`,
        value: median(ratiosByRound[name]),
        target: 1.05,
      })),
  };
}
