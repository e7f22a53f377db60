// The Anthropic Messages fake through `@anthropic-ai/sdk`, unchanged: messages.create and
// messages.stream, tools, thinking with signatures, a server web search, prompt caching,
// countTokens, the API's errors and refusals and its pairing rule, every answer typed by the
// SDK's own types.
import Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageParam, RawMessageStreamEvent, Tool } from "@anthropic-ai/sdk/resources/messages";
import { describe, expect, expectTypeOf, test } from "vitest";
import { type AnthropicMessageObject, fakeAnthropic, turn } from "../../../fixtures/msw/index.js";

const weather: Tool = {
  name: "get_weather",
  description: "The weather in a city.",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

function setup(options: Parameters<typeof fakeAnthropic>[0] = {}) {
  const fake = fakeAnthropic(options);
  const client = new Anthropic({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
  return { fake, client };
}

/**
 * A text block as the SDK types it: the API leaves `citations` out of a text that cites nothing
 * (the fake too: @ai-sdk/anthropic 3.x refuses a null there), and the SDK's type names it
 * required-nullable, so a missing one reads as null.
 */
type CitedAsTheSdkTypesIt<B> = B extends { type: "text"; citations?: infer C }
  ? Omit<B, "citations"> & { citations: Exclude<C, undefined> | null }
  : B;
/** The MCP connector's blocks are the beta API's (a request naming `mcp_servers`): checked against its types. */
type McpBlocks = Extract<AnthropicMessageObject["content"][number], { type: "mcp_tool_use" | "mcp_tool_result" }>;
type AsTheSdkTypesIt = Omit<AnthropicMessageObject, "content"> & {
  content: Array<CitedAsTheSdkTypesIt<Exclude<AnthropicMessageObject["content"][number], McpBlocks>>>;
};

test("the fake's message is the SDK's Message (its MCP connector blocks, the beta's)", () => {
  expectTypeOf<AsTheSdkTypesIt>().toExtend<Message>();
  expectTypeOf<Extract<McpBlocks, { type: "mcp_tool_use" }>>().toExtend<Anthropic.Beta.BetaMCPToolUseBlock>();
  // its text blocks cite nothing: no citations field, read as null as above
  type McpResult = Extract<McpBlocks, { type: "mcp_tool_result" }>;
  expectTypeOf<
    Omit<McpResult, "content"> & { content: Array<McpResult["content"][number] & { citations: null }> }
  >().toExtend<Anthropic.Beta.BetaMCPToolResultBlock>();
});

describe("messages.create", () => {
  test("a text answer", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("Hello."));
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(message).toMatchObject({
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "Hello." }],
      stop_reason: "end_turn",
    });
    expect(message.id).toMatch(/^msg_/);
    expect(fake.messages.get(message.id)).toEqual(message);
    expect(fake.requests[0]?.route).toBe("messages.create");
    expect(fake.requests[0]?.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("a tool use, answered with a tool_result, then the answer; the matchers read the fake", async () => {
    const { fake, client } = setup();
    fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny in Paris."));
    const messages: MessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
    const first = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages,
      tools: [weather],
    });
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((block) => block.type === "tool_use");
    if (use?.type !== "tool_use") throw new Error("expected a tool_use");
    expect(use.input).toEqual({ city: "Paris" });
    expect(use.id).toMatch(/^toolu_/);
    messages.push(
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: '{"celsius":21}' }] },
    );
    const second = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages,
      tools: [weather],
    });
    expect(second.content).toEqual([{ type: "text", text: "Sunny in Paris." }]);
    expect(fake).toHaveCalledTool("get_weather", { city: "Paris" });
    expect(fake).toHaveAnsweredCall(use.id, { celsius: 21 });
    expect(messages).toHaveAllCallsPaired();
    expect(use).toBeReplayable([weather]);
  });

  test("inputs generated from the schema; a strict fake refuses a call the tools do not allow", async () => {
    const { fake, client } = setup();
    const ask = () =>
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: "?" }],
        tools: [weather],
      });
    fake.reply(turn.functionCall("get_weather"));
    const generated = (await ask()).content[0];
    expect(generated?.type === "tool_use" && typeof (generated.input as { city?: unknown }).city).toBe("string");
    fake.reply(turn.functionCall("get_weather", { town: "Paris" }));
    await expect(ask()).rejects.toThrow(/does not fit the tools in play/);
    fake.reply(
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
    );
    const parallel = await client.messages
      .create({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: "?" }],
        tools: [weather],
        tool_choice: { type: "auto", disable_parallel_tool_use: true },
      })
      .catch((e: unknown) => e);
    expect(parallel).toMatchObject({ status: 400, message: expect.stringMatching(/disable_parallel_tool_use/) });
  });

  test("extended thinking: a signed block; sent back changed, the API's refusal", async () => {
    const { fake, client } = setup();
    fake.reply(
      turn.reasoning("The user wants Paris.", turn.functionCall("get_weather", { city: "Paris" })),
      turn.message("Sunny."),
    );
    const thinking = { type: "enabled" as const, budget_tokens: 2048 };
    const first = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      thinking,
      messages: [{ role: "user", content: "Weather in Paris?" }],
      tools: [weather],
    });
    const [think, use] = first.content;
    expect(think).toMatchObject({ type: "thinking", thinking: "The user wants Paris.", signature: expect.any(String) });
    if (use?.type !== "tool_use") throw new Error("expected a tool_use");
    const answer: MessageParam = {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: use.id, content: "21" }],
    };
    const request = (content: Message["content"]) =>
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 4096,
        thinking,
        tools: [weather],
        messages: [{ role: "user", content: "Weather in Paris?" }, { role: "assistant", content }, answer],
      });
    expect((await request(first.content)).content[0]).toMatchObject({ type: "text", text: "Sunny." });
    fake.reply(turn.message("never"));
    const tampered = first.content.map((b) => (b.type === "thinking" ? { ...b, thinking: "Something else." } : b));
    await expect(request(tampered)).rejects.toThrow(/Invalid `signature` in `thinking` block/);
    await expect(request(first.content.filter((b) => b.type !== "thinking"))).rejects.toThrow(
      /a final `assistant` message must start with a thinking block/,
    );
    fake.reset();
    fake.reply(turn.reasoning("hm", turn.message("x")));
    await expect(
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: "?" }],
      }),
    ).rejects.toThrow(/does not turn thinking on/);
  });

  test("a web search: the server's blocks, then text citing its sources", async () => {
    const { fake, client } = setup();
    fake.reply(turn.webSearch("agent testing", { sources: [{ url: "https://example.org/a", title: "A" }] }));
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "What is new in agent testing?" }],
      tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 3 }],
    });
    expect(message.content.map((b) => b.type)).toEqual(["server_tool_use", "web_search_tool_result", "text"]);
    const text = message.content[2];
    expect(text?.type === "text" && text.citations?.[0]).toMatchObject({
      type: "web_search_result_location",
      url: "https://example.org/a",
    });
    expect(message.usage.server_tool_use?.web_search_requests).toBe(1);
  });

  test("a toolset, which has no name of its own, is taken beside the app's tools", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("ok"));
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "?" }],
      tools: [weather, { type: "browser_toolset_20260801" } as unknown as Tool],
    });
    expect(message.content[0]).toMatchObject({ text: "ok" });
  });

  test("countTokens counts what create would send", async () => {
    const { client } = setup();
    const counted = await client.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "x".repeat(400) }],
    });
    expect(counted.input_tokens).toBe(100);
  });
});

