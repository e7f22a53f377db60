// `agent-testkit trace <file> --out <dir>` as a user runs it (the built CLI): an @openai/agents run
// traced by its own tracing and an OTLP/JSON export of GenAI chat spans, each turned into a cassette
// and a Vitest file; the file, run in its own Vitest process, passes as written and fails once its
// trajectory is edited. A trace whose model spans lack their messages says which and how to capture them.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  OpenAIChatCompletionsModel,
  run,
  type Span,
  setTraceProcessors,
  setTracingDisabled,
  type TracingProcessor,
} from "@openai/agents";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fakeChatCompletions, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { requireFreshBuild, root } from "../build.js";
import { triageAgents, triageAgentsOn } from "../matchers/triage.js";

const cli = join(root, "dist", "cli.js");
const suite = fileURLToPath(new URL("./trace-suite/", import.meta.url));
// inside the repository, where the generated file's imports resolve as in a user's project
const out = mkdtempSync(join(suite, "out-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
beforeAll(() => requireFreshBuild("cli.js", "trace-test.js"));

function exec(file: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string; stdout: string }>((resolve) => {
    execFile(file, args, { cwd: root, env: { ...process.env, CI: "", ...env } }, (error, stdout, stderr) => {
      resolve({
        code: error ? Number((error as { code?: number }).code ?? 1) : 0,
        output: `${stdout}${stderr}`,
        stdout,
      });
    });
  });
}

const traceCli = (...args: string[]) => exec(process.execPath, [cli, "trace", ...args]);
const runGenerated = () =>
  exec(
    process.execPath,
    [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--config", join(suite, "vitest.config.ts")],
    {
      TRACE_OUT: out,
    },
  );

/** The generated files type-checked as a strict project would (unused names refused too). */
function typecheckGenerated() {
  writeFileSync(
    join(out, "tsconfig.json"),
    JSON.stringify({
      extends: join(root, "tsconfig.json"),
      compilerOptions: { noUnusedLocals: true, noUnusedParameters: true },
      include: ["*.ts"],
      exclude: [],
    }),
  );
  return exec(process.execPath, [
    join(root, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(out, "tsconfig.json"),
  ]);
}

/**
 * The generated test passes as written and type-checks as a strict project; with its trajectory
 * edited (`edit`: what is replaced, and by what) it fails, saying `failure`. The file is removed after.
 */
async function passesThenFailsEdited(testFile: string, edit: [string, string], failure: string) {
  const passed = await runGenerated();
  expect(passed.output).toMatch(/1 passed/);
  expect(passed.code).toBe(0);
  const typed = await typecheckGenerated();
  expect(typed.output).toBe("");
  expect(typed.code).toBe(0);
  const source = readFileSync(testFile, "utf8");
  expect(source).toContain(edit[0]);
  writeFileSync(testFile, source.replace(edit[0], edit[1]));
  const failed = await runGenerated();
  expect(failed.code).toBe(1);
  expect(failed.output).toContain(failure);
  rmSync(testFile);
}

/** The spans of a run, as @openai/agents' own tracing hands them to a processor, once `count` of `type` ended. */
async function traced(go: () => Promise<unknown>, type: string, count: number): Promise<Array<Span<never>>> {
  const spans: Array<Span<never>> = [];
  const processor: TracingProcessor = {
    onTraceStart: async () => {},
    onTraceEnd: async () => {},
    onSpanStart: async () => {},
    onSpanEnd: async (span) => void spans.push(span as Span<never>),
    shutdown: async () => {},
    forceFlush: async () => {},
  };
  setTraceProcessors([processor]);
  setTracingDisabled(false);
  try {
    await go();
    await expect
      .poll(() => spans.filter((span) => (span.spanData as { type: string }).type === type).length)
      .toBe(count);
    return spans;
  } finally {
    setTraceProcessors([]);
    setTracingDisabled(true);
  }
}

const script = () => [
  turn.handoff("Billing"),
  turn.functionCall("lookup_order", { id: "A1" }),
  turn.message("A1 is late."),
];

/** A triage run through the Responses fake, traced. */
function tracedTriageRun(): Promise<Array<Span<never>>> {
  const fake = fakeResponses().reply(...script());
  return traced(() => run(triageAgents(fake).triage, "Where is A1?"), "response", 3);
}

test("an @openai/agents trace with its span data: a cassette and a test that passes as written and fails once its trajectory is edited", async () => {
  const spans = await tracedTriageRun();
  const file = join(out, "triage.json");
  // as the docs show: each span written from a processor with its span data (toJSON() drops a response's content)
  writeFileSync(file, JSON.stringify(spans.map((span) => ({ ...span.toJSON(), span_data: span.spanData }))));

  const made = await traceCli(file, "--out", out);
  expect(made.output).toContain("3 model call(s), 3 step(s)");
  expect(made.code).toBe(0);
  const testFile = join(out, "triage.trajectory.test.ts");
  const source = readFileSync(testFile, "utf8");
  expect(source).toContain('"handoff": "Billing"');
  expect(source).toContain('"tool": "lookup_order"');
  expect(readFileSync(join(out, "triage.cassette.jsonl"), "utf8").split("\n")[0]).toContain('"provenance"');

  await passesThenFailsEdited(testFile, ['"id": "A1"', '"id": "B2"'], "The run left the path at step 2");
}, 90_000);

test("an @openai/agents run on Chat Completions, exported as its processor's toJSON(): a Chat Completions cassette and its test", async () => {
  const fake = fakeChatCompletions().reply(...script());
  const model = new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "k", fetch: fake.fetch }), "gpt-5");
  const spans = await traced(() => run(triageAgentsOn(model).triage, "Where is A1?"), "generation", 3);
  // a generation span keeps its messages in toJSON(): the plain export is enough
  const file = join(out, "chat.json");
  writeFileSync(file, JSON.stringify(spans.map((span) => span.toJSON())));
  const made = await traceCli(file, "--out", out);
  expect(made.output).toContain("3 model call(s), 3 step(s)");
  const testFile = join(out, "chat.trajectory.test.ts");
  const source = readFileSync(testFile, "utf8");
  expect(source).toContain("fakeChatCompletions({ cassette:");
  expect(source).toContain(`import { readFileSync } from "node:fs";`);
  expect(readFileSync(join(out, "chat.cassette.jsonl"), "utf8")).toContain('"path":"/chat/completions"');
  await passesThenFailsEdited(
    testFile,
    ['"handoff": "Billing"', '"handoff": "Refunds"'],
    "The run left the path at step 1",
  );
}, 90_000);

