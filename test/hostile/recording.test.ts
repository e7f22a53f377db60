// Issue 36's adversarial round, recording: what a provider answers can be anything. A record or
// verify run never kills the host (3,000-deep answers overflowed the redaction's stack inside a
// promise nobody handled), never saves what its own reader refuses, never records a broken stream
// as a whole one, and reads an event that never ends in linear time. The provider is a stand-in
// fetch (never the network).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses } from "../../fixtures/msw/index.js";

const KEY = "sk-test-recording-KEY-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-recording-"));
let files = 0;
const cassette = (fetch: typeof globalThis.fetch, mode: "record" | "verify" = "record") => ({
  path: join(dir, `c${files++}.jsonl`),
  mode,
  apiKey: KEY,
  fetch,
});

function deep(levels: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < levels; i++) value = { nested: value };
  return value;
}

const response = (extra: Record<string, unknown> = {}) => ({
  id: "resp_1",
  object: "response",
  created_at: 1,
  status: "completed",
  model: "gpt-5",
  output: [],
  ...extra,
});

function sse(chunks: string[], end: "close" | "break" = "close"): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) return controller.enqueue(encoder.encode(chunks[i++]!));
      if (end === "break") controller.error(new TypeError("terminated"));
      else controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

const event = (data: unknown) => `event: x\ndata: ${JSON.stringify(data)}\n\n`;

async function readAll(stream: AsyncIterable<unknown>): Promise<{ count: number; error?: unknown }> {
  let count = 0;
  try {
    for await (const _ of stream) count++;
  } catch (error) {
    return { count, error };
  }
  return { count };
}

describe("a provider's answer that no cassette line can hold", () => {
  test("a JSON body nested 3,000 deep: a 400 cassette_unsaved naming why; nothing written; the host lives", async () => {
    const options = cassette(async () => Response.json(response({ metadata: deep(3_000) })));
    const fake = fakeResponses({ cassette: options });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    await expect(client.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({
      status: 400,
      code: "cassette_unsaved",
      message: expect.stringContaining("nests deeper than 128 levels"),
    });
    expect(fake.cassette?.unsaved).toHaveLength(1);
  });

  test("an SSE event nested 3,000 deep: the client reads the stream, then learns it was not saved", async () => {
    const options = cassette(async () =>
      sse([event({ type: "response.created", response: response() }), event({ type: "x", deep: deep(3_000) })]),
    );
    const fake = fakeResponses({ cassette: options });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    const read = await readAll(await client.responses.create({ model: "gpt-5", input: "Hi", stream: true }));
    expect(read.count).toBe(2);
    expect(String(read.error)).toContain("nests deeper than 128 levels");
  });

  test("events with no type: not saved (the reader refuses them)", async () => {
    const options = cassette(async () =>
      sse([event({ type: "response.created", response: response() }), event({ no: "type" })]),
    );
    const fake = fakeResponses({ cassette: options });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    const read = await readAll(await client.responses.create({ model: "gpt-5", input: "Hi", stream: true }));
    expect(String(read.error)).toContain("response.events[1].type must be a string");
    expect(fake.cassette?.unsaved).toHaveLength(1);
  });

  test("in verify mode, a 3,000-deep answer is reported, never a crash", async () => {
    const path = join(dir, "verify.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify({ section: "", request: { method: "POST", path: "/responses", body: { model: "gpt-5", input: "Hi" } }, response: { status: 200, headers: {}, body: response() } })}\n`,
    );
    const fake = fakeResponses({
      cassette: {
        path,
        mode: "verify",
        apiKey: KEY,
        fetch: async () => Response.json(response({ metadata: deep(3_000) })),
      },
    });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    await expect(client.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("a provider stream that breaks", () => {
  test("mid-event: nothing is recorded (a replay would end it as a whole answer)", async () => {
    const options = cassette(async () =>
      sse(
        [event({ type: "response.created", response: response() }), 'event: x\ndata: {"type":"response.outp'],
        "break",
      ),
    );
    const fake = fakeResponses({ cassette: options });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    const read = await readAll(await client.responses.create({ model: "gpt-5", input: "Hi", stream: true }));
    expect(read.error).toBeDefined();
    expect(fake.cassette?.unsaved[0]).toContain("broke before its end");
    expect(readFileSync(options.path, { encoding: "utf8", flag: "a+" })).not.toContain('"unparsed"');
  });

  test("an event that never ends, 16 MB in 8 KB chunks, is read in linear time", async () => {
    const chunk = "x".repeat(8 * 1024);
    const chunks = [`event: x\ndata: {"type":"response.created","pad":"`, ...Array.from({ length: 2048 }, () => chunk)];
    const options = cassette(async () => sse(chunks, "break"));
    const fake = fakeResponses({ cassette: options });
    // read as bytes (a client's own line parser has its own costs on a 16 MB line)
    const answer = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "Hi", stream: true }),
    });
    await expect(answer.text()).rejects.toThrow();
    expect(fake.cassette?.unsaved[0]).toContain("broke before its end");
  }, 10_000);
});