describe("messages.stream", () => {
  test("text, thinking and a tool's input in pieces, put together by the SDK's MessageStream", async () => {
    const { fake, client } = setup({ deltas: 5 });
    fake.reply(turn.reasoning("Checking Paris.", turn.functionCall("get_weather", { city: "Paris" })));
    const stream = client.messages.stream({
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages: [{ role: "user", content: "Weather in Paris?" }],
      tools: [weather],
    });
    const types: string[] = [];
    stream.on("streamEvent", (event: RawMessageStreamEvent) => types.push(event.type));
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: "thinking", thinking: "Checking Paris." });
    expect(final.content[1]).toMatchObject({ type: "tool_use", name: "get_weather", input: { city: "Paris" } });
    expect(final.stop_reason).toBe("tool_use");
    expect(types[0]).toBe("message_start");
    expect(types.at(-1)).toBe("message_stop");
    const events = fake.requests[0]?.response.events ?? [];
    expect(events.map((e) => e.type)).toContain("ping");
    const deltas = events
      .filter((e) => e.type === "content_block_delta")
      .map((e) => (e.delta as { type: string }).type);
    expect(new Set(deltas)).toEqual(new Set(["thinking_delta", "signature_delta", "input_json_delta"]));
  });

  test("timed on the fake's clock: nothing before it moves; a drop is a network error to the SDK", async () => {
    const { fake, client } = setup({ clock: "manual", deltas: 2 });
    fake.reply(turn.message("Slow answer").timed({ firstEventMs: 1000, deltaMs: 50 }));
    let seen = 0;
    const reading = (async () => {
      const stream = client.messages.stream({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "?" }],
      });
      stream.on("streamEvent", () => seen++);
      return (await stream.finalMessage()).content;
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBe(0);
    await fake.clock.advance(2000);
    expect(await reading).toEqual([{ type: "text", text: "Slow answer" }]);
    expect(fake.requests[0]?.response.sentAt?.[0]).toBe(1000);
    fake.reply(turn.message("Cut short").timed({ drop: { after: 3 } }));
    await expect(
      client.messages
        .stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "?" }] })
        .finalMessage(),
    ).rejects.toThrow();
    expect(fake.requests[1]?.response).toMatchObject({ dropped: true, interrupted: true });
  });

  test("turn.streamError: the blocks so far, then the error event, which the SDK throws", async () => {
    const { fake, client } = setup();
    fake.reply(turn.streamError({ message: "Overloaded" }, turn.message("Partial")));
    const stream = client.messages.stream({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "?" }],
    });
    await expect(stream.finalMessage()).rejects.toThrow(/Overloaded/);
  });
});

