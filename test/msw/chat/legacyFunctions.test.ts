// Issue 52 (7): Chat Completions' legacy `functions` / `function_call`, which the openai SDK still
// types and four of its examples use: a request that declares functions gets its call as the
// message's `function_call` (finish_reason "function_call"), streamed as `function_call` deltas,
// answered by a `function` message — through the official client, unchanged.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeChatCompletions, turn } from "../../../fixtures/msw/index.js";

const functions: OpenAI.ChatCompletionCreateParams.Function[] = [
  {
    name: "get_weather",
    description: "The weather in a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
];

describe("legacy functions on the Chat Completions fake", () => {
  test("a call as function_call, answered by a function message, then the answer; the matchers read both", async () => {
    const fake = fakeChatCompletions().reply(
      turn.functionCall("get_weather", { city: "Oslo" }),
      turn.message("Cold in Oslo."),
    );
    const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await client.chat.completions.create({ model: "gpt-5", messages, functions });
    const choice = first.choices[0];
    expect(choice?.finish_reason).toBe("function_call");
    expect(choice?.message.tool_calls).toBeUndefined();
    expect(choice?.message.function_call).toEqual({ name: "get_weather", arguments: '{"city":"Oslo"}' });
    messages.push(choice?.message as OpenAI.ChatCompletionMessageParam, {
      role: "function",
      name: "get_weather",
      content: '{"celsius":-3}',
    });
    const second = await client.chat.completions.create({ model: "gpt-5", messages, functions });
    expect(second.choices[0]?.message.content).toBe("Cold in Oslo.");
    expect(fake).toHaveCalledTool("get_weather", { city: "Oslo" });
    expect(messages).toHaveAllCallsPaired();
    expect(messages.slice(0, 2)).not.toHaveAllCallsPaired();
  });

  test("streamed: the name, then the arguments in pieces", async () => {
    const fake = fakeChatCompletions({ deltas: 3 }).reply(turn.functionCall("get_weather", { city: "Paris" }));
    const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
    let name = "";
    let args = "";
    let finish: string | null = null;
    for await (const chunk of await client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Weather in Paris?" }],
      functions,
      stream: true,
    })) {
      const delta = chunk.choices[0]?.delta;
      name += delta?.function_call?.name ?? "";
      args += delta?.function_call?.arguments ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect({ name, args: JSON.parse(args), finish }).toEqual({
      name: "get_weather",
      args: { city: "Paris" },
      finish: "function_call",
    });
  });

  test("function_call names the function; a second call in one turn, or one the functions lack, is refused", async () => {
    const fake = fakeChatCompletions().reply(
      turn.parallelCalls([
        ["get_weather", { city: "Oslo" }],
        ["get_weather", { city: "Rome" }],
      ]),
    );
    const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
    const body = {
      model: "gpt-5",
      messages: [{ role: "user" as const, content: "Weather?" }],
      functions,
      function_call: { name: "get_weather" },
    };
    await expect(client.chat.completions.create(body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("one function_call at a time"),
    });
    await expect(
      client.chat.completions.create({ ...body, function_call: { name: "get_time" } }),
    ).rejects.toMatchObject({ status: 400, param: "function_call" });
  });
});
