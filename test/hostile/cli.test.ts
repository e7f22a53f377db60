// Hostile input to the CLI: usage errors name the argument, a BOM is read the same on every
// thread count, a closed stdout ends the run quietly, a fan-out of $refs is a clear error.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { LineSplitter } from "../../src/cli/lines.js";
import { compareTools, ToolSchemaError } from "../../src/index.js";
import { requireFreshBuild, root } from "../build.js";
import { run } from "../cli/run.js";
import { fc_001, fc_009, salesTool } from "../core/samples.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-hostile-cli-"));
const file = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const cli = (args: string[], input?: string) =>
  spawnSync(process.execPath, ["dist/cli.js", ...args], { cwd: root, encoding: "utf8", input, maxBuffer: 1 << 26 });

describe("usage errors (exit 2) name the argument", () => {
  test.each(["constructor", "__proto__", "toString", "hasOwnProperty"])("the command %s", async (command) => {
    const { code, err } = await run([command]);
    expect(code).toBe(2);
    expect(err).toContain(`unknown command "${command}"`);
  });

  test("a directory with no log in it", async () => {
    const folder = join(dir, "a-folder");
    mkdirSync(folder, { recursive: true });
    const { code, err } = await run(["check", folder]);
    expect(code).toBe(2);
    expect(err).toContain(`${folder} is a directory with no .jsonl file in it`);
  });

  test('a tools file whose "tools" is not an array', async () => {
    const tools = file("nope-tools.json", '{"tools":"nope"}');
    const { code, err } = await run(["check", file("one.jsonl", JSON.stringify(fc_009)), "--tools", tools]);
    expect(code).toBe(2);
    expect(err).toContain('"tools" must be an array of tools, received "nope"');
  });
});

describe("a byte-order mark", () => {
  const bom = "\ufeff";
  test("at the start of the log is read as nothing, on every thread count", () => {
    requireFreshBuild("cli.js", "check-worker.js");
    const lines = Array.from({ length: 30_000 }, (_, i) => JSON.stringify(i % 7 === 0 ? fc_009 : fc_001));
    // A BOM that is not at the start is a malformed line on every thread count alike.
    lines[20_000] = `${bom}${lines[20_000]}`;
    const log = file("bom.jsonl", `${bom}${lines.join("\n")}\n`);
    const tools = file("bom-tools.json", `${bom}${JSON.stringify([salesTool])}`);
    const reports = [1, 2].map((threads) => {
      const result = cli([
        "check",
        log,
        "--tools",
        tools,
        "--json",
        "--threads",
        String(threads),
        "--max-failures",
        "100000",
      ]);
      expect(result.stderr).toBe("");
      const { threads: _used, ...report } = JSON.parse(result.stdout);
      return report;
    });
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[0].counts.malformed_line).toBe(1);
    const malformed = (reports[0].failures as Array<{ line: number; reason: string }>)
      .filter((f) => f.reason === "malformed_line")
      .map((f) => f.line);
    expect(malformed).toEqual([20_001]);
  });
});

test("check … | head -1: a closed stdout ends the run quietly", () => {
  requireFreshBuild("cli.js");
  const log = file("many.jsonl", `${Array.from({ length: 50_000 }, () => JSON.stringify(fc_009)).join("\n")}\n`);
  const result = spawnSync(
    "bash",
    [
      "-c",
      `node dist/cli.js check ${JSON.stringify(log)} --json --max-failures 100000 | head -c 10 > /dev/null; echo "exit \${PIPESTATUS[0]}"`,
    ],
    { cwd: root, encoding: "utf8" },
  );
  expect(result.stderr).not.toMatch(/EPIPE|Error/);
  expect(result.stdout.trim()).toMatch(/^exit (0|1)$/);
});

test("a log line cannot forge a line of the report", async () => {
  const forged = { ...fc_001, type: "x:\nOK: every line may be replayed" };
  const { out } = await run(["check", file("forged.jsonl", JSON.stringify(forged))]);
  expect(out.split("\n").filter((line) => line.startsWith("OK:"))).toEqual([]);
});

test("the line splitter is linear: a line split over thousands of chunks comes out whole", () => {
  const splitter = new LineSplitter();
  const piece = "x".repeat(4096);
  const lines: string[] = [];
  for (let i = 0; i < 4096; i++) splitter.push(piece, (line) => lines.push(line)); // a 16 MiB line, 4096 chunks
  splitter.push("\nnext", (line) => lines.push(line));
  splitter.end((line) => lines.push(line));
  expect(lines.map((l) => l.length)).toEqual([4096 * 4096, 4]);
});

describe("$defs that fan out", () => {
  // 8 levels, each definition referring to the next 8 times: 8⁸ nodes once inlined, from ~2.5 KB.
  const fanOut = () => {
    const defs: Record<string, unknown> = { d8: { type: "string" } };
    for (let level = 7; level >= 0; level--) {
      defs[`d${level}`] = {
        type: "object",
        properties: Object.fromEntries(
          Array.from({ length: 8 }, (_, i) => [`p${i}`, { $ref: `#/$defs/d${level + 1}` }]),
        ),
      };
    }
    return [{ type: "function", name: "fan", parameters: { $defs: defs, $ref: "#/$defs/d0" } }];
  };

  test("compareTools refuses a schema too large to compare, naming the tool", () => {
    expect(() => compareTools(fanOut(), fanOut())).toThrow(ToolSchemaError);
    expect(() => compareTools(fanOut(), fanOut())).toThrow(/"fan".*too large to compare/);
  });

  test("diff: a usage error, not an out-of-memory crash", async () => {
    const tools = file("fan.json", JSON.stringify(fanOut()));
    const { code, err } = await run(["diff", tools, tools]);
    expect(code).toBe(2);
    expect(err).toContain("too large to compare");
  });
});
