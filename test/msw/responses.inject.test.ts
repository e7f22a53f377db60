// The beta surface of WebSocket mode and of the hosted multi-agent runtime, with openai's beta
// clients: `response.inject` (input into a response in flight: an async tool's output) and
// `multi_agent` (subagents the provider runs, their calls and messages as items).
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/beta/responses/ws";
import { afterEach, describe, expect, test } from "vitest";
import { fakeResponses, type Listening, type ResponsesFake, turn } from "../../fixtures/msw/index.js";

type Event = { type: string; [key: string]: unknown };
const servers: Listening[] = [];
const sockets: ResponsesWS[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const report = {
  type: "function" as const,
  name: "fetch_report",
  description: "Fetches a long report.",
  parameters: { type: "object", properties: { region: { type: "string" } }, required: ["region"] },
  strict: true,
  async: true,
};

async function connect(fake: ResponsesFake) {
  const server = await fake.listen();
  servers.push(server);
  const socket = new ResponsesWS(new OpenAI({ apiKey: "k", baseURL: server.url }));
  sockets.push(socket);
  const received: Event[] = [];
  const waiters: Array<() => void> = [];
  socket.on("event", (event) => {
    received.push(event as unknown as Event);
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on("error", () => undefined);
  /** Resolves with the first event (from `from` on) that `match` accepts. */
  const until = async (match: (event: Event) => boolean, from = 0): Promise<Event> => {
    for (;;) {
      const found = received.slice(from).find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, received, until };
}

describe("response.inject: input into a response in flight", () => {
  test("an async tool's call streams, the app injects its output, the model goes on; the chain holds it", async () => {
    const fake = fakeResponses();
    fake.reply(
      turn.awaitInject(
        turn.functionCall("fetch_report", { region: "apac" }),
        turn.message("The report says sales are up."),
      ),
    );
    const { socket, received, until } = await connect(fake);
    socket.send({ type: "response.create", model: "gpt-5", input: "Report?", tools: [report] });
    const done = await until((e) => e.type === "response.output_item.done");
    const call = done.item as { call_id: string; type: string };
    expect(call.type).toBe("function_call");
    const created = await until((e) => e.type === "response.created");
    const responseId = (created.response as { id: string }).id;
    // nothing more comes until the app injects
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(received.map((e) => e.type)).not.toContain("response.completed");
    socket.send({
      type: "response.inject",
      response_id: responseId,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "up 4%" }],
    });
    const ack = await until((e) => e.type === "response.inject.created");
    expect(ack).toMatchObject({ response_id: responseId, sequence_number: expect.any(Number) });
    const completed = await until((e) => e.type === "response.completed");
    const types = received.map((e) => e.type);
    expect(types.indexOf("response.inject.created")).toBeLessThan(types.lastIndexOf("response.output_item.added"));
    expect((completed.response as { output: Event[] }).output.map((item) => item.type)).toEqual([
      "function_call",
      "message",
    ]);
    // the sequence numbers stay one run, the acknowledgement among them
    const numbers = received.map((e) => e.sequence_number);
    expect(numbers).toEqual(numbers.map((_, i) => i));
    // the next turn reads the injected output in its history: nothing is pending
    let seen: unknown[] = [];
    fake.respond(({ conversation }) => {
      seen = conversation;
      return turn.message("Anything else?");
    });
    socket.send({
      type: "response.create",
      model: "gpt-5",
      previous_response_id: responseId,
      input: "Thanks.",
      tools: [report],
    });
    await until((e) => e.type === "response.completed", received.length);
    expect(seen.map((item) => (item as Event).type)).toEqual([
      "message",
      "function_call",
      "message",
      "function_call_output",
      "message",
    ]);
  });

  test("in a conversation, the injected items join it after the response's output", async () => {
    const fake = fakeResponses();
    fake.reply(turn.awaitInject(turn.functionCall("fetch_report", { region: "apac" }), turn.message("Up.")));
    const conversation = await new OpenAI({ apiKey: "k", fetch: fake.fetch }).conversations.create({});
    const { socket, until } = await connect(fake);
    socket.send({
      type: "response.create",
      model: "gpt-5",
      input: "Report?",
      tools: [report],
      conversation: conversation.id,
    });
    const call = (await until((e) => e.type === "response.output_item.done")).item as { call_id: string };
    const id = ((await until((e) => e.type === "response.created")).response as { id: string }).id;
    socket.send({
      type: "response.inject",
      response_id: id,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "up 4%" }],
    });
    await until((e) => e.type === "response.completed");
    expect(fake.conversationItems(conversation.id).map((item) => item.type)).toEqual([
      "message",
      "function_call",
      "message",
      "function_call_output",
    ]);
  });

  test("an inject into no response in flight fails: not found, or already completed", async () => {
    const fake = fakeResponses();
    fake.reply(turn.message("Hi."));
    const { socket, until } = await connect(fake);
    socket.send({ type: "response.inject", response_id: "resp_missing", input: [] });
    expect(await until((e) => e.type === "response.inject.failed")).toMatchObject({
      response_id: "resp_missing",
      input: [],
      error: { code: "response_not_found" },
    });
    socket.send({ type: "response.create", model: "gpt-5", input: "Hi" });
    const completed = await until((e) => e.type === "response.completed");
    const id = (completed.response as { id: string }).id;
    socket.send({ type: "response.inject", response_id: id, input: [{ role: "user", content: "late" }] });
    expect(await until((e) => e.type === "response.inject.failed" && e.response_id === id)).toMatchObject({
      error: { code: "response_already_completed" },
    });
  });

  test("a strict fake checks what is injected: an output for no streamed call is an error, the stream still waits", async () => {
    const fake = fakeResponses();
    fake.reply(turn.awaitInject(turn.functionCall("fetch_report", { region: "emea" })));
    const { socket, received, until } = await connect(fake);
    socket.send({ type: "response.create", model: "gpt-5", input: "Report?", tools: [report] });
    const call = (await until((e) => e.type === "response.output_item.done")).item as { call_id: string };
    const id = ((await until((e) => e.type === "response.created")).response as { id: string }).id;
    socket.send({
      type: "response.inject",
      response_id: id,
      input: [{ type: "function_call_output", call_id: "call_other", output: "x" }],
    });
    expect(await until((e) => e.type === "error")).toMatchObject({
      status: 400,
      error: {
        message: expect.stringContaining('No tool call found for function call output with call_id "call_other"'),
      },
    });
    expect(received.map((e) => e.type)).not.toContain("response.inject.created");
    socket.send({
      type: "response.inject",
      response_id: id,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "ok" }],
    });
    await until((e) => e.type === "response.completed");
    // a malformed inject is an error event naming the field
    socket.send({ type: "response.inject", response_id: id } as never);
    expect(await until((e) => e.type === "error" && (e.error as { param?: string }).param === "input")).toBeDefined();
  });

  test("on the fake's clock, a stream left waiting fails after a minute; over HTTP the turn is refused", async () => {
    const fake = fakeResponses({ clock: "manual" });
    fake.reply(turn.awaitInject(turn.functionCall("fetch_report", { region: "apac" })));
    const { socket, until } = await connect(fake);
    socket.send({ type: "response.create", model: "gpt-5", input: "Report?", tools: [report] });
    await until((e) => e.type === "response.output_item.done");
    await fake.clock.advance(60_000);
    expect(await until((e) => e.type === "error")).toMatchObject({ error: { code: "inject_timeout" } });
    fake.reply(turn.awaitInject(turn.functionCall("fetch_report", { region: "apac" })));
    const http = await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses
      .create({ model: "gpt-5", input: "Report?", tools: [report] })
      .catch((error: unknown) => error as { status: number; code: string; message: string });
    expect(http).toMatchObject({ status: 400, code: "invalid_scripted_call" });
    expect((http as { message: string }).message).toContain("only a WebSocket carries one");
  });
});

