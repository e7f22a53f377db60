// AI SDK 7.0.181 added `stoppedBy` to generateText and streamText results: why the tool loop stopped.
// Each reason, read off the fakes' answers by the SDK unchanged (the openai provider on the
// Responses fake, the anthropic provider on the Anthropic fake).
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type LanguageModel, stepCountIs, streamText, tool } from "ai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeAnthropic, fakeResponses, turn } from "../../../fixtures/msw/index.js";

const weather = tool({
  description: "The weather in a city.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});
const noExecute = tool({ description: "Runs on the client.", inputSchema: z.object({ city: z.string() }) });

const wires: Array<
  [string, () => { model: LanguageModel; reply: (...turns: ReturnType<typeof turn.message>[]) => void }]
> = [
  [
    "the Responses fake",
    () => {
      const fake = fakeResponses();
      return {
        model: createOpenAI({ apiKey: "test", fetch: fake.fetch })("gpt-5"),
        reply: (...turns) => void fake.reply(...turns),
      };
    },
  ],
  [
    "the Anthropic fake",
    () => {
      const fake = fakeAnthropic();
      return {
        model: createAnthropic({ apiKey: "test", fetch: fake.fetch })("claude-sonnet-4-5"),
        reply: (...turns) => void fake.reply(...turns),
      };
    },
  ],
];

describe.each(wires)("stoppedBy on %s", (_name, make) => {
  test("the model answered: model", async () => {
    const { model, reply } = make();
    reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("21 °C."));
    const result = await generateText({ model, prompt: "Oslo?", tools: { weather }, stopWhen: stepCountIs(5) });
    expect(result.stoppedBy).toBe("model");
  });

  test("the step count ran out while the model still called tools: stop-condition (streamed too)", async () => {
    const { model, reply } = make();
    reply(turn.functionCall("weather", { city: "Oslo" }));
    const result = await generateText({ model, prompt: "Oslo?", tools: { weather }, stopWhen: stepCountIs(1) });
    expect(result.stoppedBy).toBe("stop-condition");
    reply(turn.functionCall("weather", { city: "Rome" }));
    const streamed = streamText({ model, prompt: "Rome?", tools: { weather }, stopWhen: stepCountIs(1) });
    expect(await streamed.stoppedBy).toBe("stop-condition");
  });

  test("a tool with no execute was called: tool-without-execute", async () => {
    const { model, reply } = make();
    reply(turn.functionCall("weather", { city: "Oslo" }));
    const result = await generateText({
      model,
      prompt: "Oslo?",
      tools: { weather: noExecute },
      stopWhen: stepCountIs(5),
    });
    expect(result.stoppedBy).toBe("tool-without-execute");
  });
});