describe("prompt caching", () => {
  const longSystem = [
    { type: "text" as const, text: "Policy. ".repeat(800), cache_control: { type: "ephemeral" as const } },
  ];
  const ask = (client: Anthropic, question: string) =>
    client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: longSystem,
      messages: [{ role: "user", content: question }],
    });

  test("a breakpoint writes the prefix; the next request reads it; it expires on the fake's clock", async () => {
    const { fake, client } = setup({ clock: "manual" });
    fake.reply(turn.message("ok").times(3));
    const first = await ask(client, "one");
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(first.usage.cache_creation?.ephemeral_5m_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    const second = await ask(client, "two");
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
    await fake.clock.advance(5 * 60_000 + 1);
    const third = await ask(client, "three");
    expect(third.usage.cache_read_input_tokens).toBe(0);
    expect(third.usage.cache_creation_input_tokens).toBeGreaterThan(0);
  });

  test("a prefix shorter than the model's minimum is not cached; more than four breakpoints are refused", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("ok").always());
    const short = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: [{ type: "text", text: "Short.", cache_control: { type: "ephemeral" } }],
      messages: [{ role: "user", content: "?" }],
    });
    expect(short.usage.cache_creation_input_tokens).toBe(0);
    const many = Array.from({ length: 5 }, (_, i) => ({
      type: "text" as const,
      text: `Part ${i}`,
      cache_control: { type: "ephemeral" as const },
    }));
    await expect(
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        system: many,
        messages: [{ role: "user", content: "?" }],
      }),
    ).rejects.toThrow(/A maximum of 4 blocks with cache_control may be provided. Found 5./);
  });
});

