// What the Chat Completions and Anthropic fakes send, checked at run time against the SDKs' own
// declarations (JSON Schemas derived from `openai`'s and `@anthropic-ai/sdk`'s types, extra
// properties refused): every completion, chunk, message, event, token count and error of a set of
// scenarios covering every builder each wire takes.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { beforeAll, describe, expect, test } from "vitest";
import { fakeAnthropic, fakeChatCompletions, type ResponseTurn, turn } from "../../fixtures/msw/index.js";
import { asAnthropicSdkReadsIt, type Checker, sdkChecker } from "./sdkCheck.js";

const chatTool = {
  type: "function" as const,
  function: {
    name: "get_weather",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};
const claudeTool = { name: "get_weather", input_schema: chatTool.function.parameters as { type: "object" } };

describe("Chat Completions", () => {
  let check: Checker;
  beforeAll(() => {
    check = sdkChecker("ChatWire");
  }, 60_000);

  const scenarios: Array<[string, ResponseTurn, Record<string, unknown>]> = [
    ["a message", turn.message("Hello there."), {}],
    ["a call", turn.functionCall("get_weather", { city: "Paris" }), { tools: [chatTool] }],
    [
      "parallel calls",
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
      { tools: [chatTool] },
    ],
    [
      "text then a call",
      turn.output(turn.message("Looking."), turn.functionCall("get_weather")),
      { tools: [chatTool] },
    ],
    ["a cut call", turn.incomplete({ name: "get_weather", arguments: { city: "Paris" } }), { tools: [chatTool] }],
    ["logprobs and n", turn.message("Yes, sure."), { logprobs: true, top_logprobs: 2, n: 2 }],
    ["a refusal", turn.refusal("I can't help with that."), {}],
  ];
  test("the check can fail: a completion without choices, a chunk with an extra field", () => {
    expect(check("completion", { id: "x", object: "chat.completion", created: 1, model: "m" })).not.toEqual([]);
    expect(
      check("chunk", { id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [], extra: 1 }),
    ).not.toEqual([]);
  });

  test.each(scenarios)("%s: the completion and every chunk", async (_name, scripted, extra) => {
    const fake = fakeChatCompletions();
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const body = { model: "gpt-5", messages: [{ role: "user" as const, content: "Weather in Paris?" }], ...extra };
    fake.reply(scripted, scripted);
    const completion = await client.chat.completions.create(body as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
    expect(check("completion", completion)).toEqual([]);
    const stream = await client.chat.completions.create({
      ...(body as OpenAI.Chat.ChatCompletionCreateParamsStreaming),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: unknown[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.flatMap((chunk) => check("chunk", chunk))).toEqual([]);
  });
});

describe("Anthropic Messages", () => {
  let check: Checker;
  beforeAll(() => {
    check = sdkChecker("AnthropicWire");
  }, 60_000);

  const search = { type: "web_search_20250305", name: "web_search" };
  const scenarios: Array<[string, ResponseTurn, Record<string, unknown>]> = [
    ["a message", turn.message("Hello there."), {}],
    ["a tool use", turn.functionCall("get_weather", { city: "Paris" }), { tools: [claudeTool] }],
    [
      "parallel tool uses",
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
      { tools: [claudeTool] },
    ],
    [
      "thinking, then a tool use",
      turn.reasoning("Paris, then.", turn.functionCall("get_weather", { city: "Paris" })),
      { tools: [claudeTool], thinking: { type: "enabled", budget_tokens: 1024 }, max_tokens: 4096 },
    ],
    ["a web search, cited", turn.webSearch("paris weather"), { tools: [search] }],
    ["a refusal", turn.refusal("That would cause harm."), {}],
    ["a paused search", turn.pause(turn.webSearch("news", { next: turn.output() })), { tools: [search] }],
    [
      "cut by max_tokens",
      turn.incomplete({ name: "get_weather", arguments: { city: "Paris" } }),
      { tools: [claudeTool] },
    ],
    [
      "a cached prefix",
      turn.message("ok"),
      { system: [{ type: "text", text: "Policy. ".repeat(800), cache_control: { type: "ephemeral", ttl: "1h" } }] },
    ],
  ];
  test.each(scenarios)("%s: the message and every event", async (_name, scripted, extra) => {
    const fake = fakeAnthropic();
    const client = new Anthropic({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user" as const, content: "Weather in Paris?" }],
      ...extra,
    };
    fake.reply(scripted, scripted);
    const message = await client.messages.create(body as Anthropic.MessageCreateParamsNonStreaming);
    expect(check("message", asAnthropicSdkReadsIt(message))).toEqual([]);
    const events: Array<{ type: string }> = [];
    for await (const event of await client.messages.create({
      ...(body as Anthropic.MessageCreateParamsStreaming),
      stream: true,
    }))
      events.push(event);
    expect(events.map((e) => e.type).at(-1)).toBe("message_stop");
    expect(events.flatMap((event) => check("event", asAnthropicSdkReadsIt(event)))).toEqual([]);
    // the SDK reads ping itself; the log holds it as sent
    expect(fake.requests[1]?.response.events?.[1]).toEqual({ type: "ping" });
  });

  test("the check can fail: a message without its usage, an event of a type the SDK lacks", () => {
    expect(check("message", { id: "msg_1", type: "message", role: "assistant", content: [] })).not.toEqual([]);
    expect(check("event", { type: "message_finish" })).not.toEqual([]);
  });

  test("count_tokens and an error answer", async () => {
    const fake = fakeAnthropic();
    const post = (path: string, body: unknown) =>
      fake.fetch(`https://api.anthropic.com${path}`, {
        method: "POST",
        headers: { "x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const count = await post("/v1/messages/count_tokens", {
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(check("count", await count.json())).toEqual([]);
    fake.reply(turn.error(529));
    const overloaded = await post("/v1/messages", {
      model: "claude-sonnet-4-5",
      max_tokens: 10,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(overloaded.status).toBe(529);
    expect(check("error", await overloaded.json())).toEqual([]);
  });
});
