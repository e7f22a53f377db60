// The conversation matchers take what the agent frameworks return, with no adapter call:
// @openai/agents' RunResult (and its newItems and history), the AI SDK's generateText result and
// its steps, LangChain's messages. Each run through the framework itself, against the fake.
import { createOpenAI } from "@ai-sdk/openai";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { Agent, OpenAIResponsesModel, run, setTracingDisabled } from "@openai/agents";
import { generateText, readUIMessageStream, stepCountIs, streamText, tool, type UIMessage } from "ai";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { createFactories } from "../../fixtures/factories/index.js";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { salesReport } from "../msw/salesTool.js";
import { failureOf } from "./helpers.js";

setTracingDisabled(true);

/** The sales tool as the Responses API declares it (its schema is what the gate checks). */
const salesReportDefinition = {
  type: "function" as const,
  name: "get_latest_sales_report",
  parameters: {
    type: "object",
    properties: { region: { type: "string", enum: ["apac", "emea", "amer"] } },
    required: ["region"],
  },
};

describe("@openai/agents: a RunResult, its newItems and its history", () => {
  async function salesRun(stream = false) {
    const fake = fakeResponses().reply(
      turn.functionCall("get_latest_sales_report", { region: "apac" }),
      turn.message("APAC is up 4%."),
    );
    const agent = new Agent({
      name: "Sales",
      instructions: "Answer with the report.",
      model: new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch }), "gpt-5"),
      tools: [salesReport],
    });
    if (!stream) return { fake, result: await run(agent, "How are APAC sales?") };
    const result = await run(agent, "How are APAC sales?", { stream: true });
    for await (const _ of result.toStream()) void _;
    await result.completed;
    return { fake, result };
  }

  test("toHaveCalledTool and toHaveCalledToolTimes read the result and its RunItems", async () => {
    const { result } = await salesRun();
    expect(result).toHaveCalledTool("get_latest_sales_report", { region: "apac" });
    expect(result).not.toHaveCalledTool("get_latest_sales_report", { region: "emea" });
    // RunItems wrap their items: they counted 0 calls before
    expect(result.newItems).toHaveCalledToolTimes("get_latest_sales_report", 1);
    expect(result.history).toHaveCalledToolTimes("get_latest_sales_report", 1);
  });

  test("a streamed run's result too", async () => {
    const { result } = await salesRun(true);
    expect(result).toHaveCalledTool("get_latest_sales_report", { region: "apac" });
    expect(result).toHaveAllCallsPaired();
  });

  test("toHaveAllCallsPaired reads callId and function_call_result (no false problems)", async () => {
    const { result } = await salesRun();
    expect(result.history).toHaveAllCallsPaired();
    expect(result).toHaveAllCallsPaired();
    const unanswered = result.history.filter((item) => item.type !== "function_call_result");
    expect(unanswered).not.toHaveAllCallsPaired();
  });

  test("toBeReplayable and toPairWithCall take the SDK's items and RunItems", async () => {
    const { result } = await salesRun();
    const call = result.history.find((item) => item.type === "function_call");
    const output = result.history.find((item) => item.type === "function_call_result");
    expect(call).toBeReplayable([salesReportDefinition]);
    expect(output).toPairWithCall(call);
    const [callItem, outputItem] = result.newItems;
    expect(callItem).toBeReplayable([salesReportDefinition]);
    expect(outputItem).toPairWithCall(callItem);
    expect({ ...output, callId: "call_other" }).not.toPairWithCall(call);
  });

  test("toHaveAnsweredCall takes the SDK's own call item, on the fake and on the result", async () => {
    const { fake, result } = await salesRun();
    const call = result.history.find((item) => item.type === "function_call");
    expect(fake).toHaveAnsweredCall(call, "sales report for apac");
    expect(result).toHaveAnsweredCall(call, "sales report for apac");
    expect(result).not.toHaveAnsweredCall("call_unknown");
  });
});

