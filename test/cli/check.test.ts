import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fc_001, fc_009, salesTool, ws_001 } from "../core/samples.js";
import { run } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cli-"));
const toolsPath = join(dir, "tools.json");
writeFileSync(toolsPath, JSON.stringify([salesTool]));

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join("\n"));
  return path;
}

describe("agent-testkit check", () => {
  test("all ok → exit 0 with a per-reason table", async () => {
    const log = file("ok.jsonl", [JSON.stringify(fc_001), JSON.stringify({ item: fc_001 })]);
    const { code, out } = await run(["check", log, "--tools", toolsPath]);
    expect(code).toBe(0);
    expect(out).toMatch(/2 lines, 2 items/);
    expect(out).toMatch(/ok\s+2/);
    expect(out).toContain("OK: every line may be replayed");
  });

  test("failures are listed with file:line and message; every line is counted", async () => {
    const lines = [
      JSON.stringify(fc_001),
      JSON.stringify(fc_009),
      "{not json",
      "",
      JSON.stringify(ws_001),
      JSON.stringify({ object: "response", output: [fc_001, fc_009] }),
    ];
    const log = file("mixed.jsonl", lines);
    const { code, out } = await run(["check", log, "--tools", toolsPath, "--json"]);
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.lines).toBe(6);
    expect(report.blank).toBe(1);
    expect(report.items).toBe(5);
    expect(report.counts).toMatchObject({ ok: 2, arguments_schema: 2, namespaced: 1, malformed_line: 1 });
    const counted = Object.values(report.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted + report.blank).toBe(lines.length + 1); // the response line holds two items
    expect(report.failures).toEqual([
      {
        line: 2,
        reason: "arguments_schema",
        tool: "get_latest_sales_report",
        message: expect.stringContaining("/region must be equal"),
      },
      { line: 3, reason: "malformed_line", message: expect.stringMatching(/^malformed_line: not valid JSON/) },
      { line: 5, reason: "namespaced", message: expect.stringContaining("openai:web_search_call") },
      { line: 6, index: 1, reason: "arguments_schema", tool: "get_latest_sales_report", message: expect.any(String) },
    ]);
    // Every item is counted under its tool's name; items without a name under "(no name)".
    expect(report.tools).toEqual([
      { name: "get_latest_sales_report", counts: { ok: 2, arguments_schema: 2 }, items: 4, failed: 2 },
      { name: "(no name)", counts: { namespaced: 1 }, items: 1, failed: 1 },
    ]);
  });

  test("--fail-on limits which reasons fail the run", async () => {
    const log = file("fail-on.jsonl", [
      JSON.stringify(fc_001),
      // a hosted tool's item the provider ran: not a function call, so not replayable as one
      JSON.stringify({ type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search" } }),
    ]);
    expect((await run(["check", log])).code).toBe(1);
    expect((await run(["check", log, "--fail-on", "arguments_schema,status"])).code).toBe(0);
    const narrowed = await run(["check", log, "--fail-on", "arguments_parse"]);
    expect(narrowed.out.trim().split("\n").at(-1)).toBe(
      "OK: no item failed (--fail-on arguments_parse); 1 item may not be replayed but was not counted as failing: 1 not_function_call",
    );
    const bad = await run(["check", log, "--fail-on", "nope"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown reason "nope"');
  });

  test("the summary never says every line may be replayed when some may not", async () => {
    const lines = [
      JSON.stringify(fc_001),
      ...Array.from({ length: 4 }, () => JSON.stringify(fc_009)),
      JSON.stringify(ws_001),
      JSON.stringify({ ...fc_001, status: "in_progress" }),
      JSON.stringify({ ...fc_001, arguments: '{"region":' }),
    ];
    const log = file("summary.jsonl", lines);
    const tools = file("summary-tools.json", [JSON.stringify([salesTool])]);
    const parseOnly = await run(["check", log, "--tools", tools, "--fail-on", "arguments_parse"]);
    expect(parseOnly.code).toBe(1);
    expect(parseOnly.out.trim().split("\n").at(-1)).toBe(
      "FAILED: 1 item may not be replayed (--fail-on arguments_parse); 6 items may not be replayed but were not counted as failing: 1 namespaced, 1 status, 4 arguments_schema",
    );
    const statusOnly = await run(["check", log, "--tools", tools, "--fail-on", "status", "--json"]);
    expect(JSON.parse(statusOnly.out)).toMatchObject({ ok: false, failed: 1, failOn: ["status"] });
    const nothingCounted = await run(["check", log, "--tools", tools, "--fail-on", "malformed_line"]);
    expect(nothingCounted.code).toBe(0);
    expect(nothingCounted.out).not.toContain("every line may be replayed");
    expect(nothingCounted.out.trim().split("\n").at(-1)).toMatch(
      /^OK: no item failed \(--fail-on malformed_line\); 7 items may not be replayed but were not counted as failing/,
    );
    const all = await run(["check", file("all-ok.jsonl", [JSON.stringify(fc_001)]), "--tools", tools]);
    expect(all.out.trim().split("\n").at(-1)).toBe("OK: every line may be replayed");
  });

  test("reads stdin with -", async () => {
    const { code, out } = await run(["check", "-"], `${JSON.stringify(fc_001)}\n${JSON.stringify(fc_009)}\n`);
    expect(code).toBe(0);
    expect(out).toContain("<stdin>: 2 lines, 2 items");
  });

  test("usage errors exit 2 and name the file", async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(["check"])).code).toBe(2);
    const missing = await run(["check", join(dir, "missing.jsonl")]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("missing.jsonl: ENOENT");
    const badTools = file("bad-tools.json", ["{oops"]);
    const bad = await run(["check", "-", "--tools", badTools]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("bad-tools.json: not valid JSON");
    const brokenSchema = file("broken.json", [
      JSON.stringify([{ type: "function", name: "broken_tool", parameters: { type: "objekt" } }]),
    ]);
    expect((await run(["check", "-", "--tools", brokenSchema])).err).toContain('tool "broken_tool"');
    expect((await run(["frobnicate"])).code).toBe(2);
    expect((await run(["check", "x", "--bogus"])).err).toContain("unknown option --bogus");
  });

  test("--help", async () => {
    const { code, out } = await run(["check", "--help"]);
    expect(code).toBe(0);
    expect(out).toContain("Usage: agent-testkit check");
    expect((await run(["--help"])).out).toContain("Commands:");
  });

  test("the tools file may also be one function tool, or a bare JSON Schema", async () => {
    const log = file("one-bad.jsonl", [JSON.stringify(fc_009)]);
    expect((await run(["check", log, "--tools", file("one-tool.json", [JSON.stringify(salesTool)])])).code).toBe(1);
    expect(
      (await run(["check", log, "--tools", file("schema.json", [JSON.stringify(salesTool.parameters)])])).code,
    ).toBe(1);
    expect((await run(["check", log, "--tools", file("open.json", [JSON.stringify({ type: "object" })])])).code).toBe(
      0,
    );
  });

  test("a request body with tools is accepted as the tools file", async () => {
    const body = file("body.json", [JSON.stringify({ model: "m", tools: [salesTool, { type: "web_search" }] })]);
    const log = file("one.jsonl", [JSON.stringify(fc_009)]);
    expect((await run(["check", log, "--tools", body])).code).toBe(1);
  });
});

describe("progress on stderr, never on stdout", () => {
  const log = () =>
    file(
      "big.jsonl",
      Array.from({ length: 200_001 }, () => JSON.stringify(fc_001)),
    );
  /** A clock that moves one second each time it is read. */
  const ticking = () => {
    let ms = 0;
    return () => (ms += 1000);
  };

  test("on a terminal: one line redrawn in place, ended by a newline", async () => {
    const { code, out, err } = await run(["check", log(), "--json"], "", true, { now: ticking() });
    expect(code).toBe(0);
    expect(err).toMatch(/^(\r\d+ lines checked…)+\r200001 lines checked\n$/);
    expect(JSON.parse(out).lines).toBe(200_001);
  });

  test("in a CI log (no TTY): a line every interval at most, never one per batch", async () => {
    let reads = 0;
    let ms = 0;
    const now = () => (reads++, (ms += 1000));
    const { code, out, err } = await run(["check", log(), "--json"], "", false, { now, logIntervalMs: 5000 });
    expect(code).toBe(0);
    const lines = err.trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    // The clock moves 1 s per read and a line needs 5 s since the last: one line per 5 reads at most.
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(reads / 5));
    for (const line of lines) expect(line).toMatch(/^agent-testkit check: [\d,]+ lines checked in \d+ s$/);
    expect(JSON.parse(out).lines).toBe(200_001);
  });

  test("a check shorter than the interval prints no progress at all", async () => {
    const still = await run(["check", log(), "--json"], "", false, { now: () => 0 });
    expect(still.err).toBe("");
    const stillTty = await run(["check", log(), "--json"], "", true, { now: () => 0 });
    expect(stillTty.err).toBe("");
  });
});

test("per-tool counts are bounded: past 1,000 names, the rest are counted together", async () => {
  const names = Array.from({ length: 1005 }, (_, i) => `tool_${i}`);
  const log = file(
    "names.jsonl",
    names.map((name) => JSON.stringify({ ...fc_001, name })),
  );
  const report = JSON.parse((await run(["check", log, "--tools", toolsPath, "--json", "--max-failures", "0"])).out);
  expect(report.tools).toHaveLength(1001);
  expect(report.tools.find((t: { name: string }) => t.name === "(other tools)")).toEqual({
    name: "(other tools)",
    counts: { unknown_tool: 5 },
    items: 5,
    failed: 5,
  });
  expect(report.tools.reduce((sum: number, t: { items: number }) => sum + t.items, 0)).toBe(1005);
  const long = file("long-name.jsonl", [JSON.stringify({ ...fc_001, name: "n".repeat(10_000) })]);
  const [tool] = JSON.parse((await run(["check", long, "--tools", toolsPath, "--json"])).out).tools;
  expect(tool.name.length).toBeLessThan(300);
});

describe("whole responses and Chat Completions lines", () => {
  const message = {
    type: "message",
    id: "msg_1",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text: "Up 4%.", annotations: [] }],
  };
  const reasoning = { type: "reasoning", id: "rs_1", summary: [] };

  test("a response's messages and reasoning are no calls: only its calls are gated, at their output index", async () => {
    const log = file("responses.jsonl", [
      JSON.stringify({ object: "response", output: [reasoning, fc_001, message] }),
      JSON.stringify({ object: "response", output: [message] }),
      JSON.stringify({ object: "response", output: [message, fc_009] }),
    ]);
    const { code, out } = await run(["check", log, "--tools", toolsPath, "--json"]);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ lines: 3, items: 2, skipped: 1, counts: { ok: 1, arguments_schema: 1 } });
    expect(report.counts.not_function_call ?? 0).toBe(0);
    expect(report.failures).toEqual([
      { line: 3, index: 1, reason: "arguments_schema", tool: "get_latest_sales_report", message: expect.any(String) },
    ]);
    expect(code).toBe(1);
    const text = await run(["check", log, "--tools", toolsPath]);
    expect(text.out).toContain("3 lines, 2 items, 1 without a call");
  });

  test("a Chat Completions message is named for what it is", async () => {
    const log = file("chat.jsonl", [
      JSON.stringify({
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "get_latest_sales_report", arguments: "{}" } },
        ],
      }),
      JSON.stringify({ object: "chat.completion", choices: [] }),
    ]);
    const report = JSON.parse((await run(["check", log, "--tools", toolsPath, "--json"])).out);
    expect(report.counts).toMatchObject({ malformed_line: 2 });
    expect(report.failures[0].message).toMatch(/^malformed_line: a Chat Completions message/);
  });
});

