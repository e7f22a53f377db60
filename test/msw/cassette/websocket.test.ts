// A cassette records and replays WebSocket mode: openai's ResponsesWS against fake.listen(), and
// the global WebSocket against fake.webSocketHandlers (MSW). While recording, each client socket
// is forwarded to a socket of its own on the provider (a fake on loopback here), so a
// `store: false` chain continues there; each `response.create` is an interaction matched by content.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import { afterEach, describe, expect, test, vi } from "vitest";
import { readCassette } from "../../../fixtures/msw/cassette/file.js";
import {
  type CassetteOptions,
  fakeResponses,
  type Listening,
  type ResponsesFake,
  turn,
} from "../../../fixtures/msw/index.js";
import { run } from "../../cli/run.js";
import { strictServer } from "../server.js";

const KEY = "sk-test-recording-key-0123456789";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cassette-ws-"));
type Event = { type: string; [key: string]: unknown };
const TERMINAL = new Set(["response.completed", "response.failed", "response.incomplete"]);
const isEnd = (event: Event) => TERMINAL.has(event.type) || (event.type === "error" && !("sequence_number" in event));
const tool = {
  type: "function" as const,
  name: "lookup_order",
  parameters: { type: "object", properties: { id: { type: "string", pattern: "^[A-Z]-\\d+$" } }, required: ["id"] },
  strict: false,
};

const servers: Listening[] = [];
const sockets: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The provider: a fake on loopback whose WebSocket mode answers a tool loop. */
async function provider(options: { deltas?: number; seed?: number } = {}) {
  const fake = fakeResponses({ tools: [tool], deltas: options.deltas ?? 2, seed: options.seed ?? 1 }).respond(
    ({ body }) =>
      body.previous_response_id ? turn.message("It shipped.") : turn.functionCall("lookup_order", { id: "A-1" }),
  );
  const server = await fake.listen();
  servers.push(server);
  return { fake, url: server.url };
}

async function listening(cassette: CassetteOptions, options: Parameters<typeof fakeResponses>[0] = {}) {
  const fake = fakeResponses({ ...options, cassette });
  const server = await fake.listen();
  servers.push(server);
  return { fake, url: server.url };
}

