// The Chat Completions fake through the official `openai` client, unchanged: completions and their
// streams, tools (parallel, in pieces), structured output, n, log probabilities, usage, the API's
// refusals and its pairing rule, every answer typed by the SDK's own types.
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, test } from "vitest";
import { z } from "zod";
import type { ChatCompletionChunkObject } from "../../../fixtures/msw/chat/events.js";
import { type ChatCompletionObject, fakeChatCompletions, turn } from "../../../fixtures/msw/index.js";

const weather = {
  type: "function" as const,
  function: {
    name: "get_weather",
    description: "The weather in a city.",
    parameters: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
    strict: true,
  },
};

function setup(options: Parameters<typeof fakeChatCompletions>[0] = {}) {
  const fake = fakeChatCompletions(options);
  const client = new OpenAI({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
  return { fake, client };
}

test("the fake's shapes are the SDK's", () => {
  expectTypeOf<ChatCompletionObject>().toExtend<ChatCompletion>();
  expectTypeOf<ChatCompletionChunkObject>().toExtend<ChatCompletionChunk>();
});

describe("chat.completions.create", () => {
  test("a message", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("Hello there."));
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(completion).toMatchObject({
      object: "chat.completion",
      model: "gpt-5",
      choices: [{ index: 0, message: { role: "assistant", content: "Hello there." }, finish_reason: "stop" }],
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0),
    );
    expect(fake.completions.get(completion.id)).toEqual(completion);
    expect(fake.requests[0]?.route).toBe("chat.completions.create");
  });

  test("a tool call, answered, then the message: the conversation matchers read it", async () => {
    const { fake, client } = setup();
    fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny in Paris."));
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
    const first = await client.chat.completions.create({ model: "gpt-5", messages, tools: [weather] });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    const call = choice.message.tool_calls?.[0];
    if (call?.type !== "function") throw new Error("expected a function call");
    expect(JSON.parse(call.function.arguments)).toEqual({ city: "Paris" });
    messages.push(choice.message, { role: "tool", tool_call_id: call.id, content: '{"celsius":21}' });
    const second = await client.chat.completions.create({ model: "gpt-5", messages, tools: [weather] });
    expect(second.choices[0]?.message.content).toBe("Sunny in Paris.");
    expect(fake).toHaveCalledTool("get_weather", { city: "Paris" });
    expect(fake).toHaveAnsweredCall(call.id);
    expect(messages).toHaveAllCallsPaired();
    expect(fake).toHaveReceivedRequest({ messages: [{ role: "user" }, { role: "assistant" }, { role: "tool" }] });
  });

  test("arguments generated from the tool's schema when the script gives none", async () => {
    const { fake, client } = setup();
    fake.reply(turn.functionCall("get_weather"));
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Weather?" }],
      tools: [weather],
    });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call).toBeReplayable([weather]);
  });

  test("parallel calls; parallel_tool_calls: false refuses them", async () => {
    const { fake, client } = setup();
    fake.reply(
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
    );
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Paris and Oslo?" }];
    const completion = await client.chat.completions.create({ model: "gpt-5", messages, tools: [weather] });
    expect(completion.choices[0]?.message.tool_calls).toHaveLength(2);
    fake.reply(
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
    );
    await expect(
      client.chat.completions.create({ model: "gpt-5", messages, tools: [weather], parallel_tool_calls: false }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_scripted_call" });
  });

  test("a strict fake refuses a scripted call that breaks the tool's schema, or names no tool in play", async () => {
    const { fake, client } = setup();
    const ask = () =>
      client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "?" }], tools: [weather] });
    fake.reply(turn.functionCall("get_weather", { town: "Paris" }));
    await expect(ask()).rejects.toThrow(/does not fit the tools in play/);
    fake.reply(turn.functionCall("get_time"));
    await expect(ask()).rejects.toThrow(/no tool named "get_time"/);
    fake.reply(turn.invalidCall("get_weather", '{"city":'));
    const broken = await ask();
    const call = broken.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === "function" && call.function.arguments).toBe('{"city":');
  });

  test("tool_choice: none, required and a named function hold the script to them", async () => {
    const { fake, client } = setup();
    const ask = (tool_choice: OpenAI.Chat.ChatCompletionToolChoiceOption) =>
      client.chat.completions.create({
        model: "gpt-5",
        messages: [{ role: "user", content: "?" }],
        tools: [weather],
        tool_choice,
      });
    fake.reply(turn.functionCall("get_weather"));
    await expect(ask("none")).rejects.toThrow(/tool_choice is "none"/);
    fake.reply(turn.message("No tool."));
    await expect(ask("required")).rejects.toThrow(/makes the model call a tool/);
    await expect(ask({ type: "function", function: { name: "get_time" } })).rejects.toMatchObject({
      status: 400,
      param: "tool_choice",
    });
  });

  test("n choices, log probabilities and a seeded clock", async () => {
    const { fake, client } = setup({ clock: () => Date.UTC(2026, 11, 3) });
    fake.reply(turn.message("Yes."));
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "?" }],
      n: 2,
      logprobs: true,
      top_logprobs: 2,
    });
    expect(completion.choices.map((c) => c.index)).toEqual([0, 1]);
    expect(completion.created).toBe(Date.UTC(2026, 11, 3) / 1000);
    const tokens = completion.choices[0]?.logprobs?.content ?? [];
    expect(tokens.map((t) => t.token).join("")).toBe("Yes.");
    expect(tokens[0]?.top_logprobs).toHaveLength(2);
  });

  test("structured output: the SDK's zod helper parses the answer; a strict schema holds the script", async () => {
    const { fake, client } = setup();
    const Answer = z.object({ city: z.string(), celsius: z.number() });
    fake.reply(turn.json({ city: "Paris", celsius: 21 }));
    const parsed = await client.chat.completions.parse({
      model: "gpt-5",
      messages: [{ role: "user", content: "Weather as JSON" }],
      response_format: zodResponseFormat(Answer, "answer"),
    });
    expect(parsed.choices[0]?.message.parsed).toEqual({ city: "Paris", celsius: 21 });
    fake.reply(turn.json({ city: "Paris" }));
    await expect(
      client.chat.completions.create({
        model: "gpt-5",
        messages: [{ role: "user", content: "Weather as JSON" }],
        response_format: zodResponseFormat(Answer, "answer"),
      }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_scripted_output" });
  });

  test("json_object needs the word json in the messages, as the API says", async () => {
    const { fake, client } = setup();
    fake.reply(turn.json({ ok: true }));
    await expect(
      client.chat.completions.create({
        model: "gpt-5",
        messages: [{ role: "user", content: "Answer" }],
        response_format: { type: "json_object" },
      }),
    ).rejects.toThrow(/must contain the word 'json'/);
  });

  test("cached tokens: the same long prefix again is read from the prompt cache", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("One.").times(2));
    const system = `You are a careful assistant. ${"Policy line. ".repeat(600)}`;
    const ask = (content: string) =>
      client.chat.completions.create({
        model: "gpt-5",
        messages: [
          { role: "system", content: system },
          { role: "user", content },
        ],
      });
    const first = await ask("First question");
    const second = await ask("Second question");
    expect(first.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
    expect(second.usage?.prompt_tokens_details?.cached_tokens).toBeGreaterThan(1000);
  });

  test("a builder with no meaning on this wire is refused when scripted, naming the wire", () => {
    const fake = fakeChatCompletions();
    expect(() => fake.reply(turn.reasoning("Thinking", turn.message("Hi")))).toThrow(
      /turn.reasoning, which means nothing on Chat Completions/,
    );
    expect(() => fake.reply(turn.webSearch("news"))).toThrow(/web_search_call \(turn.webSearch\).*Chat Completions/);
    expect(fake.pending).toBe(0);
  });

  test("nothing scripted is the fake's 400, which no client retries", async () => {
    const { client } = setup();
    await expect(
      client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "?" }] }),
    ).rejects.toMatchObject({ status: 400, code: "no_scripted_reply" });
  });

  test("a scripted 429 through the client's retries", async () => {
    const fake = fakeChatCompletions();
    const client = new OpenAI({ apiKey: "test", fetch: fake.fetch, maxRetries: 2 });
    fake.reply(turn.error(429, { code: "rate_limit_exceeded" }).times(2), turn.message("Finally."));
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "?" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Finally.");
    expect(fake.requests.map((r) => r.response.status)).toEqual([429, 429, 200]);
  });
});

