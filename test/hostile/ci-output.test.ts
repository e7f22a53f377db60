// What the CLI prints is data: tool names, property paths, argument values and file names from a
// pull request never become GitHub Actions workflow commands, in any format. The runner is
// modelled as it reads a log: lines split on \r\n, \n or \r; `::name …::` after leading white
// space (V2), `##[name …]` anywhere in a line (V1); nothing between `::stop-commands::<token>` and
// `::<token>::`.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FORMATS } from "../../src/cli/report/format.js";
import { run } from "../cli/run.js";
import { fc_001, salesTool } from "../core/samples.js";

const COMMANDS = new Set([
  "set-output",
  "add-mask",
  "stop-commands",
  "error",
  "warning",
  "notice",
  "debug",
  "group",
  "endgroup",
  "save-state",
  "add-path",
  "set-env",
  "add-matcher",
  "remove-matcher",
  "echo",
]);

/** The workflow commands a GitHub Actions runner would execute from `log`, in order. */
function runnerCommands(log: string): string[] {
  const seen: string[] = [];
  let resumeToken: string | undefined;
  for (const raw of log.split(/\r\n|\n|\r/)) {
    const line = raw.replace(/^[\s\u0085]+/, "");
    if (resumeToken !== undefined) {
      if (line === `::${resumeToken}::`) resumeToken = undefined;
      continue;
    }
    const v2 = /^::([A-Za-z-]+)(?: [^:]*)?::(.*)$/.exec(line);
    if (v2 && COMMANDS.has(v2[1]!.toLowerCase())) {
      seen.push(v2[1]!);
      if (v2[1] === "stop-commands") resumeToken = v2[2];
      // whichever syntax the runner tries first, an annotation must not carry the older one
      if (raw.includes("##[")) seen.push("##[ inside a command");
      continue;
    }
    const v1 = /##\[([A-Za-z-]+)[^\]]*\]/.exec(raw);
    if (v1 && COMMANDS.has(v1[1]!.toLowerCase())) seen.push(v1[1]!);
  }
  return seen;
}

const INJECTIONS = [
  "\n::set-output name=verdict::pass",
  "\r::add-mask::hidden",
  "\n  ::stop-commands::forged",
  "\n::error file=x::forged",
  "##[set-output name=verdict;]pass",
  "##[add-mask]secret",
  "##[stop-commands]forged",
  "\u2028::warning::forged",
];
const hostile = `evil${INJECTIONS.join("")}`;
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-ci-output-"));

describe("diff: hostile tool names and property paths", () => {
  const old = join(dir, "old.json");
  const next = join(dir, "new.json");
  const property = (name: string) => ({
    type: "object",
    properties: { [name]: { type: "string" }, keep: { type: "string" } },
    required: ["keep"],
  });
  writeFileSync(
    old,
    JSON.stringify([
      { type: "function", name: hostile, parameters: property(hostile) },
      { type: "function", name: "gone##[add-mask]x", parameters: property("a") },
      { ...salesTool },
    ]),
  );
  writeFileSync(
    next,
    JSON.stringify([
      { type: "function", name: hostile, parameters: { ...property("other"), additionalProperties: false } },
      { ...salesTool },
    ]),
  );

  for (const format of FORMATS) {
    test(`--format ${format}: no command but the annotations`, async () => {
      const { code, out, err } = await run(["diff", old, next, "--format", format]);
      expect(code).toBe(1);
      const commands = runnerCommands(out + err);
      if (format === "github") {
        expect(commands.filter((c) => c !== "error")).toEqual(["stop-commands"]);
        expect(commands.filter((c) => c === "error").length).toBeGreaterThan(0);
      } else expect(commands).toEqual([]);
      if (format === "json" || format === "sarif") expect(() => JSON.parse(out)).not.toThrow();
      // the same data, only written differently
      if (format === "json") expect(JSON.stringify(JSON.parse(out))).toContain("##[set-output");
    });
  }

  test("the text report is bounded: a name of a million characters is cut", async () => {
    const big = join(dir, "big.json");
    writeFileSync(big, JSON.stringify([{ type: "function", name: "x".repeat(1_000_000), parameters: property("a") }]));
    writeFileSync(join(dir, "big-new.json"), JSON.stringify([]));
    const { out } = await run(["diff", big, join(dir, "big-new.json")]);
    expect(out.length).toBeLessThan(5000);
  });
});

describe("check: hostile tool names, argument values and file names", () => {
  const logs = join(dir, "logs");
  mkdirSync(logs);
  const call = (name: string, args: Record<string, unknown>) =>
    JSON.stringify({ ...fc_001, name, arguments: JSON.stringify(args) });
  writeFileSync(
    join(logs, "::set-output name=verdict::pass.jsonl"),
    `${call("get_latest_sales_report", { region: "##[add-mask]apac" })}\n${call(hostile, { region: "x" })}\n`,
  );
  writeFileSync(
    join(logs, "##[stop-commands]x.jsonl"),
    `${call("get_latest_sales_report", { region: "\n::set-output name=a::b" })}\n`,
  );
  const tools = join(dir, "tools.json");
  writeFileSync(tools, JSON.stringify([salesTool]));

  for (const format of FORMATS) {
    test(`--format ${format}: no command but the annotations`, async () => {
      const { code, out, err } = await run(["check", logs, "--tools", tools, "--format", format]);
      expect(code).toBe(1);
      const commands = runnerCommands(out + err);
      if (format === "github") {
        expect(commands.filter((c) => c !== "error")).toEqual(["stop-commands"]);
        expect(commands.filter((c) => c === "error")).toHaveLength(3);
      } else expect(commands).toEqual([]);
    });
  }

  test("a usage error naming a hostile path is defused on stderr too", async () => {
    const { code, err } = await run([
      "check",
      join(dir, "missing\n::set-output name=x::y.jsonl"),
      "--tools",
      join(dir, "##[add-mask]none.json"),
    ]);
    expect(code).toBe(2);
    expect(runnerCommands(err)).toEqual([]);
  });
});

test("the model of the runner sees the commands these tests look for", () => {
  expect(runnerCommands(`ok\n  ::set-output name=a::b\nx ##[add-mask]y\r::error::z`)).toEqual([
    "set-output",
    "add-mask",
    "error",
  ]);
  expect(runnerCommands(`::stop-commands::t1\n::set-output name=a::b\n::t1::\n::warning::w`)).toEqual([
    "stop-commands",
    "warning",
  ]);
});
