// Streamed completions through the official `openai` client: the chunks it reads, as the SDK types
// them, their framing (bare `data:` lines, `[DONE]`), tool calls in argument pieces reassembled by
// the SDK's own stream helper, usage at the end, an error mid-stream, pacing on the fake's clock.
import OpenAI from "openai";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { describe, expect, test } from "vitest";
import { fakeChatCompletions, turn } from "../../../fixtures/msw/index.js";

const weather = {
  type: "function" as const,
  function: {
    name: "get_weather",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

function setup(options: Parameters<typeof fakeChatCompletions>[0] = {}) {
  const fake = fakeChatCompletions(options);
  return { fake, client: new OpenAI({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 }) };
}

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("stream: true", () => {
  test("the text in deltas, the finish reason, then [DONE] on the wire", async () => {
    const { fake } = setup({ deltas: 3 });
    fake.reply(turn.message("Hello there, friend."));
    const response = await fake.fetch("https://api.openai.com/v1/chat/completions", {
      method: "POST",
      headers: { authorization: "Bearer test", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", stream: true, messages: [{ role: "user", content: "Hi" }] }),
    });
    const text = await response.text();
    expect(text).not.toMatch(/^event:/m);
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const chunks = text
      .split("\n\n")
      .filter((frame) => frame.startsWith("data: {"))
      .map((frame) => JSON.parse(frame.slice(6)) as ChatCompletionChunk);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "", refusal: null });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("Hello there, friend.");
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(fake.requests[0]?.response.events).toEqual(chunks);
  });

  test("tool calls in pieces, reassembled by the SDK's stream helper", async () => {
    const { fake, client } = setup({ deltas: 5 });
    fake.reply(
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
    );
    const stream = client.chat.completions.stream({
      model: "gpt-5",
      messages: [{ role: "user", content: "Paris and Oslo?" }],
      tools: [weather],
    });
    const final = await stream.finalChatCompletion();
    const calls = final.choices[0]?.message.tool_calls ?? [];
    expect(calls.map((call) => call.type === "function" && JSON.parse(call.function.arguments))).toEqual([
      { city: "Paris" },
      { city: "Oslo" },
    ]);
    expect(final.choices[0]?.finish_reason).toBe("tool_calls");
    expect(fake).toHaveCalledToolTimes("get_weather", 2);
  });

  test("include_usage: usage null on every chunk, then a last chunk of usage alone", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("Counted."));
    const chunks = await collect(
      await client.chat.completions.create({
        model: "gpt-5",
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: "Count" }],
      }),
    );
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.total_tokens).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  test("turn.streamError: the partial answer, then the API's error, which the SDK throws", async () => {
    const { fake, client } = setup();
    fake.reply(turn.streamError({ code: "server_error", message: "Overloaded mid-answer" }, turn.message("Half")));
    const seen: string[] = [];
    const reading = (async () => {
      const stream = await client.chat.completions.create({
        model: "gpt-5",
        stream: true,
        messages: [{ role: "user", content: "?" }],
      });
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? "");
    })();
    await expect(reading).rejects.toMatchObject({ message: expect.stringMatching(/Overloaded mid-answer/) });
    expect(seen.join("")).toBe("Half");
    expect(fake.completions.size).toBe(0);
  });

  test("without a stream, turn.streamError is a failed answer: a 500", async () => {
    const { fake, client } = setup();
    fake.reply(turn.streamError({ message: "Broke" }));
    await expect(
      client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "?" }] }),
    ).rejects.toMatchObject({ status: 500 });
  });

  test("timed on a manual clock: nothing before the clock moves; a drop is a network error", async () => {
    const { fake, client } = setup({ clock: "manual", deltas: 2 });
    fake.reply(turn.message("Slow answer").timed({ firstEventMs: 1000 }));
    let first = false;
    const reading = (async () => {
      const stream = await client.chat.completions.create({
        model: "gpt-5",
        stream: true,
        messages: [{ role: "user", content: "?" }],
      });
      const parts: string[] = [];
      for await (const chunk of stream) {
        first = true;
        parts.push(chunk.choices[0]?.delta.content ?? "");
      }
      return parts.join("");
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first).toBe(false);
    await fake.clock.advance(1000);
    expect(await reading).toBe("Slow answer");
    expect(fake.requests[0]?.response.sentAt?.[0]).toBe(1000);

    fake.reply(turn.message("Cut short").timed({ drop: { after: 2 } }));
    const dropped = (async () => {
      const stream = await client.chat.completions.create({
        model: "gpt-5",
        stream: true,
        messages: [{ role: "user", content: "?" }],
      });
      for await (const _ of stream);
    })();
    await expect(dropped).rejects.toThrow();
    expect(fake.requests[1]?.response).toMatchObject({ dropped: true, interrupted: true });
  });

  test("a client that aborts closes the stream (the SDK ends its iteration); reset() ends streams in flight", async () => {
    const { fake, client } = setup({ clock: "manual" });
    fake.reply(turn.message("Never finished").timed({ firstEventMs: 60_000 }));
    const controller = new AbortController();
    const reading = client.chat.completions
      .create(
        { model: "gpt-5", stream: true, messages: [{ role: "user", content: "?" }] },
        { signal: controller.signal },
      )
      .then(collect);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await reading).toEqual([]);
    expect(fake.requests[0]?.response.interrupted).toBe(true);

    fake.reply(turn.message("Held").timed({ firstEventMs: 60_000 }));
    const held = client.chat.completions
      .create({ model: "gpt-5", stream: true, messages: [{ role: "user", content: "?" }] })
      .then(collect);
    await new Promise((resolve) => setTimeout(resolve, 10));
    fake.reset();
    expect(await held).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});