describe("multi_agent: the hosted multi-agent beta", () => {
  const beta = (fake: ResponsesFake) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).beta.responses;

  test("subagents the provider runs: their calls, outputs and messages, then the model's answer", async () => {
    const fake = fakeResponses();
    fake.reply(
      turn.multiAgent(
        "spawn_agent",
        { task: "Find the refund policy." },
        {
          agent: "researcher",
          output: "researcher started",
          next: turn.agentMessage("researcher", "root", "30 days.", { next: turn.message("Refunds take 30 days.") }),
        },
      ),
    );
    const answer = await beta(fake).create({
      model: "gpt-5",
      input: "Refund policy?",
      multi_agent: { enabled: true, max_concurrent_subagents: 2 },
      betas: ["responses_multi_agent=v1"],
    });
    expect(answer.output.map((item) => item.type)).toEqual([
      "multi_agent_call",
      "multi_agent_call_output",
      "agent_message",
      "message",
    ]);
    const [call, output, message] = answer.output;
    expect(call).toMatchObject({
      action: "spawn_agent",
      arguments: '{"task":"Find the refund policy."}',
      agent: { agent_name: "researcher" },
    });
    expect(output).toMatchObject({
      call_id: call?.type === "multi_agent_call" ? call.call_id : "",
      output: [{ type: "output_text", text: "researcher started" }],
    });
    expect(message).toMatchObject({
      author: "researcher",
      recipient: "root",
      content: [{ type: "text", text: "30 days." }],
    });
  });

  test("the request must enable it; its limit and shape are checked (strict)", async () => {
    const fake = fakeResponses();
    const create = (multi_agent: unknown) =>
      beta(fake)
        .create({ model: "gpt-5", input: "Go.", multi_agent } as never)
        .then(
          () => undefined,
          (error: unknown) => error as { status: number; code: string; message: string },
        );
    fake.reply(turn.multiAgent("list_agents"));
    expect((await create(undefined))?.message).toContain("multi_agent: { enabled: true }");
    fake.reply(turn.multiAgent("spawn_agent", {}, { next: turn.multiAgent("spawn_agent") }));
    expect((await create({ enabled: true, max_concurrent_subagents: 1 }))?.message).toContain(
      "spawns 2 subagents, and the request's multi_agent.max_concurrent_subagents is 1",
    );
    expect(await create({ enabled: "yes" })).toMatchObject({ status: 400, code: "invalid_value" });
    expect(() => turn.multiAgent("fork" as never)).toThrow(/spawn_agent/);
  });

  test("over WebSocket mode too, from the one event builder", async () => {
    const fake = fakeResponses();
    fake.reply(turn.multiAgent("wait_agent", { agent: "researcher" }, { output: "done" }));
    const { socket, until } = await connect(fake);
    socket.send({ type: "response.create", model: "gpt-5", input: "Wait.", multi_agent: { enabled: true } });
    const completed = await until((e) => e.type === "response.completed");
    expect((completed.response as { output: Event[] }).output.map((item) => item.type)).toEqual([
      "multi_agent_call",
      "multi_agent_call_output",
      "message",
    ]);
  });
});
