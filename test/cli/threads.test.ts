// `check --threads n` spreads the gate over worker threads: on the build (the worker script is a
// file next to cli.js), its report must be the one a single thread gives, line numbers included.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { lookupOrderTool, salesTool } from "../core/samples.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

test("worker threads give exactly the single-thread report", () => {
  expect(existsSync(`${root}dist/check-worker.js`), "build first: npm run build (npm test does)").toBe(true);
  const tools = [salesTool, lookupOrderTool];
  const f = createFactories({ seed: 12, tools });
  const lines: string[] = [];
  for (let i = 0; i < 30_000; i++) {
    const pick = i % 10;
    if (pick === 3) lines.push("not json at all");
    else if (pick === 5) lines.push("");
    else if (pick === 7) lines.push(JSON.stringify({ object: "response", output: [f.functionCall(), f.message({ role: "assistant" })] }));
    else if (pick === 9) lines.push(JSON.stringify(f.invalid.all()[i % 7]!.item));
    else lines.push(JSON.stringify(f.functionCall()));
  }
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-threads-"));
  writeFileSync(join(dir, "log.jsonl"), lines.join("\n"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify(tools));
  const run = (threads: number) => spawnSync(process.execPath, ["dist/cli.js", "check", join(dir, "log.jsonl"), "--tools", join(dir, "tools.json"), "--json", "--max-failures", "50", "--threads", String(threads)], { cwd: root, encoding: "utf8" });
  const one = run(1);
  const three = run(3);
  expect(one.status).toBe(1);
  expect(three.status).toBe(1);
  const single = JSON.parse(one.stdout);
  expect(JSON.parse(three.stdout)).toEqual(single);
  expect(single.lines).toBe(30_000);
  expect(single.failures).toHaveLength(50);
  expect(single.counts.malformed_line).toBe(3_000);
});
