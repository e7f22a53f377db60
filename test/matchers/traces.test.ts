// Traces are conversations: the spans an @openai/agents run leaves (as its own trace processor
// receives them, and as they export to JSON), and OpenTelemetry spans following the GenAI semantic
// conventions (an InMemorySpanExporter's ReadableSpans, and an OTLP/JSON export), read by
// toMatchTrajectory and the conversation matchers, each step with the agent whose span it ran under.
import { run, type Span, setTraceProcessors, setTracingDisabled, type TracingProcessor } from "@openai/agents";
import { context, trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { trajectoryOf } from "../../src/trajectory.js";
import { failureOf } from "./helpers.js";
import { triageAgents } from "./triage.js";

describe("@openai/agents' own traces", () => {
  const spans: Array<Span<never>> = [];
  const processor: TracingProcessor = {
    onTraceStart: async () => {},
    onTraceEnd: async () => {},
    onSpanStart: async () => {},
    onSpanEnd: async (span) => {
      spans.push(span as Span<never>);
    },
    shutdown: async () => {},
    forceFlush: async () => {},
  };
  // only this processor: the default one would export to OpenAI
  setTraceProcessors([processor]);
  setTracingDisabled(false);
  afterAll(() => {
    setTraceProcessors([]);
    setTracingDisabled(true);
  });

  test("a triage run traced by its own tracing: the handoff and the specialist's tools, by agent", async () => {
    const fake = fakeResponses();
    const { triage } = triageAgents(fake);
    fake.reply(turn.handoff("Billing"), turn.functionCall("lookup_order", { id: "A1" }), turn.message("Late."));
    await run(triage, "Where is A1?");
    await expect.poll(() => spans.some((span) => (span.spanData as { type: string }).type === "function")).toBe(true);

    const path = [
      { handoff: "Billing", agent: "Triage" },
      { tool: "lookup_order", args: { id: "A1" }, agent: "Billing" },
    ];
    expect(spans).toMatchTrajectory(path);
    expect(spans).toHaveCalledTool("lookup_order", { id: "A1" });
    expect(spans).toHaveAllCallsPaired();
    expect(failureOf(() => expect(spans).toMatchTrajectory([path[1]!, path[0]!]))).toContain(
      "The run left the path at step 1:",
    );
    // exported as JSON (what a processor writes to a file), read the same
    const exported = JSON.parse(JSON.stringify(spans.map((span) => span.toJSON()).filter(Boolean)));
    expect(exported).toMatchTrajectory(path);
  });
});

describe("OpenTelemetry spans on the GenAI semantic conventions", () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer("an-agent-app");

  /** What an instrumented agent app emits: an agent's span, a model call, the tool it ran, the answer. */
  function instrumentedRun() {
    const agent = tracer.startSpan("invoke_agent Support", {
      attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Support" },
    });
    const under = trace.setSpan(context.active(), agent);
    const child = (name: string, attributes: Record<string, string>) =>
      tracer.startSpan(name, { attributes }, under).end();
    child("chat gpt-5", {
      "gen_ai.operation.name": "chat",
      "gen_ai.output.messages": JSON.stringify([
        {
          role: "assistant",
          parts: [{ type: "tool_call", id: "call_1", name: "lookup_order", arguments: { id: "A1" } }],
        },
      ]),
    });
    child("execute_tool lookup_order", {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "lookup_order",
      "gen_ai.tool.call.id": "call_1",
      "gen_ai.tool.call.arguments": '{"id":"A1"}',
      "gen_ai.tool.call.result": "late",
    });
    child("chat gpt-5", {
      "gen_ai.operation.name": "chat",
      "gen_ai.output.messages": JSON.stringify([
        { role: "assistant", parts: [{ type: "text", content: "It is late." }] },
      ]),
    });
    agent.end();
  }

  test("an InMemorySpanExporter's ReadableSpans: the tools run, the messages, the agent", () => {
    exporter.reset();
    instrumentedRun();
    const spans = exporter.getFinishedSpans();
    expect(spans).toMatchTrajectory([{ tool: "lookup_order", args: { id: "A1" }, agent: "Support" }]);
    expect(spans).toMatchTrajectory([
      { tool: "lookup_order", args: { id: "A1" } },
      { message: "It is late.", agent: "Support" },
    ]);
    expect(spans).toHaveAnsweredCall("call_1", "late");
    expect(trajectoryOf(spans).map((step) => step.kind)).toEqual(["tool", "message"]);
  });

  test("an OTLP/JSON export of the same spans", () => {
    exporter.reset();
    instrumentedRun();
    const spans = exporter.getFinishedSpans();
    const value = (v: unknown) => (typeof v === "number" ? { intValue: String(v) } : { stringValue: String(v) });
    const otlp = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: spans.map((span) => ({
                traceId: span.spanContext().traceId,
                spanId: span.spanContext().spanId,
                parentSpanId: span.parentSpanContext?.spanId ?? "",
                name: span.name,
                startTimeUnixNano: String(span.startTime[0] * 1e9 + span.startTime[1]),
                attributes: Object.entries(span.attributes).map(([key, v]) => ({ key, value: value(v) })),
              })),
            },
          ],
        },
      ],
    };
    expect(otlp).toMatchTrajectory([{ tool: "lookup_order", args: { id: "A1" }, agent: "Support" }]);
  });
});
