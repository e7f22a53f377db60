// WebSocket mode: openai 7's ResponsesWS against fake.listen(), and the global WebSocket against
// fake.webSocketHandlers (MSW, in process).
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import { afterEach, describe, expect, test } from "vitest";
import { WebSocket as WsSocket } from "ws";
import { fakeResponses, type Listening, type ResponsesFake, turn } from "../../fixtures/msw/index.js";
import { specErrors } from "../fixtures/openapi.js";
import { eventSchemaOf, expectSpecValid, tools } from "./responses.scenarios.js";
import { strictServer } from "./server.js";

type Event = { type: string; [key: string]: unknown };
const TERMINAL = new Set(["response.completed", "response.failed", "response.incomplete", "error"]);

const servers: Listening[] = [];
const sockets: ResponsesWS[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function connect(options: Parameters<typeof fakeResponses>[0] = {}) {
  const fake = fakeResponses({ tools, ...options });
  const server = await fake.listen();
  servers.push(server);
  const client = new OpenAI({ apiKey: "test-key", baseURL: server.url });
  return { fake, server, client, open: () => openSocket(client) };
}

/** A ResponsesWS whose events (errors included) are read one turn at a time. */
function openSocket(client: OpenAI) {
  const socket = new ResponsesWS(client);
  sockets.push(socket);
  const received: Event[] = [];
  let wake: (() => void) | undefined;
  socket.on("event", (event) => {
    received.push(event as unknown as Event);
    wake?.();
  });
  socket.on("error", () => undefined); // error events are read from the event log
  let read = 0;
  /** The events of the next turn, up to its terminal event. */
  async function nextTurn(): Promise<Event[]> {
    const events: Event[] = [];
    for (;;) {
      while (read < received.length) {
        const event = received[read++]!;
        events.push(event);
        if (TERMINAL.has(event.type) && !(event.type === "error" && "sequence_number" in event)) return events;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  return {
    socket,
    received,
    nextTurn,
    send: (body: Record<string, unknown>) => socket.send({ type: "response.create", ...body } as never),
  };
}

function responseOf(events: Event[]): OpenAI.Responses.Response {
  return (events.at(-1) as unknown as { response: OpenAI.Responses.Response }).response;
}

/** The text of a response's messages (`output_text` is the HTTP client's convenience; events carry the wire object). */
function textOf(response: OpenAI.Responses.Response): string {
  return response.output
    .flatMap((item) => (item.type === "message" ? item.content.map((part) => ("text" in part ? part.text : "")) : []))
    .join("");
}

/** Every WebSocket message the fake sent validates: events as SSE events, errors as the WebSocket envelope. */
function expectWireValid(received: Event[]): void {
  for (const event of received) {
    if (event.type === "error" && !("sequence_number" in event))
      expect(specErrors("WebSocketErrorEvent", event)).toEqual([]);
    else
      expect({ type: event.type, errors: specErrors(eventSchemaOf(event.type), event) }).toEqual({
        type: event.type,
        errors: [],
      });
  }
}

describe("WebSocket mode on fake.listen(), with openai 7's ResponsesWS", () => {
  test("a tool loop on one socket: the same events as SSE, store: false continued from the connection's memory", async () => {
    const { fake, open } = await connect();
    fake.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }), turn.message("Sales are up."));
    const ws = open();
    ws.send({ model: "gpt-5", input: "How are sales in APAC?", tools, store: false });
    const first = await ws.nextTurn();
    const call = responseOf(first).output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call).toBeReplayable(tools);
    expect(call).toHaveStringArguments({ region: "apac" });
    ws.send({
      model: "gpt-5",
      previous_response_id: responseOf(first).id,
      store: false,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "up 4%" }],
    });
    const second = await ws.nextTurn();
    expect(textOf(responseOf(second))).toBe("Sales are up.");
    expect(fake.responses.size).toBe(0); // store: false kept nothing beyond the socket
    expect(fake.requests.map((r) => [r.transport, r.method, r.response.status])).toEqual([
      ["websocket", "WEBSOCKET", 200],
      ["websocket", "WEBSOCKET", 200],
    ]);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer test-key");
    expect(fake.requests[0]!.response.events).toEqual(first);
    expectWireValid(ws.received);
    expectSpecValid(fake);

    // the same script over SSE gives the same event types, in the same order, numbered alike
    const twin = fakeResponses({ tools });
    twin.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }));
    const sse = new OpenAI({ apiKey: "k", fetch: twin.fetch });
    const events: Event[] = [];
    for await (const event of await sse.responses.create({
      model: "gpt-5",
      input: "How are sales in APAC?",
      tools: tools as never,
      store: false,
      stream: true,
    }))
      events.push(event as unknown as Event);
    expect(first.map((e) => [e.type, e.sequence_number])).toEqual(events.map((e) => [e.type, e.sequence_number]));
  });

  test("response.create messages sent together run one after the other, never interleaved", async () => {
    const { fake, open } = await connect();
    fake.reply(turn.message("one").delay(30), turn.message("two"), turn.message("three"));
    const ws = open();
    for (const input of ["a", "b", "c"]) ws.send({ model: "gpt-5", input });
    const turns = [await ws.nextTurn(), await ws.nextTurn(), await ws.nextTurn()];
    expect(turns.map((events) => textOf(responseOf(events)))).toEqual(["one", "two", "three"]);
    for (const events of turns) expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  });

  test("store: false continues on its own socket only; another socket gets previous_response_not_found", async () => {
    const { fake, open } = await connect();
    fake.respond(() => turn.message("ok"));
    const a = open();
    a.send({ model: "gpt-5", input: "x", store: false });
    const id = responseOf(await a.nextTurn()).id;
    const b = open();
    b.send({ model: "gpt-5", input: "y", previous_response_id: id, store: false });
    const [error] = await b.nextTurn();
    expect(error).toEqual({
      type: "error",
      status: 400,
      error: {
        type: "invalid_request_error",
        code: "previous_response_not_found",
        message: `Previous response with id '${id}' not found.`,
        param: "previous_response_id",
      },
    });
    // a stored response is found from any socket
    b.send({ model: "gpt-5", input: "z" });
    const stored = responseOf(await b.nextTurn()).id;
    a.send({ model: "gpt-5", input: "again", previous_response_id: stored });
    expect(responseOf(await a.nextTurn()).previous_response_id).toBe(stored);
    expectWireValid([...a.received, ...b.received]);
    expectSpecValid(fake);
  });

  test("only the most recent response is in the connection's memory", async () => {
    const { fake, open } = await connect();
    fake.respond(() => turn.message("ok"));
    const ws = open();
    ws.send({ model: "gpt-5", input: "1", store: false });
    const first = responseOf(await ws.nextTurn()).id;
    ws.send({ model: "gpt-5", input: "2", store: false });
    await ws.nextTurn();
    ws.send({ model: "gpt-5", input: "3", previous_response_id: first, store: false });
    expect((await ws.nextTurn())[0]).toMatchObject({ type: "error", error: { code: "previous_response_not_found" } });
  });

  test("a continuation that fails evicts the response it continued", async () => {
    const { fake, open } = await connect();
    fake.reply(
      turn.message("first"),
      turn.error(500, { code: "server_error", message: "model fell over" }),
      turn.message("never"),
    );
    const ws = open();
    ws.send({ model: "gpt-5", input: "x", store: false });
    const id = responseOf(await ws.nextTurn()).id;
    ws.send({ model: "gpt-5", input: "y", previous_response_id: id, store: false });
    expect((await ws.nextTurn())[0]).toEqual({
      type: "error",
      status: 500,
      error: { type: "server_error", code: "server_error", message: "model fell over", param: null },
    });
    ws.send({ model: "gpt-5", input: "y", previous_response_id: id, store: false });
    expect((await ws.nextTurn())[0]).toMatchObject({
      type: "error",
      status: 400,
      error: { code: "previous_response_not_found" },
    });
    expect(fake.pending).toBe(1);
    expectWireValid(ws.received);
  });

  test("a mid-response failure: the SSE error event (with the WebSocket status), then response.failed", async () => {
    const { fake, open } = await connect();
    fake.reply(turn.streamError({ message: "lost the model" }));
    const ws = open();
    ws.send({ model: "gpt-5", input: "x" });
    const events = await ws.nextTurn();
    expect(events.slice(-2).map((e) => e.type)).toEqual(["error", "response.failed"]);
    expect(events.at(-2)).toMatchObject({ status: 500, error: { message: "lost the model" } });
    expect(specErrors("WebSocketErrorEvent", events.at(-2))).toEqual([]);
    expect(specErrors("ErrorStreamingEvent", events.at(-2))).toEqual([]);
  });

  test("what a socket cannot do, malformed JSON and unknown event types are errors; the socket stays usable", async () => {
    const { fake, open } = await connect();
    fake.reply(turn.message("streamed anyway"), turn.message("still here"));
    const ws = open();
    for (const [field, value] of [
      ["stream", false],
      ["background", true],
    ] as const) {
      ws.send({ model: "gpt-5", input: "x", [field]: value });
      expect((await ws.nextTurn())[0]).toMatchObject({
        type: "error",
        status: 400,
        error: { param: field, code: "unsupported_parameter" },
      });
    }
    // The spec says a client must not send these, but openai 7's client event lists them and
    // @openai/agents sends stream: true on every frame: the SDK wins, they are accepted.
    ws.send({
      model: "gpt-5",
      input: "x",
      stream: true,
      stream_options: { include_obfuscation: false },
      background: false,
    });
    expect(textOf(responseOf(await ws.nextTurn()))).toBe("streamed anyway");
    ws.socket.sendRaw('{"type": "response.create", ');
    expect((await ws.nextTurn())[0]).toMatchObject({ type: "error", status: 400, error: { code: "invalid_json" } });
    ws.socket.sendRaw(JSON.stringify({ type: "session.update" }));
    expect((await ws.nextTurn())[0]).toMatchObject({
      type: "error",
      status: 400,
      error: { code: "unknown_event_type", param: "type" },
    });
    ws.send({ input: "x" });
    expect((await ws.nextTurn())[0]).toMatchObject({ type: "error", status: 400, error: { param: "model" } });
    ws.send({ model: "gpt-5", input: "x" });
    expect(textOf(responseOf(await ws.nextTurn()))).toBe("still here");
    expectWireValid(ws.received);
  });

  test("the connection limit: an error websocket_connection_limit_reached, then the socket closes", async () => {
    const { fake, open } = await connect({ clock: "manual", webSocketLimitMs: 60_000 });
    fake.respond(() => turn.message("ok"));
    const ws = open();
    const closed = new Promise<number>((resolve) => ws.socket.on("close", (code: number) => resolve(code)));
    ws.send({ model: "gpt-5", input: "x" });
    await ws.nextTurn();
    await fake.clock.advance(59_999);
    ws.send({ model: "gpt-5", input: "y" });
    await ws.nextTurn();
    await fake.clock.advance(1);
    expect((await ws.nextTurn())[0]).toEqual({
      type: "error",
      status: 400,
      error: {
        type: "invalid_request_error",
        code: "websocket_connection_limit_reached",
        message: expect.stringContaining("limit of 1 minute."),
        param: null,
      },
    });
    expect(await closed).toBe(1000);
  });

  test("the upgrade needs a key, on /v1/responses only", async () => {
    const { server } = await connect();
    const refusal = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WsSocket(url, { headers });
        socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
        socket.on("open", () => reject(new Error("opened")));
        socket.on("error", () => undefined);
      });
    const base = server.url.replace(/^http/, "ws");
    expect(await refusal(`${base}/responses`, {})).toBe(401);
    expect(await refusal(`${base}/conversations`, { authorization: "Bearer k" })).toBe(404);
  });

  test("fake.reply and fake.respond answer WebSocket and HTTP turns from one script", async () => {
    const { fake, client, open } = await connect();
    fake.reply(turn.message("over the socket"), turn.message("over HTTP"));
    const ws = open();
    ws.send({ model: "gpt-5", input: "x" });
    expect(textOf(responseOf(await ws.nextTurn()))).toBe("over the socket");
    expect((await client.responses.create({ model: "gpt-5", input: "y" })).output_text).toBe("over HTTP");
    expect(fake.requests.map((r) => r.transport)).toEqual(["websocket", "http"]);
  });

  test("closing the socket mid-response stops it; the fake carries on", async () => {
    const { fake, client, open } = await connect({ deltas: 5000 });
    fake.reply(turn.message("word ".repeat(5000)), turn.message("after"));
    const ws = open();
    ws.send({ model: "gpt-5", input: "x" });
    await new Promise<void>((resolve) => ws.socket.on("event", () => resolve()));
    ws.socket.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests[0]!.response.events!.length).toBeLessThan(5000);
    expect((await client.responses.create({ model: "gpt-5", input: "y" })).output_text).toBe("after");
  });
});

