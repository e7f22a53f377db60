// The conversation matchers on both fakes, an item list, a response, a session and a request log.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { lookupOrderTool, salesTool } from "../core/samples.js";
import { failureOf } from "./helpers.js";

const tools = [salesTool, lookupOrderTool];

async function responsesConversation() {
  const fake = fakeResponses({ tools }).reply(
    turn.functionCall("lookup_order", { order_id: "A-1042" }),
    turn.message("It is paid."),
  );
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const first = await client.responses.create({ model: "gpt-5", input: "Where is A-1042?", instructions: "Be brief." });
  const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
  await client.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: call.call_id, output: '{"status":"paid"}' }],
  });
  return { fake, first, call };
}

async function agentsConversation() {
  const agents = fakeAgents().reply(
    agentStep.parallelCalls([
      ["lookup_order", { order_id: "A-1042" }],
      ["lookup_order", { order_id: "B-2001" }],
    ]),
    agentStep.message("Both paid."),
  );
  const sessions = new OpenAI({ apiKey: "k", fetch: agents.fetch, maxRetries: 0 }).beta.agents.sessions;
  const session = await sessions.create({
    agent: { model: "m", tools: [{ ...lookupOrderTool, description: "d" }] },
    environment: { type: "none" },
    input: "Both?",
  } as unknown as SessionCreateParamsNonStreaming);
  const actions = session.required_actions as Array<{ turn_id: string; call_id: string }>;
  await sessions.events.create(session.id, {
    events: actions.map((a) => ({
      type: "agent.session.input.tool_result" as const,
      turn_id: a.turn_id,
      call_id: a.call_id,
      success: true,
      output: '{"status":"paid"}',
    })),
  });
  return { agents, session, actions };
}

describe("toHaveCalledTool and toHaveCalledToolTimes", () => {
  test("on a Responses fake, a response, an item list", async () => {
    const { fake, first } = await responsesConversation();
    expect(fake).toHaveCalledTool("lookup_order");
    expect(fake).toHaveCalledTool("lookup_order", { order_id: expect.stringMatching(/^A-/) });
    expect(fake).not.toHaveCalledTool("lookup_order", { order_id: "B-2001" });
    expect(fake).not.toHaveCalledTool("get_latest_sales_report");
    expect(first).toHaveCalledTool("lookup_order", { order_id: "A-1042" });
    expect(first.output).toHaveCalledTool("lookup_order");
    expect(fake).toHaveCalledToolTimes("lookup_order", 1);
    expect({ output: [first.output[0]] }).toEqual({ output: [expect.toHaveCalledTool("lookup_order")] });
  });

  test("on an Agents fake, a session and its items", async () => {
    const { agents, session } = await agentsConversation();
    expect(agents).toHaveCalledToolTimes("lookup_order", 2);
    expect(agents).toHaveCalledTool("lookup_order", { order_id: "B-2001" });
    expect(session).toHaveCalledTool("lookup_order", { order_id: "A-1042" });
    expect(agents.items(session.id)).toHaveCalledTool("lookup_order");
  });

  test("the failure lists the calls and diffs the closest one", async () => {
    const { fake } = await responsesConversation();
    expect(failureOf(() => expect(fake).toHaveCalledTool("lookup_order", { order_id: "B-2001" }))).toMatchSnapshot();
    expect(failureOf(() => expect(fake).toHaveCalledToolTimes("lookup_order", 2))).toMatchSnapshot();
    expect(failureOf(() => expect(fake).not.toHaveCalledTool("lookup_order"))).toMatchSnapshot();
    expect(failureOf(() => expect(42).toHaveCalledTool("x"))).toContain(
      "Matcher error: received value must be a response object, an item list, an Agents session or its items, a fake, one function_call, a framework's result or items",
    );
  });
});

