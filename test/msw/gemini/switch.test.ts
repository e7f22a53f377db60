// An app that moves one conversation between three providers through the AI SDK, unchanged:
// OpenAI (the Responses fake) → Gemini → Anthropic, a tool loop on each. Before each move,
// toBePortableTo says whether the next wire takes the history; the next fake, which refuses what
// its API refuses, agrees. And a move in the middle of a tool loop, to Gemini 3: the history's
// call carries no thought signature, which toBePortableTo("gemini") names and the provider fills
// with Google's documented sentinel.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ModelMessage, stepCountIs, tool } from "ai";
import { expect, test } from "vitest";
import { z } from "zod";
import { fakeAnthropic, fakeGemini, fakeResponses, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";

const weather = tool({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

test("OpenAI → Gemini → Anthropic: each takes the history the last one left, paired", async () => {
  const responses = fakeResponses();
  const gemini = fakeGemini();
  const claude = fakeAnthropic();
  const openai = createOpenAI({ apiKey: "test", fetch: responses.fetch });
  const google = createGoogleGenerativeAI({ apiKey: "test", fetch: gemini.fetch });
  const anthropic = createAnthropic({ apiKey: "test", fetch: claude.fetch });
  responses.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("21 °C in Paris."));
  gemini.reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("21 °C in Oslo too."));
  claude.reply(turn.functionCall("weather", { city: "Rome" }), turn.message("And 21 °C in Rome."));
  const messages: ModelMessage[] = [{ role: "user", content: "Weather in Paris?" }];
  const loop = { tools: { weather }, stopWhen: stepCountIs(3) };

  const first = await generateText({ model: openai("gpt-5"), messages, ...loop });
  messages.push(...first.responseMessages, { role: "user", content: "And in Oslo?" });
  expect(messages).toBePortableTo("gemini");

  const second = await generateText({ model: google("gemini-3-pro-preview"), messages, ...loop });
  expect(second.text).toBe("21 °C in Oslo too.");
  messages.push(...second.responseMessages, { role: "user", content: "And in Rome?" });
  expect(messages).toBePortableTo("anthropic");

  const third = await generateText({ model: anthropic("claude-sonnet-4-5"), messages, ...loop });
  expect(third.text).toBe("And 21 °C in Rome.");
  messages.push(...third.responseMessages);

  expect(messages).toHaveAllCallsPaired();
  // Gemini got OpenAI's call as its own contents, answered; its own call went back signed
  expect(gemini).toHaveReceivedRequest({
    contents: [
      { role: "user" },
      { role: "model", parts: [{ functionCall: { name: "weather", args: { city: "Paris" } } }] },
      { role: "user", parts: [{ functionResponse: { name: "weather" } }] },
      { role: "model" },
      { role: "user" },
      { role: "model", parts: [{ functionCall: { name: "weather" }, thoughtSignature: expect.any(String) }] },
      { role: "user", parts: [{ functionResponse: { name: "weather" } }] },
    ],
  });
  // Anthropic got both earlier providers' calls as tool_use blocks, each answered
  expect(claude).toHaveCalledTool("weather", { city: "Rome" });
  expect((claude.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages).toHaveAllCallsPaired();
  expect(claude).toHaveReceivedRequest({
    messages: expect.arrayContaining([
      expect.objectContaining({ content: [expect.objectContaining({ type: "tool_use", input: { city: "Paris" } })] }),
      expect.objectContaining({ content: [expect.objectContaining({ type: "tool_use", input: { city: "Oslo" } })] }),
    ]),
  });
});

test("a move mid tool loop to Gemini 3: the unsigned call is named, and the provider sends the sentinel", async () => {
  const responses = fakeResponses();
  const gemini = fakeGemini();
  const openai = createOpenAI({ apiKey: "test", fetch: responses.fetch });
  const google = createGoogleGenerativeAI({ apiKey: "test", fetch: gemini.fetch });
  responses.reply(turn.functionCall("weather", { city: "Paris" }));
  gemini.reply(turn.message("21 °C in Paris."));
  const messages: ModelMessage[] = [{ role: "user", content: "Weather in Paris?" }];
  // one step on OpenAI: its call, answered by the tool; then the loop goes on with Gemini
  const first = await generateText({ model: openai("gpt-5"), messages, tools: { weather }, stopWhen: stepCountIs(1) });
  messages.push(...first.responseMessages);
  expect(messages).toHaveAllCallsPaired();
  expect(messages).toBePortableTo("anthropic");
  expect(messages).not.toBePortableTo("gemini");
  expect(() => expect(messages).toBePortableTo("gemini")).toThrow(
    /unsigned_call: \[1\] the call "weather" is in the current turn without a thoughtSignature/,
  );

  const second = await generateText({ model: google("gemini-3-pro-preview"), messages, tools: { weather } });
  expect(second.text).toBe("21 °C in Paris.");
  expect(gemini).toHaveReceivedRequest({
    contents: [
      { role: "user" },
      {
        role: "model",
        parts: [{ functionCall: { name: "weather" }, thoughtSignature: "skip_thought_signature_validator" }],
      },
      { role: "user" },
    ],
  });
});