const attribute = (key: string, value: string | number) => ({
  key,
  value: typeof value === "number" ? { intValue: String(value) } : { stringValue: value },
});
const chatSpan = (spanId: string, start: number, input: unknown[], output: unknown[]) => ({
  traceId: "t1",
  spanId,
  parentSpanId: "agent",
  name: "chat gpt-5",
  startTimeUnixNano: String(start),
  attributes: [
    attribute("gen_ai.operation.name", "chat"),
    attribute("gen_ai.request.model", "gpt-5"),
    attribute("gen_ai.input.messages", JSON.stringify(input)),
    attribute("gen_ai.output.messages", JSON.stringify(output)),
    attribute("gen_ai.usage.input_tokens", 12),
    attribute(
      "gen_ai.tool.definitions",
      JSON.stringify([
        {
          type: "function",
          name: "lookup_order",
          parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        },
      ]),
    ),
  ],
});
const user = { role: "user", parts: [{ type: "text", content: "Where is A1?" }] };
const call = {
  role: "assistant",
  parts: [{ type: "tool_call", id: "call_1", name: "lookup_order", arguments: { id: "A1" } }],
};
const answer = { role: "tool", parts: [{ type: "tool_call_response", id: "call_1", response: "late" }] };
const said = { role: "assistant", parts: [{ type: "text", content: "A1 is late." }] };

test("an OTLP/JSON export of GenAI chat spans with their messages: the same, the tools from gen_ai.tool.definitions", async () => {
  const file = join(out, "otel.json");
  writeFileSync(
    file,
    JSON.stringify({
      resourceSpans: [
        {
          scopeSpans: [
            { spans: [chatSpan("c2", 200, [user, call, answer], [said]), chatSpan("c1", 100, [user], [call])] },
          ],
        },
      ],
    }),
  );
  const made = await traceCli(file, "--out", out, "--name", "lookup");
  expect(made.code).toBe(0);
  const source = readFileSync(join(out, "lookup.trajectory.test.ts"), "utf8");
  expect(source).toContain("const TOOLS = [");
  expect(source).toContain('"message": "A1 is late."');
  const passed = await runGenerated();
  expect(passed.output).toMatch(/1 passed/);
  expect(passed.code).toBe(0);
  rmSync(join(out, "lookup.trajectory.test.ts"));

  // a hostile file name ends no comment of the generated file early: no line of it runs
  const hostile = join(out, 'x\nprocess.exit(3)\n".json');
  writeFileSync(hostile, readFileSync(file));
  expect((await traceCli(hostile, "--out", out, "--name", "hostile")).code).toBe(0);
  const generated = readFileSync(join(out, "hostile.trajectory.test.ts"), "utf8");
  expect(generated.split("\n").filter((line) => line.includes("process.exit"))).toEqual([
    expect.stringMatching(/^\/\/ Generated by `agent-testkit trace x\\nprocess\.exit\(3\)\\n"\.json`/),
    expect.stringContaining('test("the path x\\nprocess.exit(3)\\n\\".json recorded"'),
  ]);
  const hostileRun = await runGenerated();
  expect(hostileRun.output).toMatch(/1 passed/);
  rmSync(join(out, "hostile.trajectory.test.ts"));
}, 90_000);

test("spans without their messages: each named with what it lacks and how to capture it, nothing written", async () => {
  const spans = await tracedTriageRun();
  const exported = join(out, "exported.json");
  writeFileSync(exported, JSON.stringify(spans.map((span) => span.toJSON())));
  const agents = await traceCli(exported, "--out", join(out, "none"));
  expect(agents.code).toBe(1);
  expect(agents.output).toContain("3 model span(s) lack their messages; nothing written.");
  expect(agents.output).toMatch(/response \(span span_\w+\): no its _input and _response/);
  expect(agents.output).toContain("{ ...span.toJSON(), span_data: span.spanData }");
  expect(existsSync(join(out, "none"))).toBe(false);

  const bare = chatSpan("c1", 100, [user], [call]);
  bare.attributes = bare.attributes.filter((a) => !a.key.endsWith(".messages"));
  const otel = join(out, "bare.json");
  writeFileSync(otel, JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [bare] }] }] }));
  const missing = await traceCli(otel, "--out", out);
  expect(missing.code).toBe(1);
  expect(missing.output).toContain("chat gpt-5 (span c1): no gen_ai.input.messages and gen_ai.output.messages");
  expect(missing.output).toContain("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true");

  mkdirSync(join(out, "x"), { recursive: true });
  writeFileSync(join(out, "x", "not.json"), '{"nope": 1}');
  const notTrace = await traceCli(join(out, "x", "not.json"), "--out", out);
  expect(notTrace.code).toBe(1);
  expect(notTrace.output).toContain("is no trace");
  expect((await traceCli(otel)).code).toBe(2);
}, 60_000);