describe("toHaveAnsweredCall", () => {
  test("Responses: by call or call_id, output as a string or as parsed JSON", async () => {
    const { fake, call } = await responsesConversation();
    expect(fake).toHaveAnsweredCall(call);
    expect(fake).toHaveAnsweredCall(call.call_id, '{"status":"paid"}');
    expect(fake).toHaveAnsweredCall(call, { status: "paid" });
    expect(fake).toHaveAnsweredCall(call, { status: expect.any(String) });
    expect(fake).not.toHaveAnsweredCall(call, { status: "open" });
    expect(fake.requests).toHaveAnsweredCall(call);
    expect(fake).not.toHaveAnsweredCall("call_other");
  });

  test("Agents: tool_results, pinned by turn_id when the call has one", async () => {
    const { agents, actions } = await agentsConversation();
    expect(agents).toHaveAnsweredCall(actions[0], { status: "paid" });
    expect(agents).not.toHaveAnsweredCall({ ...actions[0]!, turn_id: "turn_other" });
  });

  test("never answered, answered twice, answered with something else", async () => {
    const { fake, call } = await responsesConversation();
    expect(failureOf(() => expect(fake).toHaveAnsweredCall("call_never"))).toMatchSnapshot();
    expect(failureOf(() => expect(fake).toHaveAnsweredCall(call, { status: "open" }))).toMatchSnapshot();
    // the same output re-sent (history) is one answer; a different output for the same call is another
    expect([...fake.requests, ...fake.requests]).toHaveAnsweredCall(call);
    const changed = fake.requests.map((entry) =>
      JSON.parse(JSON.stringify(entry).replaceAll('\\"status\\":\\"paid\\"', '\\"status\\":\\"refunded\\"')),
    );
    expect(failureOf(() => expect([...fake.requests, ...changed]).toHaveAnsweredCall(call))).toContain(
      "the call was answered 2 times",
    );
    expect(failureOf(() => expect(fake).toHaveAnsweredCall(undefined))).toContain(
      "Matcher error: call value must be a call with a string call_id, or a call_id",
    );
  });
});

describe("toHaveReceivedRequest and toHaveReceivedNthRequest", () => {
  test("match a body as toMatchObject does", async () => {
    const { fake, first } = await responsesConversation();
    expect(fake).toHaveReceivedRequest({ model: "gpt-5", instructions: "Be brief." });
    expect(fake).toHaveReceivedNthRequest(2, {
      previous_response_id: first.id,
      input: [{ type: "function_call_output" }],
    });
    expect(fake).not.toHaveReceivedNthRequest(2, { instructions: expect.anything() });
    expect(fake).not.toHaveReceivedNthRequest(3, {});
    const { agents } = await agentsConversation();
    expect(agents).toHaveReceivedRequest({ events: [{ type: "agent.session.input.tool_result" }, { success: true }] });
  });

  test("the failure shows the closest body and a diff", async () => {
    const { fake } = await responsesConversation();
    expect(
      failureOf(() => expect(fake).toHaveReceivedNthRequest(1, { model: "gpt-4o", input: "Where is A-1042?" })),
    ).toMatchSnapshot();
    expect(failureOf(() => expect(fake).toHaveReceivedNthRequest(5, { model: "gpt-5" }))).toContain(
      "There is no such request.",
    );
    expect(failureOf(() => expect(fake).toHaveReceivedRequest({ model: "gpt-5", instructions: "Be long." }))).toContain(
      "Body of request 1, the closest:",
    );
    expect(failureOf(() => expect({}).toHaveReceivedRequest({}))).toContain(
      "Matcher error: received value must be a fake or its request log",
    );
  });
});

describe("a fake is known by its brand, not by the names of its getters", () => {
  test("a look-alike with the same getters is no conversation; a real fake is one", async () => {
    const lookalike = {
      get toolResults() {
        return [];
      },
      get responses() {
        return [];
      },
      items: () => [],
      requests: [],
    };
    expect(() => expect(lookalike).toHaveCalledTool("lookup_order")).toThrow(/Matcher error: received value must be/);
    const { fake } = await responsesConversation();
    expect(fake).toHaveCalledTool("lookup_order");
    const { agents } = await agentsConversation();
    expect(agents).toHaveCalledTool("lookup_order");
  });
});
