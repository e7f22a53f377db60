// toMatchTrajectory and toHaveCalledToolBefore: the path a run took (tools with their arguments,
// handoffs, messages) held to an expected one, in agentevals' four orders and four argument modes,
// on a plain history, on an @openai/agents triage run through the fake, on each wire's history and
// fake, on the AI SDK's steps and LangChain's messages, on a fakeMcp's calls; a failure names where
// the run left the path.

import { createOpenAI } from "@ai-sdk/openai";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool } from "@openai/agents";
import { tool as aiTool, readUIMessageStream, stepCountIs, streamText, type UIMessage } from "ai";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeAnthropic, fakeResponses, turn } from "../../fixtures/msw/index.js";
import type { TrajectoryOptions } from "../../matchers/toMatchTrajectory.js";
import { trajectoryOf } from "../../src/trajectory.js";
import { failureOf } from "./helpers.js";
import { lookupOrderTool, triageAgents } from "./triage.js";

setTracingDisabled(true);

const call = (name: string, args: unknown, id: string) => ({
  type: "function_call",
  call_id: id,
  name,
  arguments: JSON.stringify(args),
  status: "completed",
});
const output = (id: string) => ({ type: "function_call_output", call_id: id, output: "ok" });
const said = (text: string) => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text, annotations: [] }],
});
const history = [
  { role: "user", content: "Refund order A1" },
  call("lookup_order", { id: "A1" }, "c1"),
  output("c1"),
  call("transfer_to_Billing", {}, "c2"),
  output("c2"),
  call("refund_order", { id: "A1", amount: 20, reason: "late" }, "c3"),
  output("c3"),
  said("Refunded 20 for A1."),
];

describe("the four orders", () => {
  test("strict: the same steps in the same order; a message is a step only where the path names one", () => {
    expect(history).toMatchTrajectory(["lookup_order", { handoff: "Billing" }, "refund_order"]);
    expect(history).toMatchTrajectory([
      "lookup_order",
      { handoff: "Billing" },
      "refund_order",
      { message: /Refunded/ },
    ]);
    expect(history).not.toMatchTrajectory(["lookup_order", "refund_order"]);
    expect(history).not.toMatchTrajectory([{ handoff: "Billing" }, "lookup_order", "refund_order"]);
  });

  test.each([
    ["unordered", ["refund_order", "lookup_order", { handoff: "Billing" }], true],
    ["unordered", ["refund_order", "lookup_order"], false],
    ["subset", ["refund_order", "lookup_order", { handoff: "Billing" }, "cancel_order"], true],
    ["subset", ["refund_order", "lookup_order"], false],
    ["superset", ["refund_order", "lookup_order"], true],
    ["superset", ["refund_order", "cancel_order"], false],
  ] as const)("%s %j: %s", (order, path, passes) => {
    if (passes) expect(history).toMatchTrajectory(path, { order });
    else expect(history).not.toMatchTrajectory(path, { order });
  });

  test("a loose expected step never takes the only run step a stricter one fits (a matching, not greedy)", () => {
    const twice = [call("search", { q: "a" }, "s1"), output("s1"), call("search", { q: "b" }, "s2"), output("s2")];
    expect(twice).toMatchTrajectory(
      [
        { tool: "search", args: expect.anything() },
        { tool: "search", args: { q: "a" } },
      ],
      {
        order: "unordered",
      },
    );
  });
});

describe("the four argument modes", () => {
  const refund = (args: unknown) => ["lookup_order", { handoff: "Billing" }, { tool: "refund_order", args }];
  test.each([
    [
      "exact",
      { id: "A1", amount: 20, reason: "late" },
      { id: "A1" },
      { id: "A1", amount: 20, reason: "late", extra: 1 },
    ],
    ["subset", { id: "A1" }, { id: "A2" }, { id: "A1", amount: 20, reason: "late", extra: 1 }],
    ["superset", { id: "A1", amount: 20, reason: "late", extra: 1 }, { id: "A1" }, undefined],
    ["ignore", { nothing: true }, undefined, undefined],
  ] as const)("%s", (mode, fits, misfit, other) => {
    expect(history).toMatchTrajectory(refund(fits), { args: mode });
    if (misfit !== undefined) expect(history).not.toMatchTrajectory(refund(misfit), { args: mode });
    if (other !== undefined) expect(history).not.toMatchTrajectory(refund(other), { args: mode });
  });

  test("asymmetric matchers inside args; a tool's own mode or comparison", () => {
    expect(history).toMatchTrajectory(refund({ id: "A1", amount: expect.any(Number), reason: expect.any(String) }));
    expect(history).toMatchTrajectory(refund({ id: "A1" }), { tools: { refund_order: { args: "subset" } } });
    expect(history).toMatchTrajectory(refund({ amount: 19.99 }), {
      tools: {
        refund_order: {
          compare: (actual, wanted) =>
            Math.round((actual as { amount: number }).amount) === Math.round((wanted as { amount: number }).amount),
        },
      },
    });
    expect(history).not.toMatchTrajectory(refund({ id: "A1" }), { tools: { lookup_order: { args: "subset" } } });
  });
});

