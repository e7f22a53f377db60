// Hostile input, measured: a catastrophic pattern against a plain one, a 64 MB line against the
// same bytes over many lines, and the peak memory of `diff` on $defs that fan out.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replayGate } from "../dist/index.js";

function gateMs(pattern, value, runs = 200) {
  const schema = { type: "object", properties: { v: { type: "string", pattern } } };
  const item = {
    type: "function_call",
    call_id: "c",
    name: "t",
    status: "completed",
    arguments: JSON.stringify({ v: value }),
  };
  replayGate(item, schema); // compile once
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) replayGate(item, schema);
  return Number(process.hrtime.bigint() - started) / 1e6 / runs;
}

function timedCli(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ["--require", "./bench/lib/rss.cjs", "dist/cli.js", ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = /maxrss_kb (\d+)/.exec(run.stderr ?? "");
  return { seconds, status: run.status, rssMb: rss ? Number(rss[1]) / 1024 : undefined, stderr: run.stderr };
}

export async function benchHostile() {
  const hostile = `${"a".repeat(30)}!`;
  const redos = gateMs("^(a+)+$", hostile);
  const plain = gateMs("^a+$", hostile);

  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-hostile-"));
  const item = (size) =>
    JSON.stringify({
      type: "function_call",
      call_id: "c",
      name: "t",
      status: "completed",
      arguments: JSON.stringify({ note: "x".repeat(size) }),
    });
  const long = item(64 * 1024 * 1024 - 200);
  writeFileSync(join(dir, "long.jsonl"), `${long}\n`);
  const small = item(900);
  writeFileSync(join(dir, "many.jsonl"), `${small}\n`.repeat(Math.floor(long.length / (small.length + 1))));
  const best = (args) => [0, 1, 2].map(() => timedCli(args)).reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const oneLine = best(["check", join(dir, "long.jsonl"), "--threads", "1"]);
  const manyLines = best(["check", join(dir, "many.jsonl"), "--threads", "1"]);

  const defs = { d8: { type: "string" } };
  for (let level = 7; level >= 0; level--)
    defs[`d${level}`] = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, { $ref: `#/$defs/d${level + 1}` }])),
    };
  writeFileSync(
    join(dir, "fan.json"),
    JSON.stringify([{ type: "function", name: "fan", parameters: { $defs: defs, $ref: "#/$defs/d0" } }]),
  );
  const diff = timedCli(["diff", join(dir, "fan.json"), join(dir, "fan.json")]);
  rmSync(dir, { recursive: true, force: true });
  if (diff.status !== 2) throw new Error(`diff on the fan-out file exited ${diff.status}: ${diff.stderr}`);
  return {
    name: "hostile input",
    ms: { "^(a+)+$ on 30 chars": +redos.toFixed(3), "^a+$ on 30 chars": +plain.toFixed(3) },
    seconds: {
      "64 MB on one line": +oneLine.seconds.toFixed(2),
      "the same bytes over many lines": +manyLines.seconds.toFixed(2),
      "diff on fan-out $defs": +diff.seconds.toFixed(2),
    },
    rssMb: { "diff on fan-out $defs": +diff.rssMb.toFixed(0) },
    ratios: [
      { name: "^(a+)+$ / ^a+$ on 30 characters (linear engine)", value: redos / plain, target: 5 },
      { name: "a 64 MB line / the same bytes over many lines", value: oneLine.seconds / manyLines.seconds, target: 2 },
      { name: "diff peak RSS on fan-out $defs / 200 MB", value: diff.rssMb / 200, target: 1 },
    ],
  };
}
