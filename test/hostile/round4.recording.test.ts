// Issue 51's adversarial round on recordings (items 1–4, 10): a key a provider echoes in pieces,
// a stream cut by the client, the provider or a reset, the log read while recording, a section
// recorded again by a later `serve` session, a session ended while it records. Each case failed
// before its fix. The provider is a stand-in (a fetch, or a loopback server): never the network.
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, test, vi } from "vitest";
import { fakeAnthropic, fakeChatCompletions, fakeResponses } from "../../fixtures/msw/index.js";
import { startServer } from "../../fixtures/serve/server.js";

const KEY = "gw-live-key-0123456789abcdef";
const HALVES = ["gw-live-key-0123", "456789abcdef"] as const;
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-round4-"));
let files = 0;
const path = () => join(dir, `c${files++}.jsonl`);

afterEach(() => vi.unstubAllEnvs());

/**
 * A provider's SSE answer in the chunks given; `hold`: it never ends until the request aborts (as
 * a real fetch's body errors then).
 */
function sse(chunks: string[], hold = false, signal?: AbortSignal | null): Response {
  const encoder = new TextEncoder();
  let i = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
      },
      pull(controller) {
        if (i < chunks.length) return controller.enqueue(encoder.encode(chunks[i++] as string));
        if (!hold) controller.close();
        return new Promise(() => undefined);
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}
const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const named = (value: { type: string }) => `event: ${value.type}\ndata: ${JSON.stringify(value)}\n\n`;

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1,
  model: "gpt-5",
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const chatStream = (pieces: readonly string[]) => [
  data(chunk({ role: "assistant", content: "" })),
  ...pieces.map((piece) => data(chunk({ content: piece }))),
  data(chunk({}, "stop")),
  "data: [DONE]\n\n",
];

const anthropicStream = (pieces: readonly string[]) => [
  named({
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 0 },
    },
  } as { type: string }),
  named({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } as { type: string }),
  ...pieces.map((text) =>
    named({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } } as { type: string }),
  ),
  named({ type: "content_block_stop", index: 0 } as { type: string }),
  named({
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 4 },
  } as { type: string }),
  named({ type: "message_stop" }),
];

const responsesStream = (pieces: readonly string[]) => {
  const response = { id: "resp_1", object: "response", created_at: 1, model: "gpt-5", output: [] };
  const text = pieces.join("");
  return [
    named({ type: "response.created", response: { ...response, status: "in_progress" } } as { type: string }),
    ...pieces.map((delta, i) =>
      named({
        type: "response.output_text.delta",
        item_id: "msg_1",
        output_index: 0,
        content_index: 0,
        delta,
        sequence_number: i + 1,
      } as { type: string }),
    ),
    named({
      type: "response.completed",
      response: {
        ...response,
        status: "completed",
        output: [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ],
      },
    } as { type: string }),
  ];
};

const provider = (chunks: string[], hold = false) =>
  vi.fn(async (_url: string | URL | Request, init?: RequestInit) => sse(chunks, hold, init?.signal));