/** Events as a socket receives them, read one turn at a time: `turn(send)` sends, then waits for the turn's end. */
function turnReader() {
  const received: Event[] = [];
  const waiters: Array<() => void> = [];
  let read = 0;
  return {
    push(event: Event) {
      received.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
    async turn(send: () => void | Promise<void>): Promise<Event[]> {
      await send();
      const events: Event[] = [];
      for (;;) {
        while (read < received.length) {
          const event = received[read++]!;
          events.push(event);
          if (isEnd(event)) return events;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

/** A ResponsesWS to `url`, read one turn at a time. */
function openSocket(url: string) {
  const socket = new ResponsesWS(new OpenAI({ apiKey: KEY, baseURL: url }));
  sockets.push(socket);
  const reader = turnReader();
  socket.on("event", (event) => reader.push(event as unknown as Event));
  socket.on("error", () => undefined);
  const turn_ = (body: Record<string, unknown>) =>
    reader.turn(() => socket.send({ type: "response.create", ...body } as never));
  return { socket, turn: turn_ };
}

type Response = { id: string; output: Array<{ type: string; call_id?: string; content?: Array<{ text?: string }> }> };
const responseOf = (events: Event[]) => (events.at(-1) as unknown as { response: Response }).response;
const textOf = (events: Event[]) =>
  responseOf(events)
    .output.flatMap((item) => item.content?.map((part) => part.text ?? "") ?? [])
    .join("");

/** The app: a tool loop over one socket, `store: false`, the second turn continuing the first. */
async function toolLoop(socket: { turn(body: Record<string, unknown>): Promise<Event[]> }) {
  const first = await socket.turn({ model: "gpt-5", input: "Where is A-1?", tools: [tool], store: false });
  const call = responseOf(first).output.find((item) => item.type === "function_call");
  const second = await socket.turn({
    model: "gpt-5",
    previous_response_id: responseOf(first).id,
    store: false,
    tools: [tool],
    input: [{ type: "function_call_output", call_id: call?.call_id ?? "", output: "shipped" }],
  });
  return { first, second };
}

async function recorded(name: string) {
  const path = join(dir, name);
  const upstream = await provider();
  const recorder = await listening({ path, mode: "record", upstream: upstream.url, apiKey: KEY });
  const loop = await toolLoop(openSocket(recorder.url));
  await recorder.fake.cassette?.saved();
  return { path, loop, upstream, recorder };
}

describe("WebSocket turns in a cassette: ResponsesWS over listen()", () => {
  test("recorded through the fake, forwarded to a provider socket of its own: the store: false chain continues there", async () => {
    const { path, loop, upstream, recorder } = await recorded("recorded.jsonl");
    expect(textOf(loop.second)).toBe("It shipped.");
    // the provider answered both on one connection: its memory of the store: false response was used
    expect(upstream.fake.requests.map((r) => [r.transport, r.response.status])).toEqual([
      ["websocket", 200],
      ["websocket", 200],
    ]);
    const interactions = readCassette(path);
    expect(interactions.map((i) => [i.request.method, i.request.path])).toEqual([
      ["WEBSOCKET", "/responses"],
      ["WEBSOCKET", "/responses"],
    ]);
    const [first] = interactions;
    expect(first?.request.body).toMatchObject({ type: "response.create", input: "Where is A-1?", store: false });
    expect(first?.response.events?.map((e) => e.type)).toEqual(loop.first.map((e) => e.type));
    expect(first?.response.offsets).toHaveLength(loop.first.length);
    expect(readFileSync(path, "utf8")).not.toContain(KEY);
    // the recording fake logs the turns as a scripted one does
    expect(recorder.fake.requests.map((r) => r.transport)).toEqual(["websocket", "websocket"]);
    expect(recorder.fake.requests[0]?.response.events?.length).toBe(loop.first.length);
  });

  test("replayed with no provider: the same events; a message with no recording gets the miss as an error event", async () => {
    const { path, loop } = await recorded("replayed.jsonl");
    await Promise.all(servers.splice(0).map((s) => s.close())); // the provider is gone
    const replaying = await listening({ path, mode: "replay" }, { tools: [tool] });
    const socket = openSocket(replaying.url);
    const again = await toolLoop(socket);
    expect(again.first).toEqual(loop.first);
    expect(again.second).toEqual(loop.second);
    expect(replaying.fake).toHaveCalledTool("lookup_order", { id: "A-1" });
    const missed = await socket.turn({ model: "gpt-5", input: "Where is B-2?", store: false });
    expect(missed).toEqual([
      {
        type: "error",
        status: 400,
        error: expect.objectContaining({
          type: "agent_testkit_cassette_error",
          code: "cassette_miss",
          message: expect.stringMatching(
            /^agent-testkit cassette: no recording in .*replayed\.jsonl \(recorded .*\) matches WEBSOCKET \/responses: the closest recording \(.*replayed\.jsonl:2\) differs first at \/input: recorded "Where is A-1\?", received "Where is B-2\?"\. To record it, run the test with AGENT_TESTKIT_RECORD=new/,
          ),
        }),
      },
    ]);
    expect(replaying.fake.cassette?.misses).toHaveLength(1);
    expect(replaying.fake.cassette?.used).toBe(2);
  });

  test("a stored answer is the fake's own, as over HTTP; the gate refuses a recording today's tools reject", async () => {
    const path = join(dir, "stored.jsonl");
    const upstream = await provider();
    const recorder = await listening({ path, mode: "record", upstream: upstream.url, apiKey: KEY });
    const first = await openSocket(recorder.url).turn({ model: "gpt-5", input: "Where is A-1?", tools: [tool] });
    await recorder.fake.cassette?.saved();
    const id = responseOf(first).id;
    expect(recorder.fake.responses.get(id)?.output[0]).toMatchObject({ type: "function_call" });
    const replaying = await listening({ path, mode: "replay" });
    await openSocket(replaying.url).turn({ model: "gpt-5", input: "Where is A-1?", tools: [tool] });
    expect(replaying.fake.responses.get(id)?.output[0]).toMatchObject({ type: "function_call" });
    expect(replaying.fake.items(id)[0]).toMatchObject({ role: "user" });

    // a recorded call that today's tools reject (its arguments edited in the file) is refused, naming the line
    const text = readFileSync(path, "utf8").replaceAll('\\"id\\":\\"A-1\\"', '\\"id\\":\\"a1\\"');
    expect(text).toContain('\\"id\\":\\"a1\\"');
    const gated = join(dir, "gated.jsonl");
    writeFileSync(gated, text);
    const refusing = await listening({ path: gated, mode: "replay" });
    const refused = await openSocket(refusing.url).turn({ model: "gpt-5", input: "Where is A-1?", tools: [tool] });
    expect(refused[0]).toMatchObject({
      type: "error",
      error: {
        code: "cassette_gate",
        message: expect.stringMatching(/gated\.jsonl:2: the recorded call "lookup_order"/),
      },
    });
  });

  test("the recorded timing plays on the fake's clock; verify mode reports a drifted WebSocket turn", async () => {
    const { path } = await recorded("timed.jsonl");
    const replaying = await listening({ path, mode: "replay", replay: { timing: "recorded" } }, { clock: "manual" });
    const socket = openSocket(replaying.url);
    const reading = socket.turn({ model: "gpt-5", input: "Where is A-1?", tools: [tool], store: false });
    await vi.waitFor(() => expect(replaying.fake.requests[0]?.response.sentAt).toBeDefined());
    expect(replaying.fake.requests[0]?.response.events).toHaveLength(0); // the first event waits for its time
    await replaying.fake.clock.advance(60_000);
    expect((await reading).at(-1)?.type).toBe("response.completed");
    expect(replaying.fake.requests[0]?.response.sentAt).toHaveLength((await reading).length);

    const wordy = await provider({ deltas: 5, seed: 3 });
    const verifying = await listening({ path, mode: "verify", upstream: wordy.url, apiKey: KEY });
    await toolLoop(openSocket(verifying.url));
    expect(verifying.fake.cassette?.drift).toEqual([]); // more deltas, other ids: the same shape
    const before = readFileSync(path, "utf8");
    const reasoning = fakeResponses({ tools: [tool] }).respond(({ body }) =>
      body.previous_response_id
        ? turn.reasoning("Checking.", turn.message("It shipped."))
        : turn.functionCall("lookup_order", { id: "A-1" }),
    );
    const changed = await reasoning.listen();
    servers.push(changed);
    const drifting = await listening({ path, mode: "verify", upstream: changed.url, apiKey: KEY });
    await toolLoop(openSocket(drifting.url));
    const [drift] = drifting.fake.cassette?.drift ?? [];
    expect(drift).toMatchObject({ line: 3, request: "WEBSOCKET /responses" });
    expect(drift?.differences[0]).toEqual({
      path: "(output item types)",
      recorded: "message",
      now: "reasoning, message",
    });
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  test("agent-testkit check gates the recorded WebSocket turns like the others", async () => {
    const { path } = await recorded("checked.jsonl");
    const ok = await run(["check", path, "--json"]);
    expect(JSON.parse(ok.out)).toMatchObject({ ok: true, items: 1, counts: { ok: 1 } });
    const tools = join(dir, "stricter-tools.json");
    writeFileSync(
      tools,
      JSON.stringify([
        { ...tool, parameters: { ...tool.parameters, properties: { id: { type: "string", pattern: "^Z" } } } },
      ]),
    );
    const refused = await run(["check", path, "--tools", tools]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/checked\.jsonl:2 {2}arguments_schema: \/id must match pattern "\^Z"/);
  });
});

describe("WebSocket turns in a cassette: the global WebSocket over fake.webSocketHandlers (MSW)", () => {
  const server = strictServer();

  function globalSocket(fake: ResponsesFake) {
    server.use(...fake.handlers, ...fake.webSocketHandlers);
    const socket = new WebSocket("wss://api.openai.com/v1/responses");
    sockets.push(socket);
    const reader = turnReader();
    socket.addEventListener("message", (message) => reader.push(JSON.parse(String(message.data)) as Event));
    const opened = new Promise<void>((resolve) => socket.addEventListener("open", () => resolve()));
    const turn_ = (body: Record<string, unknown>) =>
      reader.turn(async () => {
        await opened;
        socket.send(JSON.stringify({ type: "response.create", ...body }));
      });
    return { turn: turn_ };
  }

  test.skipIf(typeof WebSocket === "undefined")(
    "recorded from a provider socket through a strict MSW server, then replayed in process",
    async () => {
      const path = join(dir, "global.jsonl");
      const upstream = await provider();
      const recorder = fakeResponses({ cassette: { path, mode: "record", upstream: upstream.url, apiKey: KEY } });
      const loop = await toolLoop(globalSocket(recorder));
      expect(textOf(loop.second)).toBe("It shipped.");
      await recorder.cassette?.saved();
      expect(readCassette(path)).toHaveLength(2);
      server.resetHandlers();
      await Promise.all(servers.splice(0).map((s) => s.close()));
      const replaying = fakeResponses({ cassette: { path, mode: "replay" } });
      const again = await toolLoop(globalSocket(replaying));
      expect(again.second).toEqual(loop.second);
    },
  );
});

describe("WebSocket turns in a cassette: the unhappy paths", () => {
  /** A raw provider socket server that answers each message with `response.created` and then waits. */
  async function stalledProvider() {
    const { WebSocketServer } = await import("ws");
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const closed: number[] = [];
    const connections: Array<import("ws").WebSocket> = [];
    server.on("connection", (socket) => {
      connections.push(socket);
      socket.on("message", () =>
        socket.send(
          JSON.stringify({ type: "response.created", sequence_number: 0, response: { id: "resp_stall0001" } }),
        ),
      );
      socket.on("close", (code) => closed.push(code));
    });
    const { port } = server.address() as { port: number };
    servers.push({ url: "", close: () => new Promise<void>((resolve) => server.close(() => resolve())) } as never);
    return { url: `http://127.0.0.1:${port}/v1`, closed, connections };
  }

  test("a client that leaves mid-turn closes its provider socket; nothing is saved of the turn", async () => {
    const upstream = await stalledProvider();
    const path = join(dir, "left.jsonl");
    const recorder = await listening({ path, mode: "record", upstream: upstream.url, apiKey: KEY });
    const socket = openSocket(recorder.url);
    void socket.turn({ model: "gpt-5", input: "Hello?" });
    await vi.waitFor(() => expect(recorder.fake.requests[0]?.response.events).toHaveLength(1));
    socket.socket.close();
    await vi.waitFor(() => expect(upstream.closed).toHaveLength(1));
    await recorder.fake.cassette?.saved();
    expect(readCassette(path)).toEqual([]);
    expect(recorder.fake.requests[0]?.response.interrupted).toBe(true);
  });

  test("a provider that closes mid-turn closes the client's socket (1011), and the fake goes on serving", async () => {
    const upstream = await stalledProvider();
    const path = join(dir, "broken.jsonl");
    const recorder = await listening({ path, mode: "record", upstream: upstream.url, apiKey: KEY });
    const { WebSocket: Ws } = await import("ws");
    const client = new Ws(`${recorder.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    await new Promise<void>((resolve) => client.once("open", () => resolve()));
    const code = new Promise<number>((resolve) => client.once("close", (c) => resolve(c)));
    client.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Hello?" }));
    await vi.waitFor(() => expect(upstream.connections).toHaveLength(1));
    await vi.waitFor(() => expect(recorder.fake.requests[0]?.response.events).toHaveLength(1));
    upstream.connections[0]?.terminate();
    expect(await code).toBe(1011);
    // a new connection is served as before
    const again = new Ws(`${recorder.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    const first = new Promise<string>((resolve) => again.once("message", (data) => resolve(String(data))));
    await new Promise<void>((resolve) => again.once("open", () => resolve()));
    again.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Again?" }));
    expect(JSON.parse(await first)).toMatchObject({ type: "response.created" });
    again.close();
    await recorder.fake.cassette?.saved();
    expect(readCassette(path)).toEqual([]); // neither turn ended: nothing recorded
  });

  test("a binary frame, a message that is not JSON, and a key-less recording are error events; the socket stays open", async () => {
    const { path } = await recorded("frames.jsonl");
    const replaying = await listening({ path, mode: "replay" });
    const { WebSocket: Ws } = await import("ws");
    const client = new Ws(`${replaying.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: "Bearer k" },
    });
    const received: Event[] = [];
    client.on("message", (data) => received.push(JSON.parse(String(data)) as Event));
    await new Promise<void>((resolve) => client.once("open", () => resolve()));
    client.send(Buffer.from([1, 2, 3]));
    client.send("{not json");
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received.map((e) => (e.error as { code?: string }).code)).toEqual(["invalid_message", "invalid_json"]);
    client.close();

    const keyless = await listening({
      path: join(dir, "keyless.jsonl"),
      mode: "record",
      upstream: "http://127.0.0.1:9/v1",
    });
    const socket = new Ws(`${keyless.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: "Bearer short" },
    });
    const got: Event[] = [];
    socket.on("message", (data) => got.push(JSON.parse(String(data)) as Event));
    await new Promise<void>((resolve) => socket.once("open", () => resolve()));
    vi.stubEnv("OPENAI_API_KEY", "");
    try {
      socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "x" }));
      await vi.waitFor(() => expect(got).toHaveLength(1));
    } finally {
      vi.unstubAllEnvs();
    }
    expect(got[0]).toMatchObject({ type: "error", error: { code: "cassette_no_key" } });
    socket.close();
  });
});
