// Both fakes speak one vocabulary: every getter hands out copies, and an unknown id is the same
// error in both fakes' items() and events().
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test, vi } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { lookupOrder } from "./agents.scenarios.js";

const responsesClient = (fake: ReturnType<typeof fakeResponses>) =>
  new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
const agentsClient = (fake: ReturnType<typeof fakeAgents>) =>
  new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions;

async function waitingSession(fake: ReturnType<typeof fakeAgents>) {
  fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("Paid."));
  const sessions = agentsClient(fake);
  const session = await sessions.create({
    agent: { model: "gpt-6-astra", tools: [lookupOrder] },
    environment: { type: "openai_hosted" },
    input: "Where is A-1042?",
  } as unknown as SessionCreateParamsNonStreaming);
  return { sessions, session, action: (session.required_actions as Array<{ turn_id: string; call_id: string }>)[0]! };
}

describe("the Responses fake's getters hand out copies", () => {
  test("mutating fake.responses does not change what GET /responses/{id} returns", async () => {
    const fake = fakeResponses().reply(turn.message("Hello."));
    const client = responsesClient(fake);
    const created = await client.responses.create({ model: "gpt-5", input: "Hi" });
    const got = fake.responses.get(created.id)!;
    (got.output[0] as { content: Array<{ text: string }> }).content[0]!.text = "changed";
    got.status = "failed";
    const again = await client.responses.retrieve(created.id);
    expect(again.output_text).toBe("Hello.");
    expect(again.status).toBe("completed");
  });

  test("requests, items() and events() are copies too", async () => {
    const fake = fakeResponses().reply(turn.message("Hello."));
    const client = responsesClient(fake);
    const stream = await client.responses.create({ model: "gpt-5", input: "Hi", stream: true });
    for await (const _event of stream) void _event;
    const id = fake.responses.keys().next().value!;
    // The request log is frozen copies: changing one throws, and the log stays as it was.
    expect(() => ((fake.requests[0]!.body as { model: string }).model = "changed")).toThrow(TypeError);
    expect((fake.requests[0]!.body as { model: string }).model).toBe("gpt-5");
    const items = fake.items(id);
    expect(items.map((i) => i.type)).toEqual(["message", "message"]);
    (items as Array<Record<string, unknown>>).length = 0;
    expect(fake.items(id)).toHaveLength(2);
    const events = fake.events(id);
    expect(events.at(-1)!.type).toBe("response.completed");
    (events as Array<{ type: string }>)[0]!.type = "changed";
    expect(fake.events(id)[0]!.type).toBe("response.created");
    const listed = await client.responses.inputItems.list(id);
    expect(listed.data).toHaveLength(1);
  });
});

describe("the request log: each entry copied once", () => {
  test("reads give the same frozen entries until one changes; a stream's entry follows its events", async () => {
    const fake = fakeResponses({ deltas: 300 }).reply(turn.message("one"), turn.message("word ".repeat(300)));
    const client = responsesClient(fake);
    await client.responses.create({ model: "gpt-5", input: "Hi" });
    const first = fake.requests;
    expect(fake.requests).toBe(first); // nothing changed: the same list, no copy
    expect(Object.isFrozen(first[0]!.response)).toBe(true);
    const stream = await client.responses.create({
      model: "gpt-5",
      input: "again",
      stream: true,
      previous_response_id: (first[0]!.response.body as { id: string }).id,
    });
    const seen: number[] = [];
    for await (const _event of stream) seen.push(fake.requests[1]!.response.events!.length);
    expect(fake.requests[0]).toBe(first[0]); // the finished entry was not copied again
    expect(seen.at(-1)).toBeGreaterThan(seen[0]!);
    expect(fake.requests[1]!.response.events!.at(-1)!.type).toBe("response.completed");
    fake.reset();
    expect(fake.requests).toEqual([]);
  });

  test("an entry read while its stream waits shows how the stream ended once it has: interrupted, sent times", async () => {
    const fake = fakeResponses({ clock: "manual" }).reply(turn.message("one two three").timed({ deltaMs: 1000 }));
    const controller = new AbortController();
    const stream = await responsesClient(fake).responses.create(
      { model: "gpt-5", input: "Hi", stream: true },
      { signal: controller.signal },
    );
    const reading = (async () => {
      for await (const _event of stream);
    })().catch(() => undefined);
    await vi.waitFor(() => expect(fake.requests[0]?.response.events?.length).toBeGreaterThan(0));
    const before = fake.requests[0]!.response;
    expect(before.interrupted).toBeUndefined();
    controller.abort(); // the client leaves while the next delta waits on the clock
    await reading;
    await vi.waitFor(() => expect(fake.requests[0]?.response.interrupted).toBe(true));
    expect(fake.requests[0]!.response.sentAt).toHaveLength(fake.requests[0]!.response.events!.length);
  });

  test("a stream written whole but not yet read: interrupted when the client cancels, whole once it reads to the end", async () => {
    const fake = fakeResponses({ deltas: 20 }).reply(turn.message("word ".repeat(20)), turn.message("again"));
    const request = () =>
      fake.fetch("https://api.openai.com/v1/responses", {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-5", input: "Hi", stream: true }),
      });
    const first = await request();
    const reader = first.body!.getReader();
    await reader.read();
    // every event is queued by now (nothing paces them): the fake is done writing, the client is not reading
    await vi.waitFor(() => expect(fake.requests[0]?.response.events?.at(-1)?.type).toBe("response.completed"));
    await reader.cancel();
    await vi.waitFor(() => expect(fake.requests[0]?.response.interrupted).toBe(true));

    const second = await request();
    expect(await second.text()).toContain("response.completed");
    expect(fake.requests[1]!.response.interrupted).toBeUndefined();
  });

  test("the Agents fake's log is read the same way", async () => {
    const fake = fakeAgents();
    await waitingSession(fake);
    const log = fake.requests;
    expect(fake.requests).toBe(log);
    expect(Object.isFrozen(log[0])).toBe(true);
  });
});