describe("--fail-on and the JUnit report's unlisted failures", () => {
  test("ok is the passing reason: --fail-on ok is a usage error", async () => {
    const log = file("one.jsonl", [JSON.stringify(fc_001)]);
    const { code, err } = await run(["check", log, "--tools", toolsPath, "--fail-on", "ok"]);
    expect(code).toBe(2);
    expect(err).toContain('"ok" is the passing reason');
  });

  test("a reason none of whose failures is listed says how many, not '… and N more'", async () => {
    const log = file("unlisted.jsonl", [JSON.stringify(fc_009)]);
    const { out } = await run(["check", log, "--tools", toolsPath, "--format", "junit", "--max-failures", "0"]);
    expect(out).toContain("1 not listed (raise --max-failures to list them)");
    expect(out).not.toContain("… and 1 more");
  });
});

test("an empty log says that nothing was checked", async () => {
  const { code, out } = await run(["check", file("empty.jsonl", []), "--tools", toolsPath]);
  expect(code).toBe(0);
  expect(out).toContain("0 lines, 0 items");
  expect(out).toContain("OK: the log holds no lines: nothing was checked");
});

describe("a cassette's provenance line", () => {
  const provenance = {
    recorded: "2026-11-30T08:00:00.000Z",
    toolkit: "agent-testkit 0.1.0",
    clients: ["OpenAI/JS 7.59.0"],
    models: ["gpt-5"],
    sections: { orders: { recorded: "2026-11-30T08:00:00.000Z", client: "OpenAI/JS 7.59.0" } },
  };
  const interaction = {
    request: { body: { input: "A-1042?", model: "gpt-5", tools: [salesTool] }, method: "POST", path: "/responses" },
    response: { body: { object: "response", output: [fc_001] }, headers: {}, status: 200 },
    section: "orders",
  };

  test("is read, not gated: the reports say where the recordings came from", async () => {
    const path = file("recorded.cassette.jsonl", [JSON.stringify({ provenance }), JSON.stringify(interaction)]);
    const text = await run(["check", path]);
    expect(text.code).toBe(0);
    expect(text.out).toContain(
      `Recorded:\n  ${path}: recorded 2026-11-30T08:00:00.000Z by OpenAI/JS 7.59.0 (agent-testkit 0.1.0; gpt-5)`,
    );
    const json = JSON.parse((await run(["check", path, "--json"])).out);
    expect(json.recorded).toEqual([{ line: 1, provenance, text: expect.stringContaining("OpenAI/JS 7.59.0") }]);
    // issue 36 (14): the provenance line is no interaction "without a call"; one item is "1 item"
    expect(json).toMatchObject({ lines: 2, skipped: 0, items: 1 });
    expect(text.out).toContain(`${path}: 2 lines, 1 item\n`);
    const directory = JSON.parse((await run(["check", dir, "--json"])).out);
    expect(directory.recorded).toContainEqual(expect.objectContaining({ file: path, line: 1 }));
  });

  test("of the wrong shape, it is a malformed line saying which field", async () => {
    const path = file("bad-provenance.cassette.jsonl", [JSON.stringify({ provenance: { ...provenance, clients: 7 } })]);
    const { code, out } = await run(["check", path]);
    expect(code).toBe(1);
    expect(out).toContain(`${path}:1  malformed_line: provenance.clients must be an array of strings, got 7`);
  });
});