describe("the AI SDK: generateText's result and its steps", () => {
  const weather = tool({
    description: "The weather in a city.",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, celsius: 21 }),
  });

  async function weatherRun() {
    const fake = fakeResponses().reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Sunny, 21 °C."));
    const openai = createOpenAI({ apiKey: "k", fetch: fake.fetch });
    const result = await generateText({
      model: openai("gpt-5"),
      prompt: "Weather in Oslo?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    return { fake, result };
  }

  test("the result and its steps: calls, answers, pairing", async () => {
    const { result } = await weatherRun();
    expect(result).toHaveCalledTool("weather", { city: "Oslo" });
    expect(result.steps).toHaveCalledToolTimes("weather", 1);
    expect(result).toHaveAllCallsPaired();
    const [call] = result.steps[0]!.toolCalls;
    expect(result).toHaveAnsweredCall(call, { city: "Oslo", celsius: 21 });
  });

  test("toBeReplayable and toPairWithCall take a step's tool call and result", async () => {
    const { result } = await weatherRun();
    const step = result.steps[0]!;
    const definition = {
      type: "function" as const,
      name: "weather",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    };
    expect(step.toolCalls[0]).toBeReplayable([definition]);
    expect(step.toolResults[0]).toPairWithCall(step.toolCalls[0]);
  });

  test("a step's own callId is its generation's, never taken for a tool call's", async () => {
    const { result } = await weatherRun();
    const step = result.steps[0]!;
    expect(step.callId).not.toBe(step.toolCalls[0]!.toolCallId);
    expect(result).not.toHaveAnsweredCall(step.callId);
  });

  test("streamText: its steps, once awaited", async () => {
    const fake = fakeResponses().reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Sunny."));
    const openai = createOpenAI({ apiKey: "k", fetch: fake.fetch });
    const result = streamText({
      model: openai("gpt-5"),
      prompt: "Weather?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    const steps = await result.steps;
    expect(steps).toHaveCalledTool("weather", { city: "Oslo" });
    expect(steps).toHaveAllCallsPaired();
  });
});

describe("the AI SDK: UI messages (useChat's, readUIMessageStream's)", () => {
  const weather = tool({
    description: "The weather in a city.",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, celsius: 21 }),
  });

  test("a streamed answer's UI message: tool-<name> parts, their outputs", async () => {
    const fake = fakeResponses().reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Sunny."));
    const openai = createOpenAI({ apiKey: "k", fetch: fake.fetch });
    const result = streamText({
      model: openai("gpt-5"),
      prompt: "Weather?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: result.toUIMessageStream() })) last = message;
    const messages = [last!];
    expect(messages).toHaveCalledTool("weather", { city: "Oslo" });
    expect(messages).toHaveCalledToolTimes("weather", 1);
    expect(messages).toHaveAllCallsPaired();
    const part = last!.parts.find((p) => p.type === "tool-weather")!;
    expect(messages).toHaveAnsweredCall(part, { city: "Oslo", celsius: 21 });
  });

  test("a call waiting for its output or an approval is unanswered; a denied or failed one is answered", () => {
    const message = (state: string, extra: object = {}) => ({
      id: "m1",
      role: "assistant",
      parts: [{ type: "dynamic-tool", toolName: "refund", toolCallId: "call_1", state, input: { id: 7 }, ...extra }],
    });
    expect([message("input-available")]).toHaveCalledTool("refund", { id: 7 });
    expect([message("input-available")]).not.toHaveAllCallsPaired();
    expect([message("approval-requested", { approval: { id: "a1" } })]).not.toHaveAllCallsPaired();
    expect([message("output-denied", { approval: { id: "a1", approved: false } })]).toHaveAllCallsPaired();
    expect([message("output-error", { errorText: "boom" })]).toHaveAllCallsPaired();
  });
});

describe("agents: who called what, and which guardrail tripped", () => {
  const runItem = (agent: string, rawItem: object) => ({ type: "tool_call_item", agent: { name: agent }, rawItem });
  const call = (name: string, args: object) => ({
    type: "function_call",
    callId: `call_${name}`,
    name,
    arguments: JSON.stringify(args),
    status: "completed",
  });

  test("RunItems name their agent; the message lists each call by agent", () => {
    const items = [runItem("Triage", call("transfer_to_Billing", {})), runItem("Billing", call("refund", { id: 7 }))];
    expect(items).toHaveAgentCalledTool("Billing", "refund", { id: 7 });
    expect(items).not.toHaveAgentCalledTool("Triage", "refund");
    const message = failureOf(() => expect(items).toHaveAgentCalledTool("Triage", "refund"));
    expect(message).toContain('Expected: "Triage" to call "refund"');
    expect(message).toMatch(/- Triage: transfer_to_Billing Object \{\}\n\s+- Billing: refund Object \{/);
  });

  test("on a fake, the first agent is unnamed: only a handoff names an agent on the wire", async () => {
    const fake = fakeResponses().reply(turn.functionCall("get_latest_sales_report", { region: "apac" }));
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    await client.responses.create({
      model: "gpt-5",
      input: "Hi",
      tools: [{ ...salesReportDefinition, strict: false }],
    });
    const message = failureOf(() => expect(fake).toHaveAgentCalledTool("Triage", "get_latest_sales_report"));
    expect(message).toContain("the first agent (before any handoff): get_latest_sales_report");
  });

  test("an agent told by what it sends: the selector is checked, and printed when it fails", () => {
    const items = [runItem("Billing", call("refund", { id: 7 }))];
    expect(failureOf(() => expect(items).toHaveAgentCalledTool({ instructions: /route/i }, "refund"))).toContain(
      'Expected: the agent { instructions: /route/i } to call "refund"',
    );
    expect(failureOf(() => expect(items).toHaveAgentCalledTool({ agent: "Billing" } as never, "refund"))).toContain(
      "Matcher error: agent value must be an agent's name, or { instructions?: string | RegExp, tools?: string[] }",
    );
  });

  test("what cannot tell an agent is a matcher error", () => {
    expect(failureOf(() => expect([call("refund", {})]).toHaveAgentCalledTool("Billing", "refund"))).toContain(
      "Matcher error: received value must be an @openai/agents RunResult",
    );
    expect(failureOf(() => expect(fakeResponses()).toHaveTrippedGuardrail())).toContain(
      "Matcher error: received value must be an @openai/agents RunResult, or the tripwire error",
    );
  });

  test("guardrail verdicts: input, output and tool guardrails; a tripwire error", () => {
    const verdict = (name: string, tripwireTriggered: boolean) => ({
      guardrail: { type: "input", name },
      output: { tripwireTriggered, outputInfo: { score: 1 } },
    });
    const result = {
      inputGuardrailResults: [verdict("abuse", false)],
      outputGuardrailResults: [],
      toolInputGuardrailResults: [
        { guardrail: { type: "tool_input", name: "pii" }, output: { behavior: { type: "rejectContent" } } },
      ],
      toolOutputGuardrailResults: [],
    };
    expect(result).toHaveTrippedGuardrail("pii");
    expect(result).not.toHaveTrippedGuardrail("abuse");
    const message = failureOf(() => expect(result).toHaveTrippedGuardrail("abuse"));
    expect(message).toContain('Expected: the guardrail "abuse" to trip');
    expect(message).toMatch(/- input "abuse": passed Object \{[\s\S]*- tool_input "pii": tripped/);
    const error = Object.assign(new Error("Input guardrail triggered"), { result: verdict("abuse", true) });
    expect(error).toHaveTrippedGuardrail("abuse");
  });
});

describe("LangChain.js: AIMessage.tool_calls and ToolMessage", () => {
  test("a tool loop's messages", async () => {
    const fake = fakeResponses().reply(turn.functionCall("weather", { city: "Oslo" }));
    const model = new ChatOpenAI({
      model: "gpt-5",
      apiKey: "k",
      useResponsesApi: true,
      configuration: { fetch: fake.fetch },
    }).bindTools([
      {
        type: "function",
        function: { name: "weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
      },
    ]);
    const question = new HumanMessage("Weather in Oslo?");
    const ai = await model.invoke([question]);
    const messages = [question, ai];
    expect(messages).toHaveCalledTool("weather", { city: "Oslo" });
    expect(messages).not.toHaveAllCallsPaired();
    const answer = new ToolMessage({ tool_call_id: ai.tool_calls![0]!.id!, content: "Sunny" });
    expect([...messages, answer]).toHaveAllCallsPaired();
  });
});

describe("a misspelt call_id on the wire stays a problem", () => {
  // found by the consumer project's factories run: `callId` alone is the misspelling the invalid
  // factories build, not @openai/agents' item; only beside the SDK's own values is it the SDK's
  const call = { type: "function_call", call_id: "call_1", name: "f", arguments: "{}", status: "completed" };
  const { call_id: _pin, ...unpinned } = call;
  const typo = { ...unpinned, callId: "call_1" };
  const output = { type: "function_call_output", call_id: "call_1", output: "ok" };

  test("toPairWithCall and toHaveAllCallsPaired", () => {
    expect(output).not.toPairWithCall(typo);
    expect([typo, output]).not.toHaveAllCallsPaired();
    expect([call, output]).toHaveAllCallsPaired();
  });

  test("every invalid pair the factories build stays invalid", () => {
    const f = createFactories({ seed: 2, tools: [salesReportDefinition] });
    const pairs = f.invalid.all().filter((c) => c.check === "pair");
    expect(pairs.length).toBeGreaterThan(3);
    for (const c of pairs) expect(c.item).not.toPairWithCall(c.call as object);
  });

  test("beside the SDK's function_call_result, the same call is the SDK's", () => {
    const result = { type: "function_call_result", callId: "call_1", name: "f", status: "completed", output: "ok" };
    expect(result).toPairWithCall(typo);
    expect([typo, result]).toHaveAllCallsPaired();
  });
});

describe("what looks like a framework's result but cannot be read is a matcher error, never a silent 0", () => {
  test("streamText's result itself (its steps are a promise)", () => {
    const unread = { steps: Promise.resolve([]), text: Promise.resolve("") };
    expect(failureOf(() => expect(unread).toHaveCalledTool("weather"))).toContain(
      "Matcher error: received value must be",
    );
    expect(failureOf(() => expect(unread).toHaveAllCallsPaired())).toContain("a framework's result");
  });
});