describe("the Agents fake's getters hand out copies", () => {
  test("sessions, items(), events(), toolResults, environments and requests", async () => {
    const fake = fakeAgents();
    const { sessions, session, action } = await waitingSession(fake);
    await sessions.events.create(session.id, {
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action.turn_id,
          call_id: action.call_id,
          success: true,
          output: "paid",
        },
      ],
    });
    (fake.items(session.id) as unknown[]).length = 0;
    (fake.events(session.id) as unknown[]).length = 0;
    (fake.toolResults[0] as { output: string }).output = "changed";
    expect(() => ((fake.requests as unknown[]).length = 0)).toThrow(TypeError);
    expect(fake.items(session.id).length).toBeGreaterThan(2);
    expect(fake.events(session.id).length).toBeGreaterThan(5);
    expect(fake.toolResults[0]!.output).toBe("paid");
    expect(fake.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    const items = await sessions.items.list(session.id);
    expect(items.data.length).toBe(fake.items(session.id).length);
    await sessions.delete(session.id);
    (fake.environments[0] as { type: string }).type = "changed";
    expect(fake.environments[0]).toMatchObject({ type: "openai_hosted" });
  });
});

describe("an unknown id is the same error in both fakes", () => {
  test.each([
    ["responses", () => fakeResponses(), "response"],
    ["agents", () => fakeAgents(), "session"],
  ] as const)("%s: items() and events() throw naming the id and the known ones", (_name, make, kind) => {
    const fake = make();
    for (const read of [(id: string) => fake.items(id), (id: string) => fake.events(id)]) {
      expect(() => read("nope")).toThrow(`agent-testkit: no ${kind} "nope" in this fake (${kind}s: none)`);
      expect(() => read("nope")).toThrow(expect.objectContaining({ name: "UnknownIdError" }));
    }
  });
});

describe("a tool_result is accepted once", () => {
  test("the same tool_result twice in one events batch: accepted 1, one result, one output item", async () => {
    const fake = fakeAgents();
    fake.reply(
      agentStep.parallelCalls([
        ["lookup_order", { order_id: "A-1042" }],
        ["lookup_order", { order_id: "B-2001" }],
      ]),
      agentStep.message("Both paid."),
    );
    const sessions = agentsClient(fake);
    const session = await sessions.create({
      agent: { model: "gpt-6-astra", tools: [lookupOrder] },
      environment: { type: "openai_hosted" },
      input: "Both?",
    } as unknown as SessionCreateParamsNonStreaming);
    const [first, second] = session.required_actions as Array<{ turn_id: string; call_id: string }>;
    const resultFor = (action: { turn_id: string; call_id: string }) => ({
      type: "agent.session.input.tool_result" as const,
      turn_id: action.turn_id,
      call_id: action.call_id,
      success: true,
      output: "paid",
    });
    expect(await sessions.events.create(session.id, { events: [resultFor(first!), resultFor(first!)] })).toMatchObject({
      accepted: 1,
    });
    expect(fake.toolResults).toHaveLength(1);
    expect(fake.items(session.id).filter((i) => i.type === "function_call_output")).toHaveLength(1);
    expect(await sessions.retrieve(session.id)).toRequireAction({
      name: "lookup_order",
      arguments: { order_id: "B-2001" },
    });
    expect(
      await sessions.events.create(session.id, { events: [resultFor(second!), resultFor(first!), resultFor(second!)] }),
    ).toMatchObject({ accepted: 1 });
    expect(fake.toolResults).toHaveLength(2);
    expect(fake.items(session.id).filter((i) => i.type === "function_call_output")).toHaveLength(2);
    expect(fake.events(session.id).filter((e) => e.type === "agent.session.turn.completed")).toHaveLength(1);
  });
});
