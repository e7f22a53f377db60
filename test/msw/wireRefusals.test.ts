// Chat Completions and Anthropic Messages bodies parsed by their one declaration (src/wire/): what a
// strict fake refuses by shape, through the official clients, in each API's words (OpenAI's
// `Invalid type for 'n'…`, Anthropic's validator's `messages.0.content.0.tool_use.id: Field
// required`, a tagged union's tag in the path), and what a lax fake drops instead.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { fakeAnthropic, fakeChatCompletions, turn } from "../../fixtures/msw/index.js";

const user = { role: "user", content: "hi" };
const chat = (extra: Record<string, unknown>) => ({ model: "gpt-5", messages: [user], ...extra });
const claude = (extra: Record<string, unknown>) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 2048,
  messages: [user],
  ...extra,
});
const tool = { type: "function", function: { name: "f", parameters: { type: "object" } } };
const call = (fn: Record<string, unknown>) => ({ id: "c1", type: "function", function: fn });

describe("Chat Completions: a strict fake refuses by the body's schema, in OpenAI's words", () => {
  it.each([
    [{ messages: [user] }, "model", "you must provide a model parameter"],
    [{ model: "gpt-5" }, "messages", "Missing required parameter: 'messages'."],
    [chat({ messages: [] }), "messages", "Invalid 'messages': empty array."],
    [chat({ messages: [{ role: "robot", content: "x" }] }), "messages[0].role", "Supported values are: 'system'"],
    [chat({ messages: [{ content: "x" }] }), "messages[0].role", "Missing required parameter: 'messages[0].role'."],
    [chat({ messages: [{ role: "user" }] }), "messages[0].content", "Missing required parameter"],
    [chat({ messages: [user, { role: "tool", content: "x" }] }), "messages[1].tool_call_id", "Missing required"],
    [
      chat({ messages: [user, { role: "assistant", tool_calls: [call({ name: "f", arguments: { a: 1 } })] }] }),
      "messages[1].tool_calls[0].function.arguments",
      "expected a string, but got an object instead",
    ],
    [
      chat({ messages: [user, { role: "assistant", tool_calls: [{ type: "function", function: {} }] }] }),
      "messages[1].tool_calls[0].id",
      "Missing required parameter",
    ],
    [chat({ tools: [{ type: "web" }] }), "tools[0].type", "Supported values are: 'function' and 'custom'."],
    [
      chat({ tools: [{ type: "function", function: { name: "a b" } }] }),
      "tools[0].function.name",
      "string does not match pattern",
    ],
    [
      chat({ tools: [{ type: "function", function: { name: "x".repeat(65) } }] }),
      "tools[0].function.name",
      "string too long. Expected a string with maximum length 64",
    ],
    [chat({ n: 0 }), "n", "Invalid 'n': integer below minimum value. Expected a value >= 1, but got 0 instead."],
    [chat({ n: "2" }), "n", "Invalid type for 'n': expected an integer, but got a string instead."],
    [chat({ logprobs: true, top_logprobs: 21 }), "top_logprobs", "integer above maximum value"],
    [chat({ top_logprobs: 2 }), "top_logprobs", "'logprobs' must be set to true"],
    [chat({ response_format: { type: "yaml" } }), "response_format.type", "Supported values are: 'text'"],
    [
      chat({ response_format: { type: "json_schema", json_schema: {} } }),
      "response_format.json_schema.name",
      "Missing required",
    ],
    [chat({ tools: [tool], tool_choice: "sometimes" }), "tool_choice", "Supported values are: 'none', 'auto'"],
    [
      chat({ tools: [tool], tool_choice: { type: "function", function: { name: "g" } } }),
      "tool_choice",
      "no function named 'g'",
    ],
    [chat({ tools: [tool, tool] }), "tools[1].function.name", "Duplicate function name: 'f'."],
    [chat({ stream_options: { include_usage: true } }), "stream_options", "only allowed when 'stream' is enabled"],
  ])("%j → %s", async (body, param, message) => {
    const fake = fakeChatCompletions({ strict: true });
    fake.reply(turn.message("ok"));
    const client = new OpenAI({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
    const error = await client.chat.completions.create(body as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe(param);
    expect((error as Error).message).toContain(message);
    expect(fake.pending).toBe(1);
  });

  it("takes a tool choice the SDK types that the old parse refused: allowed_tools", async () => {
    const fake = fakeChatCompletions({ strict: true });
    fake.reply(turn.message("ok"));
    const client = new OpenAI({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "hi" }],
      tools: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }],
      tool_choice: {
        type: "allowed_tools",
        allowed_tools: { mode: "auto", tools: [{ type: "function", function: { name: "f" } }] },
      },
    });
    expect(completion.choices[0]?.message.content).toBe("ok");
  });

  it("a lax fake drops what does not fit and answers", async () => {
    const fake = fakeChatCompletions({ strict: false });
    fake.reply(turn.message("ok"));
    const client = new OpenAI({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
    const body = chat({ messages: [{ role: "robot" }, user], n: "two", tools: [{ type: "web" }] });
    const completion = await client.chat.completions.create(body as never);
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]?.message.content).toBe("ok");
  });
});