const refund = (args: unknown) => ["lookup_order", { handoff: "Billing" }, { tool: "refund_order", args }];

describe("a failure says where the run left the path", () => {
  test("the first step that differs, the run's path with it marked, the arguments' diff; matchers printed as the runner prints them", () => {
    const message = failureOf(() =>
      expect(history).toMatchTrajectory([
        "lookup_order",
        { handoff: "Billing" },
        { tool: "refund_order", args: { id: "A1", amount: expect.any(String) } },
      ]),
    );
    expect(message).toContain("The run left the path at step 3:");
    expect(message).toContain('expected: refund_order {"amount": Any<String>, "id": "A1"}');
    expect(message).toContain('the run:  refund_order {"amount": 20, "id": "A1", "reason": "late"}');
    expect(message).toContain("Expected: the path [lookup_order, handoff → Billing, refund_order");
    expect(message).toContain('Arguments of "refund_order" at step 3:');
    expect(message).toMatch(/→ 3\. refund_order/);
    expect(message).toMatch(/ {2}1\. lookup_order/);
  });

  test("a run that stops early, or goes on, says so", () => {
    expect(failureOf(() => expect(history).toMatchTrajectory(["lookup_order"]))).toContain(
      "expected: the end of the path",
    );
    expect(
      failureOf(() =>
        expect(history).toMatchTrajectory([...refund({ id: "A1", amount: 20, reason: "late" }), "notify"]),
      ),
    ).toContain("the run:  nothing more (it ended there)");
  });

  test("unordered modes list what is missing and what is extra; .not names the path it matched", () => {
    const message = failureOf(() =>
      expect(history).toMatchTrajectory(["cancel_order", "lookup_order"], { order: "unordered" }),
    );
    expect(message).toContain("Expected steps the run never took (1):\n  cancel_order");
    expect(message).toContain("Steps of the run the expected path does not have (2):");
    expect(
      failureOf(() => expect(history).not.toMatchTrajectory(["lookup_order", { handoff: "Billing" }, "refund_order"])),
    ).toContain("Expected: not the path [lookup_order, handoff → Billing, refund_order] (order: strict)");
  });

  test("a path or option that is no path is a matcher error naming it", () => {
    expect(failureOf(() => expect(history).toMatchTrajectory("lookup_order" as never))).toContain(
      "Matcher error: expected value must be a list of steps",
    );
    expect(failureOf(() => expect(history).toMatchTrajectory([{ tool: "x", argz: {} }] as never))).toContain(
      "Matcher error: expected[0] value must be",
    );
    expect(failureOf(() => expect(history).toMatchTrajectory(["x"], { order: "any" as never }))).toContain(
      'options.order value must be one of "strict", "unordered", "subset", "superset"',
    );
    expect(failureOf(() => expect(42).toMatchTrajectory(["x"]))).toContain("Matcher error: received value must be");
  });
});

describe("toHaveCalledToolBefore", () => {
  test("a call before another, with arguments where given", () => {
    expect(history).toHaveCalledToolBefore("lookup_order", "refund_order");
    expect(history).toHaveCalledToolBefore(
      { tool: "lookup_order", args: { id: "A1" } },
      { tool: "refund_order", args: expect.objectContaining({ amount: 20 }) },
    );
    expect(history).not.toHaveCalledToolBefore("refund_order", "lookup_order");
    expect(history).not.toHaveCalledToolBefore("lookup_order", "cancel_order");
    expect(failureOf(() => expect(history).toHaveCalledToolBefore("refund_order", "lookup_order"))).toContain(
      "Received: the first call to refund_order is call 2; the last call to lookup_order is call 1",
    );
  });
});