describe("the API's refusals", () => {
  const cases: Array<[string, Record<string, unknown>, RegExp, string | null]> = [
    ["no model", { messages: [{ role: "user", content: "?" }] }, /you must provide a model parameter/, "model"],
    ["no messages", { model: "gpt-5" }, /Missing required parameter: 'messages'/, "messages"],
    ["empty messages", { model: "gpt-5", messages: [] }, /empty array/, "messages"],
    [
      "a bad role",
      { model: "gpt-5", messages: [{ role: "robot", content: "?" }] },
      /Supported values are/,
      "messages[0].role",
    ],
    [
      "a tool message with no call before it",
      {
        model: "gpt-5",
        messages: [
          { role: "user", content: "?" },
          { role: "tool", tool_call_id: "call_1", content: "x" },
        ],
      },
      /must be a response to a preceeding message with 'tool_calls'/,
      "messages.[1].role",
    ],
    [
      "an answer to a call id the assistant did not make",
      {
        model: "gpt-5",
        messages: [
          { role: "user", content: "?" },
          {
            role: "assistant",
            tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "call_2", content: "x" },
        ],
      },
      /'tool_call_id' of 'call_2' not found/,
      "messages.[2].tool_call_id",
    ],
    [
      "a call left unanswered before the next user message",
      {
        model: "gpt-5",
        messages: [
          { role: "user", content: "?" },
          {
            role: "assistant",
            tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }],
          },
          { role: "user", content: "and?" },
        ],
      },
      /did not have response messages: call_1/,
      "messages.[1].role",
    ],
    [
      "arguments that are an object, not a string",
      {
        model: "gpt-5",
        messages: [
          { role: "user", content: "?" },
          {
            role: "assistant",
            tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: {} } }],
          },
          { role: "tool", tool_call_id: "call_1", content: "x" },
        ],
      },
      /expected a string, but got an object instead/,
      "messages[1].tool_calls[0].function.arguments",
    ],
    [
      "a strict function whose schema leaves its properties open",
      {
        model: "gpt-5",
        messages: [{ role: "user", content: "?" }],
        tools: [
          { type: "function", function: { name: "f", strict: true, parameters: { type: "object", properties: {} } } },
        ],
      },
      /Invalid schema for function 'f': In context=\(\), 'additionalProperties' is required to be supplied and to be false/,
      "tools[0].function.parameters",
    ],
    [
      "a strict response format that does not require every property",
      {
        model: "gpt-5",
        messages: [{ role: "user", content: "?" }],
        response_format: {
          type: "json_schema",
          json_schema: {
            name: "answer",
            strict: true,
            schema: {
              type: "object",
              additionalProperties: false,
              properties: {
                city: { type: "object", additionalProperties: false, properties: { name: { type: "string" } } },
              },
              required: ["city"],
            },
          },
        },
      },
      /In context=\('properties', 'city'\), 'required' is required to be supplied .* Missing 'name'/,
      "response_format",
    ],
    [
      "stream_options without stream",
      { model: "gpt-5", messages: [{ role: "user", content: "?" }], stream_options: { include_usage: true } },
      /only allowed when 'stream' is enabled/,
      "stream_options",
    ],
  ];
  test.each(cases)("%s", async (_name, body, message, param) => {
    const { fake, client } = setup();
    fake.reply(turn.message("never"));
    const error = await client.chat.completions
      .create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, param, message: expect.stringMatching(message) });
    expect(fake.pending).toBe(1); // a refused request takes no scripted turn
  });

  test("a lax fake takes what the API would refuse", async () => {
    const { fake, client } = setup({ strict: false });
    fake.reply(turn.message("fine"));
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [
        { role: "user", content: "?" },
        { role: "tool", tool_call_id: "call_1", content: "x" },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe("fine");
  });
});

describe("stored completions", () => {
  test("store: true is retrievable and deletable; others are not", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("kept"), turn.message("not kept"));
    const kept = await client.chat.completions.create({
      model: "gpt-5",
      store: true,
      messages: [{ role: "user", content: "?" }],
    });
    const other = await client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "?" }] });
    expect(await client.chat.completions.retrieve(kept.id)).toEqual(kept);
    await expect(client.chat.completions.retrieve(other.id)).rejects.toMatchObject({ status: 404 });
    expect(await client.chat.completions.delete(kept.id)).toMatchObject({ id: kept.id, deleted: true });
    expect(fake.completions.has(kept.id)).toBe(false);
    expect(fake.completions.has(other.id)).toBe(true);
  });
});
