// `fake.listen()` answers HTTP/2 as well as HTTP/1.1 on one port: a client that speaks h2c with
// prior knowledge (the AWS SDK's default handler does; MSW cannot intercept node:http2) gets the
// same fake — JSON answers and streams, connection-level headers left out as HTTP/2 wants — and
// close() ends open sessions and connections that never said which protocol.
import { connect as connectHttp2 } from "node:http2";
import { connect as connectTcp } from "node:net";
import OpenAI from "openai";
import { expect, test } from "vitest";
import { fakeChatCompletions, turn } from "../../fixtures/msw/index.js";

/** One HTTP/2 request: the status, the headers and the body as text. */
function h2Request(origin: string, path: string, body: unknown) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const session = connectHttp2(origin);
    session.on("error", reject);
    const stream = session.request({
      ":method": "POST",
      ":path": path,
      "content-type": "application/json",
      authorization: "Bearer k",
    });
    let text = "";
    let head: Record<string, unknown> = {};
    stream.setEncoding("utf8");
    stream.on("response", (headers) => {
      head = headers;
    });
    stream.on("data", (chunk: string) => {
      text += chunk;
    });
    stream.on("end", () => {
      session.close();
      resolve({ status: Number(head[":status"]), headers: head, text });
    });
    stream.on("error", reject);
    stream.end(JSON.stringify(body));
  });
}

test("one port, both protocols: a JSON answer and a stream over HTTP/2, the official client over HTTP/1.1", async () => {
  const chat = fakeChatCompletions();
  chat.reply(turn.message("Over HTTP/2."), turn.message("Streamed over HTTP/2."), turn.message("Over HTTP/1.1."));
  const server = await chat.listen();
  try {
    const origin = new URL(server.url).origin;
    const body = { model: "gpt-5", messages: [{ role: "user", content: "hi" }] };
    const json = await h2Request(origin, "/v1/chat/completions", body);
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ choices: [{ message: { content: "Over HTTP/2." } }] });
    expect(json.headers.connection).toBeUndefined();

    const streamed = await h2Request(origin, "/v1/chat/completions", { ...body, stream: true });
    expect(streamed.status).toBe(200);
    expect(streamed.headers["content-type"]).toMatch(/text\/event-stream/);
    const pieces = streamed.text
      .split("\n")
      .filter((line) => line.startsWith("data: {"))
      .map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? "");
    expect(pieces.join("")).toBe("Streamed over HTTP/2.");
    expect(streamed.text).toContain("data: [DONE]");

    const client = new OpenAI({ apiKey: "k", baseURL: server.url, maxRetries: 0 });
    const completion = await client.chat.completions.create(body as never);
    expect(completion.choices[0]?.message.content).toBe("Over HTTP/1.1.");
    expect(chat.requests.map((r) => r.route)).toEqual([
      "chat.completions.create",
      "chat.completions.create",
      "chat.completions.create",
    ]);
  } finally {
    await server.close();
  }
});

test("close() ends an open HTTP/2 session and a connection that never spoke", async () => {
  const chat = fakeChatCompletions();
  const server = await chat.listen();
  const { origin, port } = new URL(server.url);
  const session = connectHttp2(origin);
  session.on("error", () => undefined);
  await new Promise<void>((resolve) => session.once("connect", () => resolve()));
  const silent = connectTcp(Number(port), "127.0.0.1");
  silent.on("error", () => undefined);
  await new Promise<void>((resolve) => silent.once("connect", () => resolve()));
  const closed = new Promise<void>((resolve) => silent.once("close", () => resolve()));
  const ended = new Promise<void>((resolve) => session.once("close", () => resolve()));
  await server.close();
  // both end (a test that hung here would time out)
  await Promise.all([closed, ended]);
  expect(session.closed || session.destroyed).toBe(true);
});

test("a connection that starts like HTTP/2 and is not, or sends one byte and stops: the server answers the next client", async () => {
  const chat = fakeChatCompletions();
  chat.reply(turn.message("Still here."));
  const server = await chat.listen();
  try {
    const { port } = new URL(server.url);
    for (const bytes of ["PRI * HTTP/2.0\r\n\r\nnot a preface at all", "G"]) {
      const socket = connectTcp(Number(port), "127.0.0.1");
      socket.on("error", () => undefined);
      socket.resume(); // read what the server answers (HTTP/2's GOAWAY), so that its close is seen
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(bytes);
      if (bytes.startsWith("PRI")) await new Promise<void>((resolve) => socket.once("close", () => resolve()));
      else socket.destroy();
    }
    const client = new OpenAI({ apiKey: "k", baseURL: server.url, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "?" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Still here.");
  } finally {
    await server.close();
  }
});

test("a client that resets its HTTP/2 stream mid-answer is gone: the stream stops, the log says it was interrupted", async () => {
  // Node's HTTP/2 compatibility layer reports a reset stream as finished: the server must not take it for an answer
  // that ended (it went on producing for nobody, and the log kept the stream as whole)
  const fake = fakeChatCompletions({ clock: "manual" });
  fake.reply(turn.message("One two three four.").timed({ firstDeltaMs: 0, deltaMs: 1000 }));
  const server = await fake.listen();
  const session = connectHttp2(server.url);
  try {
    const stream = session.request({
      ":method": "POST",
      ":path": "/v1/chat/completions",
      "content-type": "application/json",
      authorization: "Bearer k",
    });
    stream.end(JSON.stringify({ model: "gpt-4.1", messages: [{ role: "user", content: "Hi" }], stream: true }));
    await new Promise<void>((resolve) => stream.once("data", () => resolve()));
    stream.close(8); // NGHTTP2_CANCEL, as a client's abort sends it
    await expect.poll(() => fake.requests[0]?.response.interrupted).toBe(true);
    const sent = fake.requests[0]?.response.events?.length ?? 0;
    fake.clock.advance(10_000);
    expect(fake.requests[0]?.response.events?.length).toBe(sent);
  } finally {
    session.close();
    await server.close();
  }
});
