// `check --threads n` spreads the gate over worker threads: on the build (the worker script is a
// file next to cli.js), its report must be the one a single thread gives, line numbers included.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { BATCH_BYTES, threadCount } from "../../src/cli/check/workers.js";
import { requireFreshBuild, root } from "../build.js";
import { lookupOrderTool, salesTool } from "../core/samples.js";

test("worker threads give exactly the single-thread report", () => {
  requireFreshBuild("cli.js", "check-worker.js");
  const tools = [salesTool, lookupOrderTool];
  const f = createFactories({ seed: 12, tools });
  const lines: string[] = [];
  for (let i = 0; i < 30_000; i++) {
    const pick = i % 10;
    if (pick === 3) lines.push("not json at all");
    else if (pick === 5) lines.push("");
    else if (pick === 7)
      lines.push(JSON.stringify({ object: "response", output: [f.functionCall(), f.message({ role: "assistant" })] }));
    else if (pick === 9) lines.push(JSON.stringify(f.invalid.all()[i % 7]!.item));
    else lines.push(JSON.stringify(f.functionCall()));
  }
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-threads-"));
  writeFileSync(join(dir, "log.jsonl"), lines.join("\n"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify(tools));
  const run = (threads: number) =>
    spawnSync(
      process.execPath,
      [
        "dist/cli.js",
        "check",
        join(dir, "log.jsonl"),
        "--tools",
        join(dir, "tools.json"),
        "--json",
        "--max-failures",
        "50",
        "--threads",
        String(threads),
      ],
      { cwd: root, encoding: "utf8" },
    );
  const one = run(1);
  const three = run(3);
  expect(one.status).toBe(1);
  expect(three.status).toBe(1);
  const { threads: oneThread, ...single } = JSON.parse(one.stdout);
  const { threads: used, ...spread } = JSON.parse(three.stdout);
  expect(oneThread).toBe(1);
  expect(used).toBe(Math.min(3, availableParallelism()));
  expect(spread).toEqual(single);
  expect(single.lines).toBe(30_000);
  expect(single.failures).toHaveLength(50);
  expect(single.counts.malformed_line).toBe(3_000);
}, 60_000); // 30,000 lines through two CLI runs: a bound against a hang on a loaded machine, not a speed target

test("the default uses workers only for large logs on machines with cores to spare", () => {
  const big = 108 * 1024 * 1024;
  // On 2 cores, workers only compete with the main thread (measured 2.5–2.9× slower): one thread.
  expect(threadCount({ cores: 2, bytes: big })).toBe(1);
  expect(threadCount({ cores: 3, bytes: big })).toBe(1);
  expect(threadCount({ cores: 4, bytes: big })).toBe(3);
  expect(threadCount({ cores: 16, bytes: big })).toBe(4);
  expect(threadCount({ cores: 16, bytes: 1024 })).toBe(1);
  expect(threadCount({ cores: 16 })).toBe(1); // stdin: size unknown
});

test("--threads is clamped to the cores and to the work", () => {
  expect(threadCount({ requested: 256, cores: 2, bytes: 22 * 1024 })).toBe(1);
  expect(threadCount({ requested: 256, cores: 8, bytes: 3 * BATCH_BYTES })).toBe(3);
  expect(threadCount({ requested: 256, cores: 8, bytes: 100 * BATCH_BYTES })).toBe(8);
  expect(threadCount({ requested: 3, cores: 8 })).toBe(3);
  expect(threadCount({ requested: 0, cores: 8 })).toBe(1);
});
