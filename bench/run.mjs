// `npm run bench`: every benchmark, each in a fresh Node process (one benchmark's heap never
// slows the next), with ratios against baselines measured in the same run. Prints them and writes
// bench/results/latest.json. Exits 1 when a ratio misses its target.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const benches = {
  matchers: async () => (await import("./matchers.mjs")).benchMatchers(),
  pairing: async () => (await import("./pairing.mjs")).benchPairing(),
  trajectory: async () => (await import("./trajectory.mjs")).benchTrajectory(),
  imports: async () => (await import("./imports.mjs")).benchImports(),
  "responses-fake": async () => (await import("./fakes.mjs")).benchResponsesFake(),
  "agents-fake": async () => (await import("./fakes.mjs")).benchAgentsFake(),
  providers: async () => (await import("./providers.mjs")).benchProviders(),
  mcp: async () => (await import("./mcp.mjs")).benchMcp(),
  cassette: async () => (await import("./cassette.mjs")).benchCassette(),
  "cassette-size": async () => (await import("./cassette-size.mjs")).benchCassetteSize(),
  "websocket-cassette": async () => (await import("./websocket-cassette.mjs")).benchWebSocketCassette(),
  "request-log": async () => (await import("./request-log.mjs")).benchRequestLog(),
  "reset-memory": async () => (await import("./reset-memory.mjs")).benchResetMemory(),
  growth: async () => (await import("./growth.mjs")).benchGrowth(),
  websocket: async () => (await import("./websocket.mjs")).benchWebSocket(),
  "log-check": async () =>
    (await import("./log-check.mjs")).benchLogCheck({ lines: Number(process.env.BENCH_LINES ?? 1_000_000) }),
  "report-formats": async () =>
    (await import("./report-formats.mjs")).benchReportFormats({ lines: Number(process.env.BENCH_LINES ?? 1_000_000) }),
  hostile: async () => (await import("./hostile.mjs")).benchHostile(),
  serve: async () => (await import("./serve.mjs")).benchServe(),
  "serve-wires": async () => (await import("./serve.mjs")).benchServeWires(),
  "listen-stream": async () => (await import("./serve.mjs")).benchListenStream(),
};

// In a child: run one benchmark and print its result as JSON.
if (process.argv[2] === "--one") {
  const result = await benches[process.argv[3]]();
  process.stdout.write(`\n@@result ${JSON.stringify(result)}\n`);
  process.exit(0);
}

const only = process.argv.slice(2);
const results = [];
let missed = 0;
for (const name of Object.keys(benches)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`\n== ${name}\n`);
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--one", name], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    encoding: "utf8",
    maxBuffer: 1 << 26,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = child.stdout.split("\n").find((l) => l.startsWith("@@result "));
  if (child.status !== 0 || !line) {
    console.error(`benchmark ${name} failed (exit ${child.status})\n${child.stdout}`);
    missed++;
    continue;
  }
  const result = JSON.parse(line.slice("@@result ".length));
  results.push(result);
  const { ratios, name: title, ...details } = result;
  console.log(title);
  console.log(JSON.stringify(details, null, 2));
  for (const ratio of ratios) {
    const ok = ratio.target === undefined || ratio.value <= ratio.target;
    if (!ok) missed++;
    console.log(
      `  ${ratio.name.padEnd(56)} ${ratio.value.toFixed(2).padStart(7)}${ratio.target === undefined ? "   (reported)" : `   target ≤ ${ratio.target}  ${ok ? "OK" : "MISSED"}`}`,
    );
  }
}
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(
  new URL("./results/latest.json", import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`,
);
console.log(`\nwritten: bench/results/latest.json${missed ? ` — ${missed} target(s) missed` : ""}`);
process.exitCode = missed ? 1 : 0;
