// The Anthropic fake through the frameworks, unchanged: the AI SDK's `@ai-sdk/anthropic` (which
// sends anthropic-version 2023-06-01) with a tool loop and a stream, LangChain's ChatAnthropic on
// `listen()`'s loopback server, and an AI SDK app that changes provider mid-conversation, from the
// Responses fake to this one, the history carried across.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { ChatAnthropic } from "@langchain/anthropic";
import { generateText, type ModelMessage, stepCountIs, streamText, tool } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeAnthropic, fakeResponses, type Listening, turn } from "../../../fixtures/msw/index.js";

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

describe("the AI SDK's anthropic provider", () => {
  test("generateText runs the tool loop on Messages", async () => {
    const claude = fakeAnthropic();
    const anthropic = createAnthropic({ apiKey: "test", fetch: claude.fetch });
    claude.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("It is 21 °C in Paris."));
    const result = await generateText({
      model: anthropic("claude-sonnet-4-5"),
      system: "You are a weather assistant.",
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("It is 21 °C in Paris.");
    expect(claude.requests[0]?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(claude).toHaveCalledTool("weather", { city: "Paris" });
    const call = result.steps[0]?.toolCalls[0];
    expect(claude).toHaveAnsweredCall(call?.toolCallId ?? "", { city: "Paris", celsius: 21 });
    expect(claude).toHaveReceivedRequest({ system: [{ type: "text", text: "You are a weather assistant." }] });
    expect(result.responseMessages).toHaveAllCallsPaired();
  });

  test("a paused turn (pause_turn after a server search) reaches the app as the provider reports it; sent back, it goes on", async () => {
    const claude = fakeAnthropic();
    const anthropic = createAnthropic({ apiKey: "test", fetch: claude.fetch });
    claude.reply(
      turn.pause(turn.webSearch("agent testing", { next: turn.output() })),
      turn.message("Here is the news."),
    );
    const tools = { web_search: anthropic.tools.webSearch_20250305({ maxUses: 3 }) };
    const messages: ModelMessage[] = [{ role: "user", content: "News on agent testing?" }];
    const paused = await generateText({ model: anthropic("claude-sonnet-4-5"), messages, tools });
    // the AI SDK maps pause_turn to a stop, keeping the raw reason: the app is the one to go on
    expect(paused.finishReason).toBe("stop");
    expect(paused.rawFinishReason).toBe("pause_turn");
    expect(paused.text).toBe("");
    expect(paused.steps[0]?.content.map((part) => part.type)).toEqual(["tool-call", "tool-result", "source"]);
    const resumed = await generateText({
      model: anthropic("claude-sonnet-4-5"),
      messages: [...messages, ...paused.response.messages],
      tools,
    });
    expect(resumed.text).toBe("Here is the news.");
    expect(resumed.rawFinishReason).toBe("end_turn");
    // what went back is the paused message: its server search, as Anthropic wants it
    expect(claude).toHaveReceivedRequest({
      messages: [
        { role: "user" },
        { role: "assistant", content: [{ type: "server_tool_use" }, { type: "web_search_tool_result" }] },
      ],
    });
  });

  test("streamText reads the events: text deltas, a tool's input in pieces, usage", async () => {
    const claude = fakeAnthropic({ deltas: 4 });
    const anthropic = createAnthropic({ apiKey: "test", fetch: claude.fetch });
    claude.reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Cold in Oslo today."));
    const result = streamText({
      model: anthropic("claude-sonnet-4-5"),
      prompt: "Weather in Oslo?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const part of result.textStream) deltas.push(part);
    expect(deltas.join("")).toBe("Cold in Oslo today.");
    expect(deltas.length).toBeGreaterThan(1);
    expect((await result.usage).inputTokens).toBeGreaterThan(0);
  });

  test("a scripted 529 through the AI SDK's retries", async () => {
    const claude = fakeAnthropic();
    const anthropic = createAnthropic({ apiKey: "test", fetch: claude.fetch });
    claude.reply(turn.error(529).times(2), turn.message("After the back-off."));
    const result = await generateText({ model: anthropic("claude-sonnet-4-5"), prompt: "?", maxRetries: 2 });
    expect(result.text).toBe("After the back-off.");
    expect(claude.requests.map((r) => r.response.status)).toEqual([529, 529, 200]);
  });
});

test("LangChain's ChatAnthropic with bound tools, over listen()", async () => {
  const claude = fakeAnthropic();
  listening = await claude.listen();
  claude.reply(turn.functionCall("weather", { city: "Rome" }));
  const model = new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test", anthropicApiUrl: listening.url });
  const message = await model
    .bindTools([
      {
        name: "weather",
        description: "Weather",
        input_schema: { type: "object", properties: { city: { type: "string" } } },
      },
    ])
    .invoke("Weather in Rome?");
  expect(message.tool_calls).toEqual([expect.objectContaining({ name: "weather", args: { city: "Rome" } })]);
  expect(claude.requests[0]?.path).toBe("/v1/messages");
});

test("an AI SDK app changes provider mid-conversation: the history from OpenAI's Responses goes to Anthropic", async () => {
  const gpt = fakeResponses();
  const claude = fakeAnthropic();
  const openai = createOpenAI({ apiKey: "test", fetch: gpt.fetch });
  const anthropic = createAnthropic({ apiKey: "test", fetch: claude.fetch });
  gpt.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("21 °C in Paris."));
  const messages: ModelMessage[] = [{ role: "user", content: "Weather in Paris?" }];
  const first = await generateText({ model: openai("gpt-5"), messages, tools: { weather }, stopWhen: stepCountIs(3) });
  messages.push(...first.responseMessages, { role: "user", content: "And in Oslo?" });
  expect(messages).toHaveAllCallsPaired();

  claude.reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("21 °C in Oslo too."));
  const second = await generateText({
    model: anthropic("claude-sonnet-4-5"),
    messages,
    tools: { weather },
    stopWhen: stepCountIs(3),
  });
  expect(second.text).toBe("21 °C in Oslo too.");
  // the strict fake took the carried history: every tool_use it was sent is answered right after it
  expect(claude).toHaveCalledTool("weather", { city: "Oslo" });
  expect(claude).toHaveReceivedRequest({
    messages: expect.arrayContaining([
      expect.objectContaining({
        role: "assistant",
        content: [expect.objectContaining({ type: "tool_use", name: "weather", input: { city: "Paris" } })],
      }),
      expect.objectContaining({ role: "user", content: [expect.objectContaining({ type: "tool_result" })] }),
    ]),
  });
});
