// The Gemini fake through the AI SDK's `@ai-sdk/google`, unchanged (on AI SDK 7 and, through the
// npm aliases, AI SDK 6): a tool loop with generateText (the provider sends the model's content back
// with its thought signatures), a stream, and an app that changes provider mid-conversation.
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createGoogleGenerativeAI as createGoogleV3 } from "@ai-sdk/google-v3";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ModelMessage, stepCountIs, streamText, tool } from "ai";
import {
  generateText as generateText6,
  stepCountIs as stepCountIs6,
  type ToolSet as ToolSet6,
  tool as tool6,
} from "ai-v6";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeGemini, fakeResponses, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";

const weather = tool({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

/** The same tool, declared for AI SDK 6. */
const weather6 = tool6({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 25 }),
});

describe("the AI SDK's google provider", () => {
  test("generateText runs the tool loop; a thinking model's signature goes back with its call", async () => {
    const gemini = fakeGemini();
    const google = createGoogleGenerativeAI({ apiKey: "test", fetch: gemini.fetch });
    gemini.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("It is 21 °C in Paris."));
    const result = await generateText({
      model: google("gemini-3-pro-preview"),
      system: "You are a weather assistant.",
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("It is 21 °C in Paris.");
    expect(gemini).toHaveCalledTool("weather", { city: "Paris" });
    expect(gemini.requests[0]?.headers["x-goog-api-key"]).toBe("test");
    // the second request carries the model's call back, signed, and the answer to it
    expect(gemini).toHaveReceivedRequest({
      contents: [
        { role: "user" },
        { role: "model", parts: [{ functionCall: { name: "weather" }, thoughtSignature: expect.any(String) }] },
        { role: "user", parts: [{ functionResponse: { name: "weather" } }] },
      ],
    });
    expect(result.responseMessages).toHaveAllCallsPaired();
  });

  test("streamText: the text in pieces, the finish and usage", async () => {
    const gemini = fakeGemini({ deltas: 4 });
    const google = createGoogleGenerativeAI({ apiKey: "test", fetch: gemini.fetch });
    gemini.reply(turn.message("Cold in Oslo today."));
    const result = streamText({ model: google("gemini-2.5-flash"), prompt: "Oslo?" });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.join("")).toBe("Cold in Oslo today.");
    expect(pieces.length).toBeGreaterThan(1);
    expect(await result.finishReason).toBe("stop");
    expect((await result.usage).totalTokens).toBeGreaterThan(0);
  });

  test("an app that changes provider mid-conversation: from the Responses fake to Gemini", async () => {
    const responses = fakeResponses();
    const gemini = fakeGemini();
    const openai = createOpenAI({ apiKey: "test", fetch: responses.fetch });
    const google = createGoogleGenerativeAI({ apiKey: "test", fetch: gemini.fetch });
    responses.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("21 °C in Paris."));
    gemini.reply(turn.message("Still 21 °C."));
    const messages: ModelMessage[] = [{ role: "user", content: "Weather in Paris?" }];
    const first = await generateText({
      model: openai("gpt-5"),
      messages,
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    messages.push(...first.responseMessages, { role: "user", content: "And now?" });
    const second = await generateText({ model: google("gemini-2.5-flash"), messages, tools: { weather } });
    expect(second.text).toBe("Still 21 °C.");
    // the history reached Gemini as its own contents: the call and its answer, paired
    expect(gemini).toHaveReceivedRequest({
      contents: [
        { role: "user" },
        { role: "model", parts: [{ functionCall: { name: "weather", args: { city: "Paris" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "weather" } }] },
        { role: "model" },
        { role: "user" },
      ],
    });
    expect(messages).toHaveAllCallsPaired();
  });
});

describe("AI SDK 6 with @ai-sdk/google 3", () => {
  test("generateText runs the tool loop", async () => {
    const gemini = fakeGemini();
    const google = createGoogleV3({ apiKey: "test", fetch: gemini.fetch });
    gemini.reply(turn.functionCall("weather", { city: "Rome" }), turn.message("Warm in Rome."));
    const result = await generateText6({
      model: google("gemini-2.5-flash"),
      prompt: "Rome?",
      tools: {
        weather: weather6,
      },
      stopWhen: stepCountIs6(3),
    });
    expect(result.text).toBe("Warm in Rome.");
    expect(gemini).toHaveCalledTool("weather", { city: "Rome" });
  });
});

describe('toolChoice "none": the provider sends the function declarations, no hosted tool, and calling off', () => {
  const check = async (ask: (gemini: ReturnType<typeof fakeGemini>) => Promise<{ text: string }>) => {
    const gemini = fakeGemini();
    gemini.reply(turn.message("No tools today."));
    expect((await ask(gemini)).text).toBe("No tools today.");
    const body = gemini.requests[0]?.body as {
      tools?: Array<Record<string, unknown>>;
      toolConfig?: { functionCallingConfig?: { mode?: string } };
    };
    expect(body.toolConfig?.functionCallingConfig?.mode).toBe("NONE");
    expect(body.tools?.map((entry) => Object.keys(entry))).toEqual([["functionDeclarations"]]);
    // the model calls nothing here: a script that calls a function, or searches, is refused naming why
    gemini.reply(turn.functionCall("weather", { city: "Rome" }));
    await expect(ask(gemini)).rejects.toThrow(/functionCallingConfig mode is "NONE"/);
  };

  test("AI SDK 7 (@ai-sdk/google 4)", async () => {
    await check((gemini) => {
      const google = createGoogleGenerativeAI({ apiKey: "test", fetch: gemini.fetch });
      return generateText({
        model: google("gemini-2.5-flash"),
        prompt: "Rome?",
        tools: { weather, google_search: google.tools.googleSearch({}) },
        toolChoice: "none",
        maxRetries: 0,
      });
    });
  });

  test("AI SDK 6 (@ai-sdk/google 3, since 3.0.142)", async () => {
    await check((gemini) => {
      const google = createGoogleV3({ apiKey: "test", fetch: gemini.fetch });
      return generateText6({
        model: google("gemini-2.5-flash"),
        prompt: "Rome?",
        tools: {
          weather: weather6,
          // @ai-sdk/google 3.0.143 is built on an older @ai-sdk/provider-utils than ai 6.0.333: the same
          // tool at run time, two declarations of it to TypeScript
          google_search: google.tools.googleSearch({}) as ToolSet6[string],
        },
        toolChoice: "none",
        maxRetries: 0,
      });
    });
  });
});
