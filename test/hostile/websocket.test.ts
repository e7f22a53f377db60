// Hostile input to the Responses fake's WebSocket mode: whatever a client sends on a socket, the
// host survives, the answer is an error envelope, and other sockets carry on.

import { afterEach, expect, test } from "vitest";
import { WebSocket } from "ws";
import { fakeResponses, type Listening, turn } from "../../fixtures/msw/index.js";

const servers: Listening[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type Message = { type: string; [key: string]: unknown };

async function open(options: Parameters<typeof fakeResponses>[0] = {}) {
  const fake = fakeResponses(options);
  const server = await fake.listen();
  servers.push(server);
  const connect = async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: "Bearer k" },
    });
    sockets.push(socket);
    const received: Message[] = [];
    const waiting: Array<() => void> = [];
    socket.on("message", (data) => {
      received.push(JSON.parse(String(data)) as Message);
      for (const wake of waiting.splice(0)) wake();
    });
    socket.on("error", () => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    /** Waits for the next terminal message (an error envelope or a response's last event). */
    const next = async (): Promise<Message> => {
      let seen = received.length;
      for (;;) {
        for (; seen < received.length; seen++) {
          const message = received[seen]!;
          if (
            (message.type === "error" && !("sequence_number" in message)) ||
            message.type === "response.completed" ||
            message.type === "response.failed"
          ) {
            received.splice(0, seen + 1);
            return message;
          }
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    };
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    return { socket, next, closed };
  };
  return { fake, connect };
}

const create = (body: Record<string, unknown>) => JSON.stringify({ type: "response.create", model: "gpt-5", ...body });

test("malformed, deep, odd and binary messages are error envelopes; the socket keeps serving", async () => {
  const { fake, connect } = await open();
  fake.respond(() => turn.message("still here"));
  const { socket, next } = await connect();
  const cases: Array<[string | Buffer, string]> = [
    ["", "invalid_json"],
    ["{", "invalid_json"],
    [`${"[".repeat(5000)}${"]".repeat(5000)}`, "invalid_json"],
    [`{"type":"response.create","model":"gpt-5","metadata":${"[".repeat(5000)}${"]".repeat(5000)}}`, "invalid_json"],
    ["null", "invalid_message"],
    ["[1,2]", "invalid_message"],
    ['"response.create"', "invalid_message"],
    ['{"type":7}', "unknown_event_type"],
    ['{"type":"response.create","model":"gpt-5","stream_id":{}}', "invalid_type"],
    ['{"type":"response.create","model":"gpt-5","input":42}', "invalid_type"],
    [
      '{"type":"response.create","model":"gpt-5","input":[{"type":"function_call_output","call_id":"call_x","output":"x"}]}',
      "invalid_value",
    ],
    ['{"type":"response.create","model":"gpt-5","__proto__":{"polluted":true},"input":"x"}', ""],
  ];
  for (const [data, code] of cases) {
    socket.send(data);
    const answer = await next();
    if (code === "") expect(answer.type).toBe("response.completed");
    else expect(answer).toMatchObject({ type: "error", status: 400, error: { code } });
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  socket.send(Buffer.from([0, 1, 2, 3]), { binary: true });
  expect(await next()).toMatchObject({ type: "error", status: 400, error: { code: "invalid_message" } });
  socket.send(create({ input: "ok?" }));
  expect(await next()).toMatchObject({ type: "response.completed" });
});

test("a message over maxBodyBytes closes that socket (1009), never the host; a new socket works", async () => {
  const { fake, connect } = await open({ maxBodyBytes: 64 * 1024 });
  fake.respond(() => turn.message("fine"));
  const first = await connect();
  first.socket.send(create({ input: "x".repeat(200 * 1024) }));
  expect(await first.closed).toBe(1009);
  const second = await connect();
  second.socket.send(create({ input: "small" }));
  expect(await second.next()).toMatchObject({ type: "response.completed" });
});

test("fifty sockets at once, each with its own store: false chain, never crossing", async () => {
  const { fake, connect } = await open();
  fake.respond(({ conversation }) => turn.message(`seen ${conversation.length}`));
  const chains = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const { socket, next } = await connect();
      socket.send(create({ input: `first ${i}`, store: false }));
      const first = (await next()) as unknown as { response: { id: string } };
      socket.send(create({ input: `second ${i}`, store: false, previous_response_id: first.response.id }));
      const second = (await next()) as unknown as { response: { output: Array<{ content: Array<{ text: string }> }> } };
      return second.response.output[0]!.content[0]!.text;
    }),
  );
  expect(chains).toEqual(Array.from({ length: 50 }, () => "seen 3"));
  expect(fake.requests.filter((r) => r.transport === "websocket")).toHaveLength(100);
  expect(fake.responses.size).toBe(0);
});

test("a client that vanishes mid-response, or mid-queue, leaves the fake serving", async () => {
  const { fake, connect } = await open({ deltas: 10_000 });
  fake.respond(() => turn.message("word ".repeat(10_000)));
  const { socket } = await connect();
  for (let i = 0; i < 5; i++) socket.send(create({ input: `q${i}` }));
  await new Promise((r) => setTimeout(r, 5));
  socket.terminate();
  await new Promise((r) => setTimeout(r, 50));
  const other = await connect();
  fake.respond(() => turn.message("after"));
  other.socket.send(create({ input: "y" }));
  expect(await other.next()).toMatchObject({ type: "response.completed" });
});

