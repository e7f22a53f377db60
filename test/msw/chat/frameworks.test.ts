// The Chat Completions fake through the frameworks, unchanged: the AI SDK's `openai.chat(…)`
// provider (a tool loop with generateText, a stream with streamText) on `fake.fetch`, LangChain's
// ChatOpenAI and the official client on `fake.listen()`'s loopback server.
import { createOpenAI } from "@ai-sdk/openai";
import { ChatOpenAI } from "@langchain/openai";
import { generateText, stepCountIs, streamText, tool } from "ai";
import OpenAI from "openai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeChatCompletions, type Listening, turn } from "../../../fixtures/msw/index.js";

const weather = tool({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

let listening: Listening | undefined;
afterEach(async () => {
  await listening?.close();
  listening = undefined;
});

describe("the AI SDK's openai.chat provider", () => {
  test("generateText runs the tool loop; the fake saw the call, its answer and the history re-sent", async () => {
    const fake = fakeChatCompletions();
    const openai = createOpenAI({ apiKey: "test", fetch: fake.fetch });
    fake.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("It is 21 °C in Paris."));
    const result = await generateText({
      model: openai.chat("gpt-5"),
      system: "You are a weather assistant.",
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("It is 21 °C in Paris.");
    expect(fake.requests).toHaveLength(2);
    expect(fake).toHaveCalledTool("weather", { city: "Paris" });
    const call = result.steps[0]?.toolCalls[0];
    expect(fake).toHaveAnsweredCall(call?.toolCallId ?? "", { city: "Paris", celsius: 21 });
    // for a reasoning model the AI SDK sends the system prompt as a developer message
    expect(fake).toHaveReceivedRequest({
      messages: [{ role: "developer" }, { role: "user" }, { role: "assistant" }, { role: "tool" }],
    });
    expect(result.responseMessages).toHaveAllCallsPaired();
  });

  test("streamText reads the chunks: text deltas, tool input in pieces, usage", async () => {
    const fake = fakeChatCompletions({ deltas: 4 });
    const openai = createOpenAI({ apiKey: "test", fetch: fake.fetch });
    fake.reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Cold in Oslo today."));
    const result = streamText({
      model: openai.chat("gpt-5"),
      prompt: "Weather in Oslo?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const part of result.textStream) deltas.push(part);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Cold in Oslo today.");
    expect((await result.usage).inputTokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  test("a scripted 429 through the AI SDK's retries; the fake's own refusal is not retried", async () => {
    const fake = fakeChatCompletions();
    const openai = createOpenAI({ apiKey: "test", fetch: fake.fetch });
    fake.reply(turn.error(429).times(2), turn.message("After the back-off."));
    const result = await generateText({ model: openai.chat("gpt-5"), prompt: "?", maxRetries: 2 });
    expect(result.text).toBe("After the back-off.");
    await expect(generateText({ model: openai.chat("gpt-5"), prompt: "?", maxRetries: 2 })).rejects.toThrow(
      /no reply scripted/,
    );
    expect(fake.requests.map((r) => r.response.status)).toEqual([429, 429, 200, 400]);
  });
});

describe("over listen()", () => {
  test("LangChain's ChatOpenAI with bound tools", async () => {
    const fake = fakeChatCompletions();
    listening = await fake.listen();
    fake.reply(turn.functionCall("weather", { city: "Rome" }));
    const model = new ChatOpenAI({ model: "gpt-5", apiKey: "test", configuration: { baseURL: listening.url } });
    const message = await model
      .bindTools([
        {
          type: "function",
          function: { name: "weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
        },
      ])
      .invoke("Weather in Rome?");
    expect(message.tool_calls).toEqual([expect.objectContaining({ name: "weather", args: { city: "Rome" } })]);
    expect(fake.requests[0]?.path).toBe("/v1/chat/completions");
  });

  test("the official client, streamed", async () => {
    const fake = fakeChatCompletions();
    listening = await fake.listen();
    fake.reply(turn.message("Over a socket."));
    const client = new OpenAI({ apiKey: "test", baseURL: listening.url, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: "gpt-5",
      stream: true,
      messages: [{ role: "user", content: "?" }],
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe("Over a socket.");
  });
});