describe("the same trajectory, read from what each framework and wire returns", () => {
  test("an @openai/agents triage run through the fake: the handoff, the specialist's tools, by agent", async () => {
    const fake = fakeResponses();
    const model = new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch }), "gpt-5");
    const lookup = lookupOrderTool();
    const refundTool = tool({
      name: "refund_order",
      description: "Refund an order.",
      parameters: z.object({ id: z.string(), amount: z.number() }),
      execute: async ({ id }) => `Order ${id}: refunded`,
    });
    const billing = new Agent({
      name: "Billing",
      instructions: "You refund orders.",
      model,
      tools: [lookup, refundTool],
    });
    const triage = new Agent({ name: "Triage", instructions: "Route the customer.", model, handoffs: [billing] });
    fake.reply(
      turn.handoff("Billing"),
      turn.functionCall("lookup_order", { id: "A1" }),
      turn.functionCall("refund_order", { id: "A1", amount: 20 }),
      turn.message("Refunded."),
    );
    const result = await run(triage, "Refund A1");
    const path = [
      { handoff: "Billing", agent: "Triage" },
      { tool: "lookup_order", args: { id: "A1" }, agent: "Billing" },
      { tool: "refund_order", args: { id: "A1", amount: 20 }, agent: "Billing" },
    ];
    expect(result).toMatchTrajectory(path);
    expect(result).toMatchTrajectory([...path, { message: "Refunded." }]);
    expect(result).not.toMatchTrajectory([path[0]!, { ...path[1]!, agent: "Triage" }, path[2]!]);
    expect(result).toMatchTrajectory(["refund_order"], { order: "superset" });
    expect(result).toHaveCalledToolBefore("lookup_order", "refund_order");
    // the fake's log: the agent known by the handoff that reached it
    expect(fake).toMatchTrajectory([
      { handoff: "Billing" },
      { tool: "lookup_order", agent: "Billing" },
      "refund_order",
    ]);
    expect(trajectoryOf(result).map((step) => step.kind)).toEqual(["handoff", "tool", "tool", "message"]);
  });

  test("a triage run with an input guardrail: each order and argument mode passes and fails where it should", async () => {
    const fake = fakeResponses();
    const { billing, model } = triageAgents(fake);
    let checked = 0;
    const triage = new Agent({
      name: "Triage",
      instructions: "Route the customer.",
      model,
      handoffs: [billing],
      inputGuardrails: [
        {
          name: "no_card_numbers",
          execute: async () => ({ outputInfo: { checked: ++checked }, tripwireTriggered: false }),
        },
      ],
    });
    fake.reply(turn.handoff("Billing"), turn.functionCall("lookup_order", { id: "A1" }), turn.message("A1 is late."));
    const result = await run(triage, "Where is A1?");
    expect(checked).toBe(1);
    expect(result).not.toHaveTrippedGuardrail("no_card_numbers");
    const handoff = { handoff: "Billing", agent: "Triage" };
    const lookup = { tool: "lookup_order", args: { id: "A1" }, agent: "Billing" };
    const said = { message: "A1 is late." };
    const left = (expected: unknown[], options?: TrajectoryOptions) =>
      failureOf(() => expect(result).toMatchTrajectory(expected as never, options));

    // order: strict
    expect(result).toMatchTrajectory([handoff, lookup, said]);
    expect(left([lookup, handoff])).toContain("The run left the path at step 1:");
    // unordered: the same steps in any order, none missing, none extra
    expect(result).toMatchTrajectory([lookup, handoff], { order: "unordered" });
    expect(left([lookup], { order: "unordered" })).toContain("Steps of the run the expected path does not have (1):");
    // subset: the run's steps all among the expected
    expect(result).toMatchTrajectory([handoff, "refund_order", lookup], { order: "subset" });
    expect(left([handoff], { order: "subset" })).toMatch(/lookup_order/);
    // superset: the expected all among the run's
    expect(result).toMatchTrajectory([lookup], { order: "superset" });
    expect(left([lookup, "refund_order"], { order: "superset" })).toMatch(/refund_order/);
    // args: exact, subset, superset, ignore
    expect(left([handoff, { ...lookup, args: { id: "A2" } }])).toContain("The run left the path at step 2:");
    expect(result).not.toMatchTrajectory([handoff, { ...lookup, args: {} }]);
    expect(result).toMatchTrajectory([handoff, { ...lookup, args: {} }], { args: "subset" });
    expect(result).not.toMatchTrajectory([handoff, { ...lookup, args: { id: "A1", region: "eu" } }], {
      args: "subset",
    });
    expect(result).toMatchTrajectory([handoff, { ...lookup, args: { id: "A1", region: "eu" } }], { args: "superset" });
    expect(result).not.toMatchTrajectory([handoff, { ...lookup, args: {} }], { args: "superset" });
    expect(result).toMatchTrajectory([handoff, { ...lookup, args: { id: "B9" } }], { args: "ignore" });
    expect(result).toMatchTrajectory([handoff, { ...lookup, args: { id: expect.any(String) } }]);
  });

  test("a streamed @openai/agents run, an AI SDK UI message and a JSONL log's lines: the same path", async () => {
    const fake = fakeResponses();
    const { triage } = triageAgents(fake);
    fake.reply(turn.handoff("Billing"), turn.functionCall("lookup_order", { id: "A1" }), turn.message("A1 is late."));
    const streamed = await run(triage, "Where is A1?", { stream: true });
    for await (const _event of streamed) void _event;
    await streamed.completed;
    const path = [
      { handoff: "Billing", agent: "Triage" },
      { tool: "lookup_order", args: { id: "A1" }, agent: "Billing" },
      { message: "A1 is late." },
    ];
    expect(streamed).toMatchTrajectory(path);
    expect(failureOf(() => expect(streamed).toMatchTrajectory([path[1]!]))).toContain(
      "The run left the path at step 1:",
    );

    const ai = fakeResponses().reply(turn.functionCall("lookup_order", { id: "A1" }), turn.message("A1 is late."));
    const result = streamText({
      model: createOpenAI({ apiKey: "k", fetch: ai.fetch })("gpt-5"),
      prompt: "Where is A1?",
      tools: {
        lookup_order: aiTool({
          description: "An order.",
          inputSchema: z.object({ id: z.string() }),
          execute: async ({ id }) => `Order ${id}: late`,
        }),
      },
      stopWhen: stepCountIs(3),
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: result.toUIMessageStream() })) last = message;
    expect([last!]).toMatchTrajectory([{ tool: "lookup_order", args: { id: "A1" } }]);
    expect([last!]).not.toMatchTrajectory([{ tool: "lookup_order", args: { id: "B2" } }]);

    // the run's history written as a JSONL log, read back line by line as `agent-testkit check` reads it
    const log = streamed.history.map((item) => JSON.stringify(item)).join("\n");
    const lines = log.split("\n").map((line) => JSON.parse(line) as unknown);
    expect(lines).toMatchTrajectory([{ handoff: "Billing" }, { tool: "lookup_order", args: { id: "A1" } }]);
  });

  test("LangChain messages and an Anthropic fake", async () => {
    const messages = [
      new HumanMessage("Refund A1"),
      new AIMessage({ content: "", tool_calls: [{ id: "t1", name: "lookup_order", args: { id: "A1" } }] }),
      new ToolMessage({ tool_call_id: "t1", content: "late" }),
      new AIMessage({ content: "", tool_calls: [{ id: "t2", name: "refund_order", args: { id: "A1" } }] }),
      new ToolMessage({ tool_call_id: "t2", content: "done" }),
    ];
    expect(messages).toMatchTrajectory([{ tool: "lookup_order", args: { id: "A1" } }, "refund_order"]);
    const anthropic = fakeAnthropic();
    anthropic.reply(turn.functionCall("lookup_order", { id: "A1" }), turn.functionCall("refund_order", { id: "A1" }));
    for (let i = 0; i < 2; i++)
      await anthropic.fetch(`${anthropic.baseUrl}/v1/messages`, {
        method: "POST",
        headers: { "x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body: JSON.stringify({
          model: "claude-sonnet-4-5",
          max_tokens: 64,
          messages: [{ role: "user", content: "Refund A1" }],
          tools: ["lookup_order", "refund_order"].map((name) => ({ name, input_schema: { type: "object" } })),
        }),
      });
    expect(anthropic.requests.map((request) => request.response.status)).toEqual([200, 200]);
    expect(anthropic).toMatchTrajectory([
      { tool: "lookup_order", args: { id: "A1" } },
      { tool: "refund_order", args: { id: "A1" } },
    ]);
  });

  test("Chat Completions, Gemini and Bedrock histories", () => {
    const chat = [
      { role: "user", content: "Refund A1" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "lookup_order", arguments: '{"id":"A1"}' } }],
      },
      { role: "tool", tool_call_id: "c1", content: "late" },
    ];
    const gemini = [
      { role: "user", parts: [{ text: "Refund A1" }] },
      { role: "model", parts: [{ functionCall: { name: "lookup_order", args: { id: "A1" } } }] },
      { role: "user", parts: [{ functionResponse: { name: "lookup_order", response: { late: true } } }] },
    ];
    const bedrock = [
      { role: "user", content: [{ text: "Refund A1" }] },
      {
        role: "assistant",
        content: [{ toolUse: { toolUseId: "tooluse_1", name: "lookup_order", input: { id: "A1" } } }],
      },
      { role: "user", content: [{ toolResult: { toolUseId: "tooluse_1", content: [{ text: "late" }] } }] },
    ];
    for (const wire of [chat, gemini, bedrock]) {
      expect(wire).toMatchTrajectory([{ tool: "lookup_order", args: { id: "A1" } }]);
      expect(wire).not.toMatchTrajectory([{ tool: "lookup_order", args: { id: "A2" } }]);
    }
  });
});