describe("1. a key echoed across stream deltas is never recorded, nor replayed", () => {
  const pieces = ["Your key is ", HALVES[0], HALVES[1], ". Keep it safe."];

  test("Chat Completions: two pieces of the key, saved and replayed as [REDACTED]", async () => {
    const file = path();
    const recorder = fakeChatCompletions({
      cassette: { path: file, mode: "record", apiKey: KEY, fetch: provider(chatStream(pieces)) },
    });
    const client = new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
    let live = "";
    for await (const part of await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Echo my key" }],
      stream: true,
    }))
      live += part.choices[0]?.delta.content ?? "";
    expect(live).toContain(KEY); // the client got the provider's answer as it came
    await recorder.cassette?.saved();
    const saved = readFileSync(file, "utf8");
    for (const half of HALVES) expect(saved).not.toContain(half);
    const replayer = fakeChatCompletions({ cassette: { path: file, mode: "replay" } });
    let replayed = "";
    const again = new OpenAI({ apiKey: "test-key", fetch: replayer.fetch, maxRetries: 0 });
    for await (const part of await again.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Echo my key" }],
      stream: true,
    }))
      replayed += part.choices[0]?.delta.content ?? "";
    expect(replayed).toBe("Your key is [REDACTED]. Keep it safe.");
  });

  test("Anthropic Messages: the text deltas of one block, joined before they are redacted", async () => {
    const file = path();
    const recorder = fakeAnthropic({
      cassette: { path: file, mode: "record", apiKey: KEY, fetch: provider(anthropicStream(pieces)) },
    });
    const client = new Anthropic({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
    const message = await client.messages
      .stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "Echo my key" }] })
      .finalMessage();
    expect(JSON.stringify(message.content)).toContain(KEY);
    await recorder.cassette?.saved();
    const saved = readFileSync(file, "utf8");
    for (const half of HALVES) expect(saved).not.toContain(half);
    const replayer = fakeAnthropic({ cassette: { path: file, mode: "replay" } });
    const again = new Anthropic({ apiKey: "test-key", fetch: replayer.fetch, maxRetries: 0 });
    const replayed = await again.messages
      .stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "Echo my key" }] })
      .finalMessage();
    expect(replayed.content).toEqual([
      expect.objectContaining({ type: "text", text: "Your key is [REDACTED]. Keep it safe." }),
    ]);
  });

  test("the Responses API: output_text deltas, and the whole text of the final event", async () => {
    const file = path();
    const recorder = fakeResponses({
      cassette: { path: file, mode: "record", apiKey: KEY, fetch: provider(responsesStream(pieces)) },
    });
    const client = new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
    const stream = await client.responses.create({ model: "gpt-5", input: "Echo my key", stream: true });
    for await (const _ of stream);
    await recorder.cassette?.saved();
    const saved = readFileSync(file, "utf8");
    for (const half of HALVES) expect(saved).not.toContain(half);
    const replayer = fakeResponses({ cassette: { path: file, mode: "replay" } });
    const again = new OpenAI({ apiKey: "test-key", fetch: replayer.fetch, maxRetries: 0 });
    let deltas = "";
    for await (const event of await again.responses.create({ model: "gpt-5", input: "Echo my key", stream: true }))
      if (event.type === "response.output_text.delta") deltas += event.delta;
    expect(deltas).toBe("Your key is [REDACTED]. Keep it safe.");
  });

  test("the log a test reads while recording holds the stream redacted too", async () => {
    const recorder = fakeChatCompletions({
      cassette: { path: path(), mode: "record", apiKey: KEY, fetch: provider(chatStream(pieces)) },
    });
    const client = new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
    for await (const _ of await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Echo my key" }],
      stream: true,
    }));
    await recorder.cassette?.saved();
    const logged = JSON.stringify(recorder.requests);
    for (const half of HALVES) expect(logged).not.toContain(half);
  });
});

describe("2. a stream cut before its end is not recorded, and replayed as nothing", () => {
  test.each(["chat", "anthropic", "responses"] as const)(
    "%s: the client aborts mid-stream: nothing saved, saved() says why, a replay misses",
    async (wire) => {
      const file = path();
      const chunks =
        wire === "chat"
          ? chatStream(["Hello", " there"]).slice(0, 2)
          : wire === "anthropic"
            ? anthropicStream(["Hello", " there"]).slice(0, 3)
            : responsesStream(["Hello", " there"]).slice(0, 2);
      const cassette = { path: file, mode: "record" as const, apiKey: KEY, fetch: provider(chunks, true) };
      const controller = new AbortController();
      let first: Promise<unknown>;
      let fake: { cassette?: { saved(): Promise<void> } | undefined };
      if (wire === "anthropic") {
        const recorder = fakeAnthropic({ cassette });
        fake = recorder;
        const client = new Anthropic({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
        first = (async () => {
          const stream = await client.messages.create(
            { model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "Hi" }], stream: true },
            { signal: controller.signal },
          );
          for await (const event of stream) if (event.type === "content_block_delta") controller.abort();
        })();
      } else if (wire === "chat") {
        const recorder = fakeChatCompletions({ cassette });
        fake = recorder;
        const client = new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
        first = (async () => {
          const stream = await client.chat.completions.create(
            { model: "gpt-5", messages: [{ role: "user", content: "Hi" }], stream: true },
            { signal: controller.signal },
          );
          for await (const part of stream) if (part.choices[0]?.delta.content) controller.abort();
        })();
      } else {
        const recorder = fakeResponses({ cassette });
        fake = recorder;
        const client = new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 });
        first = (async () => {
          const stream = await client.responses.create(
            { model: "gpt-5", input: "Hi", stream: true },
            { signal: controller.signal },
          );
          for await (const event of stream) if (event.type === "response.output_text.delta") controller.abort();
        })();
      }
      await first.catch(() => undefined); // the SDKs end an aborted stream quietly or with an AbortError
      await expect(fake.cassette?.saved()).rejects.toThrow(/not recorded: the client aborted it before its end/);
      expect(() => readFileSync(file, "utf8")).toThrow(/ENOENT/);
    },
  );
});