test("without the ws package, an upgrade is a 501 saying to install it, and HTTP keeps serving", async () => {
  const { createContext } = await import("../../fixtures/msw/responses/state.js");
  const { upgradeHandler } = await import("../../fixtures/msw/responses/websocket.js");
  const { listenServer } = await import("../../fixtures/msw/kit/transports.js");
  const ctx = createContext({});
  const server = await listenServer(
    "/v1",
    async () => new Response("{}", { headers: { "content-type": "application/json" } }),
    undefined,
    upgradeHandler(ctx, undefined, async () => undefined),
  );
  servers.push(server);
  const answer = await new Promise<{ status: number; body: string }>((resolve) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: "Bearer k" },
    });
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on("error", () => undefined);
  });
  expect(answer.status).toBe(501);
  expect(JSON.parse(answer.body)).toMatchObject({
    error: { code: "websocket_unavailable", message: expect.stringContaining("npm install --save-dev ws") },
  });
  expect((await fetch(`${server.url}/responses`)).status).toBe(200);
});

test("an upgrade whose URL does not parse is a 400, and the host keeps serving", async () => {
  const { fake, connect } = await open();
  fake.respond(() => turn.message("still here"));
  const server = servers.at(-1)!;
  const { port } = new URL(server.url);
  // The raw bytes go from a child process: MSW's interceptors, loaded in this one, would parse them first.
  const { execFile } = await import("node:child_process");
  const script = `const tcp = require("node:net").connect(Number(process.argv[1]), "127.0.0.1", () => tcp.write(process.argv[2])); let text = ""; tcp.on("data", (c) => (text += c)); tcp.on("end", () => process.stdout.write(text));`;
  for (const target of ["//[", "http://[", "//a@[x]/v1/responses"]) {
    const request = `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer k\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["-e", script, port, request], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: { code: "invalid_url" } });
  }
  const { socket, next } = await connect();
  socket.send(create({ input: "ok?" }));
  expect(await next()).toMatchObject({ type: "response.completed" });
});

test("a client that never reads: sending pauses on a full buffer, nothing piles up, and it resumes when the client reads", async () => {
  const { fake, connect } = await open();
  const big = "x".repeat(1024 * 1024);
  fake.respond(() => turn.message(big));
  const { socket, next } = await connect();
  socket.pause(); // reads nothing from here on
  for (let i = 0; i < 20; i++) socket.send(create({ input: `q${i}` }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  // A turn is a few MB of events: without pacing, all twenty would be answered into the buffer.
  const answered = fake.requests.filter((r) => r.transport === "websocket").length;
  expect(answered).toBeLessThanOrEqual(2);
  const sentBytes = fake.requests
    .flatMap((r) => r.response.events ?? [])
    .reduce((sum, event) => sum + JSON.stringify(event).length, 0);
  expect(sentBytes).toBeLessThan(12 * 1024 * 1024);
  socket.resume();
  for (let i = 0; i < 20; i++) expect(await next()).toMatchObject({ type: "response.completed" });
  expect(fake.requests).toHaveLength(20);
});

test("a client that queues more messages than the bound without reading is closed with 1008", async () => {
  const { fake, connect } = await open();
  fake.respond(() => turn.message("y".repeat(2 * 1024 * 1024)));
  const { socket, closed } = await connect();
  socket.pause();
  for (let i = 0; i < 300; i++) socket.send(create({ input: `q${i}` }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.resume();
  expect(await closed).toBe(1008);
});

test("an upgrade handler that throws is a 500 on that socket, never the host's crash", async () => {
  const { listenServer } = await import("../../fixtures/msw/kit/transports.js");
  const server = await listenServer(
    "/v1",
    async () => new Response("{}", { headers: { "content-type": "application/json" } }),
    undefined,
    () => {
      throw new Error("broken upgrade");
    },
  );
  servers.push(server);
  const status = await new Promise<number>((resolve) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/responses`);
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("error", () => undefined);
  });
  expect(status).toBe(500);
  expect((await fetch(`${server.url}/responses`)).status).toBe(200);
});

test("a client that never reads and floods response.inject (150 × 1 MB, an unknown id) is closed with 1008; memory stays bounded", async () => {
  // 150 MB through a socket nobody reads: seconds on a loaded machine, never a measure of speed
  // each response.inject.failed echoes its input (as the SDK types it): the answers piled up (+370 MB)
  const { connect } = await open();
  const { socket, closed } = await connect();
  socket.pause();
  const input = [{ role: "user", content: "x".repeat(1024 * 1024) }];
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 150; i++)
    socket.send(JSON.stringify({ type: "response.inject", response_id: "resp_none", input }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.resume();
  expect(await closed).toBe(1008);
  expect(process.memoryUsage().heapUsed - before).toBeLessThan(150 * 1024 * 1024);
}, 30_000);
