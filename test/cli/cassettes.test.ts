// `agent-testkit check` reads cassettes as it reads logs, a file or a whole directory of them:
// every recorded call is gated, against the tools given (a proposed set) or its request's own.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { fc_001, fc_009, salesTool } from "../core/samples.js";
import { run } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-check-cassettes-"));
const write = (name: string, lines: unknown[]) => {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return path;
};
const interaction = (output: unknown[], tools: unknown[] = [salesTool], stream = false) => ({
  section: "a test",
  request: { method: "POST", path: "/responses", body: { model: "gpt-5", input: "hi", tools } },
  response: stream
    ? {
        status: 200,
        headers: {},
        events: [
          { type: "response.created" },
          { type: "response.completed", response: { object: "response", output } },
        ],
      }
    : { status: 200, headers: {}, body: { object: "response", id: "resp_1", output } },
});
const session = (args: unknown) => ({
  section: "agents",
  request: { method: "GET", path: "/agents/sessions/sess_1" },
  response: {
    status: 200,
    headers: {},
    body: {
      object: "agent.session",
      agent: { tools: [salesTool] },
      required_actions: [
        {
          type: "function_call",
          turn_id: "turn_1",
          call_id: "call_1",
          name: "get_latest_sales_report",
          arguments: args,
        },
      ],
    },
  },
});

test("each recorded call is gated against its own request's tools; lines without calls are counted apart", async () => {
  const cassette = write("one.jsonl", [
    interaction([fc_001]),
    interaction([fc_009], [salesTool], true),
    {
      section: "a test",
      request: { method: "GET", path: "/responses/resp_1" },
      response: { status: 200, headers: {}, body: { object: "response", output: [] } },
    },
    session({ region: "global" }),
  ]);
  const { code, out } = await run(["check", cassette, "--json"]);
  expect(code).toBe(1);
  const report = JSON.parse(out);
  expect(report).toMatchObject({ lines: 4, items: 3, skipped: 1, counts: { ok: 1, arguments_schema: 2 } });
  expect(report.failures.map((f: { line: number }) => f.line)).toEqual([2, 4]);
  expect((await run(["check", cassette])).out).toContain("4 lines, 3 items, 1 without a call");
});

test("with --tools, recordings are gated against the proposed tool set", async () => {
  const cassette = write("two.jsonl", [interaction([fc_001])]);
  expect((await run(["check", cassette])).code).toBe(0);
  const narrowed = join(dir, "narrowed.json");
  writeFileSync(
    narrowed,
    JSON.stringify([
      {
        ...salesTool,
        parameters: {
          type: "object",
          properties: { region: { type: "string", enum: ["emea"] } },
          required: ["region"],
        },
      },
    ]),
  );
  const { code, out } = await run(["check", cassette, "--tools", narrowed]);
  expect(code).toBe(1);
  expect(out).toContain(
    'arguments_schema: /region must be equal to one of the allowed values ("emea"), received "apac"',
  );
});

test("a directory: every .jsonl under it, one report, each failure naming its file", async () => {
  const folder = join(dir, "cassettes");
  const a = write("cassettes/a.cassette.jsonl", [interaction([fc_001])]);
  const b = write("cassettes/nested/b.cassette.jsonl", [interaction([fc_001]), interaction([fc_009])]);
  writeFileSync(join(folder, "notes.txt"), "not a log");
  const { code, out } = await run(["check", folder, "--json"]);
  expect(code).toBe(1);
  const report = JSON.parse(out);
  expect(report).toMatchObject({ file: folder, lines: 3, items: 3, failed: 1 });
  expect(report.failures).toEqual([expect.objectContaining({ file: b, line: 2, reason: "arguments_schema" })]);
  const github = (await run(["check", folder, "--format", "github"])).out;
  expect(github).toContain(`::error file=${b},line=2,title=arguments_schema (get_latest_sales_report)::`);
  expect((await run(["check", folder])).out).toContain(`${b}:2  arguments_schema`);
  void a;
});