describe("the API's errors and refusals", () => {
  test("its error shape, and a 529 through the SDK's retries", async () => {
    const fake = fakeAnthropic();
    const client = new Anthropic({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 2 });
    fake.reply(turn.error(529).times(2), turn.message("Back."));
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 10,
      messages: [{ role: "user", content: "?" }],
    });
    expect(message.content[0]).toMatchObject({ text: "Back." });
    expect(fake.requests.map((r) => r.response.status)).toEqual([529, 529, 200]);
    expect(fake.requests[0]?.response.body).toEqual({
      type: "error",
      error: { type: "overloaded_error", message: "Scripted error 529" },
      request_id: expect.stringMatching(/^req_/),
    });
  });

  test("no key is a 401 authentication_error; no version a 400", async () => {
    const fake = fakeAnthropic();
    const bare = await fake.fetch("https://api.anthropic.com/v1/messages", { method: "POST", body: "{}" });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({
      type: "error",
      error: { type: "authentication_error", message: "x-api-key header is required" },
    });
    const noVersion = await fake.fetch("https://api.anthropic.com/v1/messages", {
      method: "POST",
      headers: { "x-api-key": "k" },
      body: "{}",
    });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ error: { message: "anthropic-version: header is required" } });
  });

  const pairing: Array<[string, MessageParam[], RegExp]> = [
    [
      "a tool_use left without its tool_result",
      [
        { role: "user", content: "?" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "P" } }],
        },
        { role: "user", content: "and?" },
      ],
      /messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1/,
    ],
    [
      "a tool_result for no tool_use",
      [
        { role: "user", content: "?" },
        { role: "assistant", content: "Hm." },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9", content: "x" }] },
      ],
      /messages\.2\.content\.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9/,
    ],
    [
      "a tool_result after other content",
      [
        { role: "user", content: "?" },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "get_weather", input: {} }] },
        {
          role: "user",
          content: [
            { type: "text", text: "here" },
            { type: "tool_result", tool_use_id: "toolu_1", content: "x" },
          ],
        },
      ],
      /toolu_1/,
    ],
  ];
  test.each(pairing)("%s", async (_name, messages, message) => {
    const { fake, client } = setup();
    fake.reply(turn.message("never"));
    const error = await client.messages
      .create({ model: "claude-sonnet-4-5", max_tokens: 10, messages, tools: [weather] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String((error as Error).message)).toMatch(message);
    expect(fake.pending).toBe(1);
  });

  test("required fields, as the API names them", async () => {
    const { client } = setup();
    await expect(
      client.messages.create({ model: "claude-sonnet-4-5", messages: [{ role: "user", content: "?" }] } as never),
    ).rejects.toThrow(/max_tokens: Field required/);
    await expect(
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 10,
        messages: [{ role: "robot", content: "?" }],
      } as never),
    ).rejects.toThrow(/messages\.0\.role: Input should be 'user', 'assistant' or 'system'/);
  });

  // @anthropic-ai/sdk 1.17 types a mid-conversation system message (SystemMessageParam): the SDK wins
  test("a system message among the messages (text only) is taken, as the SDK types it", async () => {
    const { fake, client } = setup();
    fake.reply(turn.message("Brief."));
    const messages: Anthropic.MessageParam[] = [
      { role: "user", content: "Tell me about Oslo." },
      { role: "assistant", content: "Oslo is the capital of Norway." },
      { role: "system", content: "From now on, answer in one word." },
      { role: "user", content: "And Bergen?" },
    ];
    const message = await client.messages.create({ model: "claude-sonnet-4-5", max_tokens: 10, messages });
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "Brief." })]);
  });

  // @anthropic-ai/sdk 1.17 types thinking between tool calls (ThinkingConfigBetweenTools): thinking is on
  test("thinking between tools is thinking on: a scripted reasoning turn answers with its block", async () => {
    const { fake, client } = setup();
    fake.reply(turn.reasoning("Weigh it.", turn.message("Done.")));
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 2048,
      thinking: { type: "between_tools" },
      messages: [{ role: "user", content: "Think." }],
    });
    expect(message.content.map((block) => block.type)).toEqual(["thinking", "text"]);
  });

  test("a builder with no meaning on this wire is refused when scripted", () => {
    const fake = fakeAnthropic();
    expect(() => fake.reply(turn.computerCall())).toThrow(/computer_call \(turn.computerCall\).*Anthropic Messages/);
  });
});

// @anthropic-ai/sdk 1.17 gives an APIError the request that caused it and words its message from
// the error body (the message, the request id, the path): read off the fake's error answers, for a
// plain answer and for an error event mid-stream.
describe("errors as @anthropic-ai/sdk 1.17 reads them", () => {
  test("a refusal: the request on the error, the fake's message, request id and path in its text", async () => {
    const { client } = setup();
    const error = await client.messages
      .create({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "assistant", content: "x" }] })
      .then(
        () => undefined,
        (e: unknown) => e as InstanceType<typeof Anthropic.APIError>,
      );
    if (!error) throw new Error("the fake accepted a conversation that starts with the assistant");
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.request).toEqual({ method: "post", url: "https://api.anthropic.com/v1/messages" });
    expect(error.requestID).toMatch(/^req_011/);
    expect(error.message).toContain(
      `(request_id: ${error.requestID}, path: /v1/messages, type: invalid_request_error)`,
    );
  });

  test("an error event mid-stream: the stream's request on the error", async () => {
    const { fake, client } = setup();
    fake.reply(turn.streamError({ code: "overloaded_error", message: "Overloaded" }));
    const error = await client.messages
      .stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "Hi" }] })
      .finalMessage()
      .then(
        () => undefined,
        (e: unknown) => e as InstanceType<typeof Anthropic.APIError>,
      );
    if (!error) throw new Error("the stream ended without its error");
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.request).toMatchObject({ method: "post", url: "https://api.anthropic.com/v1/messages" });
    expect(error.message).toContain("Overloaded");
  });
});
