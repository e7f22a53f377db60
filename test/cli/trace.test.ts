// `agent-testkit check` on a trace file: an OTLP/JSON export of GenAI spans, or @openai/agents'
// exported spans, gated as a log of its calls (each execute_tool or function span a line), in the
// order the spans began; a .json file that is no trace is read as a log, as before.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { run } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-trace-check-"));
const tools = join(dir, "tools.json");
writeFileSync(
  tools,
  JSON.stringify([
    {
      type: "function",
      name: "lookup_order",
      parameters: {
        type: "object",
        properties: { id: { type: "string" } },
        required: ["id"],
        additionalProperties: false,
      },
    },
  ]),
);

const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
const toolSpan = (spanId: string, start: number, args: string) => ({
  traceId: "t1",
  spanId,
  parentSpanId: "agent",
  name: "execute_tool lookup_order",
  startTimeUnixNano: String(start),
  attributes: [
    attribute("gen_ai.operation.name", "execute_tool"),
    attribute("gen_ai.tool.name", "lookup_order"),
    attribute("gen_ai.tool.call.id", `call_${spanId}`),
    attribute("gen_ai.tool.call.arguments", args),
  ],
});

test("an OTLP/JSON trace: each tool span's call gated against the tools, the failing one named", async () => {
  const path = join(dir, "trace.json");
  writeFileSync(
    path,
    JSON.stringify(
      {
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  // exported out of order: read in the order the spans began
                  toolSpan("s2", 300, '{"order":"A1"}'),
                  toolSpan("s1", 200, '{"id":"A1"}'),
                  {
                    traceId: "t1",
                    spanId: "agent",
                    name: "invoke_agent Support",
                    startTimeUnixNano: "100",
                    attributes: [
                      attribute("gen_ai.operation.name", "invoke_agent"),
                      attribute("gen_ai.agent.name", "Support"),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      null,
      2,
    ),
  );
  const { code, out } = await run(["check", path, "--tools", tools, "--json"]);
  const report = JSON.parse(out);
  expect(code).toBe(1);
  expect(report.lines).toBe(2);
  expect(report.counts).toMatchObject({ ok: 1, arguments_schema: 1 });
  expect(report.failures[0]).toMatchObject({ line: 2 });
});

test("@openai/agents' exported spans: a function span's input gated", async () => {
  const path = join(dir, "agents.json");
  writeFileSync(
    path,
    JSON.stringify([
      {
        object: "trace.span",
        id: "span_1",
        trace_id: "trace_1",
        parent_id: null,
        started_at: "2026-12-07T10:00:00.000Z",
        span_data: { type: "agent", name: "Billing" },
      },
      {
        object: "trace.span",
        id: "span_2",
        trace_id: "trace_1",
        parent_id: "span_1",
        started_at: "2026-12-07T10:00:01.000Z",
        span_data: { type: "function", name: "lookup_order", input: '{"id":"A1"}', output: "late" },
      },
    ]),
  );
  const { code, out } = await run(["check", path, "--tools", tools, "--json"]);
  expect(JSON.parse(out)).toMatchObject({ lines: 1, counts: { ok: 1 } });
  expect(code).toBe(0);
});