describe("WebSocket mode in process: fake.webSocketHandlers on MSW, the global WebSocket", () => {
  const server = strictServer();

  function globalSocket(fake: ResponsesFake) {
    server.use(...fake.handlers, ...fake.webSocketHandlers);
    const socket = new WebSocket("wss://api.openai.com/v1/responses");
    const received: Event[] = [];
    const waiters: Array<() => void> = [];
    socket.addEventListener("message", (message) => {
      received.push(JSON.parse(String(message.data)) as Event);
      for (const wake of waiters.splice(0)) wake();
    });
    const opened = new Promise<void>((resolve) => socket.addEventListener("open", () => resolve()));
    async function until(count: number): Promise<void> {
      while (received.filter((e) => TERMINAL.has(e.type)).length < count)
        await new Promise<void>((resolve) => waiters.push(resolve));
    }
    return { socket, received, opened, until };
  }

  test("a tool loop with no port: the same events, the same continuation rules", async () => {
    const fake = fakeResponses({ tools });
    fake.reply(turn.functionCall("lookup_order", { order_id: "A-1042" }), turn.message("Paid."));
    const ws = globalSocket(fake);
    await ws.opened;
    ws.socket.send(
      JSON.stringify({ type: "response.create", model: "gpt-5", input: "Where is A-1042?", store: false }),
    );
    await ws.until(1);
    const first = (ws.received.at(-1) as unknown as { response: OpenAI.Responses.Response }).response;
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call).toBeReplayable(tools);
    ws.socket.send(
      JSON.stringify({
        type: "response.create",
        model: "gpt-5",
        previous_response_id: first.id,
        store: false,
        input: [{ type: "function_call_output", call_id: call.call_id, output: "paid" }],
      }),
    );
    await ws.until(2);
    expect(textOf((ws.received.at(-1) as unknown as { response: OpenAI.Responses.Response }).response)).toBe("Paid.");
    expect(fake.requests.map((r) => r.transport)).toEqual(["websocket", "websocket"]);
    expectWireValid(ws.received);
    ws.socket.close();
  });

  test("the HTTP handlers and the WebSocket handlers share one state", async () => {
    const fake = fakeResponses();
    fake.reply(turn.message("stored over the socket"));
    const ws = globalSocket(fake);
    await ws.opened;
    ws.socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "x" }));
    await ws.until(1);
    const id = (ws.received.at(-1) as unknown as { response: { id: string } }).response.id;
    const client = new OpenAI({ apiKey: "test-key" });
    expect((await client.responses.retrieve(id)).output_text).toBe("stored over the socket");
    ws.socket.close();
  });
});
