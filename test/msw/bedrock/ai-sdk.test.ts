// The Bedrock fake through the AI SDK's `@ai-sdk/amazon-bedrock`, unchanged (on AI SDK 7 and, through
// the npm aliases, AI SDK 6), its `fetch` the fake's: SigV4-signed (or with a Bedrock API key),
// generateText running the tool loop, reasoning sent back signed, streamText over AWS's binary event
// stream, and a Claude history moved from Bedrock to Anthropic's own API.
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAmazonBedrock as createAmazonBedrockV4 } from "@ai-sdk/amazon-bedrock-v4";
import { generateText, stepCountIs, streamText, tool } from "ai";
import {
  generateText as generateText6,
  stepCountIs as stepCountIs6,
  streamText as streamText6,
  tool as tool6,
} from "ai-v6";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { type BedrockFake, fakeBedrock, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { MODEL, sdkProblems } from "./converse.js";

const weather = tool({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});
const weather6 = tool6({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

const made: BedrockFake[] = [];
afterEach(() => {
  expect(made.splice(0).flatMap(sdkProblems)).toEqual([]);
});
function setup(options: Parameters<typeof fakeBedrock>[0] = {}) {
  const fake = fakeBedrock(options);
  made.push(fake);
  return fake;
}
const credentials = { region: "us-east-1", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" };

describe("AI SDK 7: @ai-sdk/amazon-bedrock", () => {
  test("generateText runs the tool loop: the call, its result in the next user message, the answer", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrock({ ...credentials, fetch: fake.fetch });
    fake.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("It is 21 °C in Paris."));
    const result = await generateText({
      model: bedrock(MODEL),
      system: "You are a weather assistant.",
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("It is 21 °C in Paris.");
    expect(fake).toHaveCalledTool("weather", { city: "Paris" });
    expect(fake.requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(fake).toHaveReceivedRequest({
      messages: [
        { role: "user" },
        { role: "assistant", content: [{ toolUse: { name: "weather" } }] },
        { role: "user", content: [{ toolResult: { toolUseId: expect.stringMatching(/^tooluse_/) } }] },
      ],
    });
    expect(result.response.messages).toHaveAllCallsPaired();
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    // the path, on the AI SDK's result and on the fake alike
    expect(result).toMatchTrajectory([
      { tool: "weather", args: { city: "Paris" } },
      { message: "It is 21 °C in Paris." },
    ]);
    expect(fake).toMatchTrajectory([{ tool: "weather", args: { city: "Paris" } }]);
  });

  test("reasoning: the model's signed reasoning goes back with its call, and the fake accepts it", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrock({ ...credentials, fetch: fake.fetch });
    fake.reply(
      turn.reasoning("They want Paris.", turn.functionCall("weather", { city: "Paris" })),
      turn.message("21 °C."),
    );
    const result = await generateText({
      model: bedrock(MODEL),
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
      providerOptions: { bedrock: { reasoningConfig: { type: "enabled", budgetTokens: 1024 } } },
    });
    expect(result.text).toBe("21 °C.");
    expect(result.steps[0]?.reasoningText).toBe("They want Paris.");
    expect(fake).toHaveReceivedRequest({
      messages: [
        { role: "user" },
        {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "They want Paris.", signature: expect.any(String) } } },
            { toolUse: {} },
          ],
        },
        { role: "user" },
      ],
    });
  });

  test("streamText over the binary event stream: the text in pieces, the finish and usage", async () => {
    const fake = setup({ deltas: 4 });
    const bedrock = createAmazonBedrock({ ...credentials, fetch: fake.fetch });
    fake.reply(turn.message("Cold in Oslo today."));
    const result = streamText({ model: bedrock(MODEL), prompt: "Oslo?" });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.join("")).toBe("Cold in Oslo today.");
    expect(pieces.length).toBeGreaterThan(1);
    expect(await result.finishReason).toBe("stop");
    expect((await result.usage).totalTokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.route).toBe("converseStream");
  });

  test("streamText with a tool: the call streamed, run, answered", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrock({ ...credentials, fetch: fake.fetch });
    fake.reply(turn.functionCall("weather", { city: "Rome" }), turn.message("Warm in Rome."));
    const result = streamText({ model: bedrock(MODEL), prompt: "Rome?", tools: { weather }, stopWhen: stepCountIs(3) });
    expect(await result.text).toBe("Warm in Rome.");
    expect(fake).toHaveCalledTool("weather", { city: "Rome" });
    expect(fake.requests.map((request) => request.route)).toEqual(["converseStream", "converseStream"]);
  });

  test("a Bedrock API key: the provider sends it as a bearer token, and the fake takes it", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrock({
      region: "us-west-2",
      apiKey: "bedrock-api-key",
      fetch: fake.fetch,
      baseURL: "https://bedrock-runtime.us-east-1.amazonaws.com",
    });
    fake.reply(turn.message("Hello."));
    const result = await generateText({ model: bedrock(MODEL), prompt: "Hi" });
    expect(result.text).toBe("Hello.");
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer bedrock-api-key");
  });

  test("a throttle: the SDK's typed error after its retries (maxRetries: 1)", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrock({ ...credentials, fetch: fake.fetch });
    fake.reply(turn.error(429, { message: "Too many requests." }).times(2));
    await expect(generateText({ model: bedrock(MODEL), prompt: "Hi", maxRetries: 1 })).rejects.toThrow(
      /Too many requests/,
    );
    expect(fake.requests).toHaveLength(2);
  });
});

describe("AI SDK 6: @ai-sdk/amazon-bedrock 4", () => {
  test("generateText runs the tool loop", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrockV4({ ...credentials, fetch: fake.fetch });
    fake.reply(turn.functionCall("weather", { city: "Lima" }), turn.message("Mild in Lima."));
    const result = await generateText6({
      model: bedrock(MODEL),
      prompt: "Lima?",
      tools: { weather: weather6 },
      stopWhen: stepCountIs6(3),
    });
    expect(result.text).toBe("Mild in Lima.");
    expect(fake).toHaveCalledTool("weather", { city: "Lima" });
    const call = result.steps[0]?.toolCalls[0]?.toolCallId;
    expect(call).toMatch(/^tooluse_/);
    expect(fake).toHaveAnsweredCall(call);
    expect(result).toMatchTrajectory([{ tool: "weather", args: { city: "Lima" } }, { message: "Mild in Lima." }]);
    expect(result.steps).toMatchTrajectory([{ tool: "weather", args: { city: "Lima" } }, "lookup"], {
      order: "subset",
    });
  });

  test("streamText over the binary event stream", async () => {
    const fake = setup();
    const bedrock = createAmazonBedrockV4({ ...credentials, fetch: fake.fetch });
    fake.reply(turn.message("Streaming on six."));
    const result = streamText6({ model: bedrock(MODEL), prompt: "Hi" });
    expect(await result.text).toBe("Streaming on six.");
    expect(await result.finishReason).toBe("stop");
  });
});