/** A loopback provider: `answer` writes each request's response. */
async function upstream(answer: (res: ServerResponse, body: string) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (piece) => {
      body += piece;
    });
    req.on("end", () => answer(res, body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const closeAll = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe("serve while recording (3, 4, 10)", () => {
  test("3. the request log (GET …/requests) never shows the key the client sent upstream", async () => {
    const provider = await upstream((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of anthropicStream(["Hi."])) res.write(piece);
      res.end();
    });
    vi.stubEnv("AGENT_TESTKIT_RECORD", "new");
    vi.stubEnv("ANTHROPIC_API_KEY", "");
    vi.stubEnv("ANTHROPIC_BASE_URL", provider.url);
    const server = await startServer({ strict: true, cassetteDir: mkdtempSync(join(tmpdir(), "serve-log-")) });
    try {
      const made = await (await fetch(`${server.url}/_testkit/sessions`, { method: "POST", body: "{}" })).json();
      const client = new Anthropic({ apiKey: KEY, baseURL: made.baseURL.replace(/\/v1$/, ""), maxRetries: 0 });
      await client.messages
        .stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "Hi" }] })
        .finalMessage();
      const log = await (await fetch(`${server.url}/_testkit/sessions/${made.id}/requests?fake=anthropic`)).text();
      expect(log).not.toContain(KEY);
      const { headers } = JSON.parse(log)[0] as { headers: Record<string, string> };
      // @anthropic-ai/sdk 1.x sends its key as a bearer credential, older clients as x-api-key
      expect(headers.authorization ?? headers["x-api-key"]).toBe("[REDACTED]");
    } finally {
      await server.close();
      await closeAll(provider.server);
    }
  });

  test("4. a section recorded by a session that ended is recorded again by the next one (a re-run against a long-lived server)", async () => {
    let answers = 0;
    const provider = await upstream((res) => {
      answers++;
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of chatStream([`Answer ${answers}.`])) res.write(piece);
      res.end();
    });
    vi.stubEnv("AGENT_TESTKIT_RECORD", "new");
    vi.stubEnv("OPENAI_API_KEY", KEY);
    vi.stubEnv("OPENAI_BASE_URL", provider.url);
    const cassetteDir = mkdtempSync(join(tmpdir(), "serve-rerun-"));
    const server = await startServer({ strict: true, cassetteDir });
    try {
      for (const run of [1, 2]) {
        vi.stubEnv("AGENT_TESTKIT_RECORD", run === 1 ? "new" : "record");
        const made = await (
          await fetch(`${server.url}/_testkit/sessions`, { method: "POST", body: '{"section":"weather test"}' })
        ).json();
        const client = new OpenAI({ apiKey: "test-key", baseURL: made.baseURL, maxRetries: 0 });
        const stream = await client.chat.completions.create({
          model: "gpt-5",
          messages: [{ role: "user", content: "Hi" }],
          stream: true,
        });
        for await (const _ of stream);
        const ended = await (await fetch(`${server.url}/_testkit/sessions/${made.id}`, { method: "DELETE" })).json();
        expect(ended).toEqual({ ok: true, unsaved: [] });
      }
      expect(readFileSync(join(cassetteDir, "chat.jsonl"), "utf8")).toContain("Answer 2.");
    } finally {
      await server.close();
      await closeAll(provider.server);
    }
  });

  test("10. DELETE answers while a recording stream is open: the stream ends, the cut recording is not saved", async () => {
    const provider = await upstream((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(chatStream(["Hello"])[0]);
      // never ends
    });
    vi.stubEnv("AGENT_TESTKIT_RECORD", "new");
    vi.stubEnv("OPENAI_API_KEY", KEY);
    vi.stubEnv("OPENAI_BASE_URL", provider.url);
    const cassetteDir = mkdtempSync(join(tmpdir(), "serve-delete-"));
    const server = await startServer({ strict: true, cassetteDir });
    try {
      const made = await (await fetch(`${server.url}/_testkit/sessions`, { method: "POST", body: "{}" })).json();
      const client = new OpenAI({ apiKey: "test-key", baseURL: made.baseURL, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: "gpt-5",
        messages: [{ role: "user", content: "Hi" }],
        stream: true,
      });
      const reading = (async () => {
        for await (const _ of stream);
      })();
      reading.catch(() => undefined);
      const ended = await fetch(`${server.url}/_testkit/sessions/${made.id}`, {
        method: "DELETE",
        signal: AbortSignal.timeout(5_000),
      });
      const body = await ended.json();
      expect(body.ok).toBe(false);
      expect(body.unsaved[0]).toMatch(/not recorded: the fake was reset \(or its session ended\)/);
      await expect(reading).rejects.toThrow();
      expect(() => readFileSync(join(cassetteDir, "chat.jsonl"), "utf8")).toThrow(/ENOENT/);
    } finally {
      await server.close();
      await closeAll(provider.server);
    }
  });
});
