// `npm run bench`: every benchmark, with ratios against baselines measured in the same run.
// Prints them and writes bench/results/latest.json. Exits 1 when a ratio misses its target.
import { mkdirSync, writeFileSync } from "node:fs";
import { benchAgentsFake, benchResponsesFake } from "./fakes.mjs";
import { benchImports } from "./imports.mjs";
import { benchLogCheck } from "./log-check.mjs";
import { benchMatchers } from "./matchers.mjs";

const only = process.argv.slice(2);
const lines = Number(process.env.BENCH_LINES ?? 1_000_000);
const benches = {
  matchers: () => benchMatchers(),
  imports: () => benchImports(),
  "responses-fake": () => benchResponsesFake(),
  "agents-fake": () => benchAgentsFake(),
  "log-check": () => benchLogCheck({ lines }),
};

const results = [];
let missed = 0;
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`\n== ${name}\n`);
  const result = await run();
  results.push(result);
  const { ratios, name: title, ...details } = result;
  console.log(title);
  console.log(JSON.stringify(details, null, 2));
  for (const ratio of ratios) {
    const ok = ratio.target === undefined || ratio.value <= ratio.target;
    if (!ok) missed++;
    console.log(`  ${ratio.name.padEnd(48)} ${ratio.value.toFixed(2).padStart(7)}${ratio.target === undefined ? "   (reported)" : `   target ≤ ${ratio.target}  ${ok ? "OK" : "MISSED"}`}`);
  }
}
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/latest.json", import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
console.log(`\nwritten: bench/results/latest.json${missed ? ` — ${missed} target(s) missed` : ""}`);
process.exitCode = missed ? 1 : 0;
