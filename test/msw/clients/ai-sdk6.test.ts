// Issue 52 (1, 15): the fakes as AI SDK 6 reads them — what npm installs on Node 20, where AI SDK 7
// does not run — beside AI SDK 7: `ai` 6 with `@ai-sdk/anthropic` 3 and `@ai-sdk/openai` 3 (npm
// aliases `ai-v6`, `@ai-sdk/anthropic-v3`, `@ai-sdk/openai-v3`), unchanged.
import { createAnthropic as createAnthropic7 } from "@ai-sdk/anthropic";
import { createAnthropic as createAnthropic6 } from "@ai-sdk/anthropic-v3";
import { createOpenAI as createOpenAI6 } from "@ai-sdk/openai-v3";
import { generateText as generateText7, stepCountIs as stepCountIs7, tool as tool7 } from "ai";
import { generateText, stepCountIs, streamText, tool } from "ai-v6";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeAnthropic, fakeChatCompletions, fakeResponses, turn } from "../../../fixtures/msw/index.js";

const weather = tool({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

describe("AI SDK 6's anthropic provider (@ai-sdk/anthropic 3.x) on fakeAnthropic", () => {
  test("generateText reads a plain answer (a text block with no citations field)", async () => {
    const claude = fakeAnthropic().reply(turn.message("Hello from the fake."));
    const anthropic = createAnthropic6({ apiKey: "test", fetch: claude.fetch });
    const result = await generateText({ model: anthropic("claude-sonnet-4-5"), prompt: "Hi" });
    expect(result.text).toBe("Hello from the fake.");
  });

  test("a tool loop, then streamText", async () => {
    const claude = fakeAnthropic();
    const anthropic = createAnthropic6({ apiKey: "test", fetch: claude.fetch });
    claude.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("21 °C in Paris."));
    const result = await generateText({
      model: anthropic("claude-sonnet-4-5"),
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("21 °C in Paris.");
    expect(result).toHaveAllCallsPaired();
    claude.reply(turn.message("Streamed."));
    const stream = streamText({ model: anthropic("claude-sonnet-4-5"), prompt: "Hi" });
    expect(await stream.text).toBe("Streamed.");
  });

  test("a web search, cited: the citations the fake sends parse", async () => {
    const claude = fakeAnthropic().reply(turn.webSearch("paris weather"));
    const anthropic = createAnthropic6({ apiKey: "test", fetch: claude.fetch });
    const result = await generateText({
      model: anthropic("claude-sonnet-4-5"),
      prompt: "Weather in Paris?",
      // ai 6.0.333 and @ai-sdk/anthropic 3.0.140 pin two builds of @ai-sdk/provider-utils 4 (4.0.67,
      // 4.0.65): the same tool at run time, two declarations of it to TypeScript
      tools: { web_search: anthropic.tools.webSearch_20250305({ maxUses: 1 }) as never },
    });
    expect(result.sources.length).toBeGreaterThan(0);
  });
});

describe("AI SDK 6's openai provider (@ai-sdk/openai 3.x) on the Responses and Chat Completions fakes", () => {
  test("a tool loop on each: the answers parse", async () => {
    const responses = fakeResponses().reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Cold."));
    const chat = fakeChatCompletions().reply(turn.functionCall("weather", { city: "Rome" }), turn.message("Warm."));
    for (const [model, answer] of [
      [createOpenAI6({ apiKey: "test", fetch: responses.fetch })("gpt-5"), "Cold."],
      [createOpenAI6({ apiKey: "test", fetch: chat.fetch }).chat("gpt-5"), "Warm."],
    ] as const) {
      const result = await generateText({ model, prompt: "Weather?", tools: { weather }, stopWhen: stepCountIs(3) });
      expect(result.text).toBe(answer);
      expect(result).toHaveAllCallsPaired();
    }
  });
});

describe("15. a tool that fails has answered: toHaveAllCallsPaired on the steps (AI SDK 6 and 7)", () => {
  const failing = {
    description: "Always fails.",
    inputSchema: z.object({ id: z.string() }),
    execute: async (): Promise<string> => {
      throw new Error("the order service is down");
    },
  };

  test("AI SDK 6 (the openai provider on the Responses fake)", async () => {
    const fake = fakeResponses().reply(turn.functionCall("lookup", { id: "A-1" }), turn.message("Sorry."));
    const openai = createOpenAI6({ apiKey: "test", fetch: fake.fetch });
    const result = await generateText({
      model: openai("gpt-5"),
      prompt: "Where is A-1?",
      tools: { lookup: tool(failing) },
      stopWhen: stepCountIs(3),
    });
    expect(result.steps[0]?.content.map((part) => part.type)).toContain("tool-error");
    expect(result).toHaveAllCallsPaired();
    expect(result.steps).toHaveAllCallsPaired();
  });

  test("AI SDK 7 (the anthropic provider on the Anthropic fake)", async () => {
    const claude = fakeAnthropic().reply(turn.functionCall("lookup", { id: "A-1" }), turn.message("Sorry."));
    const anthropic = createAnthropic7({ apiKey: "test", fetch: claude.fetch });
    const result = await generateText7({
      model: anthropic("claude-sonnet-4-5"),
      prompt: "Where is A-1?",
      tools: { lookup: tool7(failing) },
      stopWhen: stepCountIs7(3),
    });
    expect(result.steps[0]?.content.map((part) => part.type)).toContain("tool-error");
    expect(result).toHaveAllCallsPaired();
    expect(result.steps).toHaveAllCallsPaired();
  });
});