describe("Anthropic Messages: a strict fake refuses by the body's schema, in its validator's words", () => {
  it.each([
    [{ max_tokens: 10, messages: [user] }, "model: Field required"],
    [{ ...claude({}), max_tokens: undefined }, "max_tokens: Field required"],
    [claude({ max_tokens: 0 }), "max_tokens: Input should be greater than or equal to 1"],
    [claude({ max_tokens: "ten" }), "max_tokens: Input should be a valid integer"],
    [claude({ model: 5 }), "model: Input should be a valid string"],
    [claude({ messages: "hi" }), "messages: Input should be a valid list"],
    [claude({ messages: [7] }), "messages.0: Input should be a valid dictionary or object to extract fields from"],
    [
      claude({ messages: [{ role: "robot", content: "x" }] }),
      "messages.0.role: Input should be 'user', 'assistant' or 'system'",
    ],
    [
      claude({ messages: [user, { role: "system", content: [{ type: "image", source: {} }] }] }),
      "messages.1.content.0.type: Input should be 'text'",
    ],
    [
      claude({ messages: [{ role: "user", content: 5 }] }),
      "messages.0.content: Input should be a valid string or a valid list",
    ],
    [
      claude({ messages: [{ role: "user", content: [{ type: "picture" }] }] }),
      "messages.0.content.0: Input tag 'picture' found using 'type' does not match any of the expected tags: 'text', 'image'",
    ],
    [
      claude({ messages: [{ role: "user", content: [{ type: "text" }] }] }),
      "messages.0.content.0.text.text: Field required",
    ],
    [
      claude({
        messages: [user, { role: "assistant", content: [{ type: "tool_use", name: "f", input: {} }] }],
      }),
      "messages.1.content.0.tool_use.id: Field required",
    ],
    [
      claude({
        messages: [user, { role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: "{}" }] }],
      }),
      "messages.1.content.0.tool_use.input: Input should be a valid dictionary",
    ],
    [claude({ thinking: { type: "enabled" } }), "thinking.enabled.budget_tokens: Field required"],
    [
      claude({ thinking: { type: "enabled", budget_tokens: 100 } }),
      "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024",
    ],
    [claude({ thinking: { type: "enabled", budget_tokens: 4096 } }), "`max_tokens` must be greater than"],
    [
      claude({ tool_choice: { type: "sometimes" } }),
      "tool_choice: Input tag 'sometimes' found using 'type' does not match any of the expected tags: 'auto', 'any', 'tool', 'none'",
    ],
    [claude({ system: [{ type: "image", text: "x" }] }), "system.0.type: Input should be 'text'"],
  ])("%j → %s", async (body, message) => {
    const fake = fakeAnthropic({ strict: true });
    fake.reply(turn.message("ok"));
    const client = new Anthropic({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
    const error = await client.messages.create(body as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as Error).message).toContain(message);
    expect(fake.pending).toBe(1);
  });

  it("count_tokens takes a body without max_tokens", async () => {
    const fake = fakeAnthropic({ strict: true });
    const client = new Anthropic({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
    const { input_tokens } = await client.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [user] as never,
    });
    expect(input_tokens).toBeGreaterThan(0);
  });

  it("a lax fake drops what does not fit and answers", async () => {
    const fake = fakeAnthropic({ strict: false });
    fake.reply(turn.message("ok"));
    const client = new Anthropic({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 });
    const body = claude({ messages: [{ role: "robot", content: "x" }, user], top_k: "many" });
    const message = await client.messages.create(body as never);
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "ok" })]);
  });
});
