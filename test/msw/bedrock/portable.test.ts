// One Claude conversation between Bedrock and Anthropic's own API, through both SDKs unchanged:
// toBePortableTo names what the other side refuses (the reasoning each service signed), the other
// fake refuses exactly that when it is sent anyway, and the history without it is taken.
import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import {
  BedrockRuntimeClient,
  type ContentBlock,
  ConverseCommand,
  type Message,
} from "@aws-sdk/client-bedrock-runtime";
import { afterAll, expect, test } from "vitest";
import { fakeAnthropic, fakeBedrock, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { failureOf } from "../../matchers/helpers.js";
import { MODEL, weather } from "./converse.js";

const servers: Array<{ close(): Promise<void> }> = [];
afterAll(() => Promise.all(servers.splice(0).map((server) => server.close())));

async function bedrockClient() {
  const fake = fakeBedrock();
  const server = await fake.listen();
  servers.push(server);
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    endpoint: server.url,
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
  });
  return { fake, client };
}
const anthropicClient = () => {
  const fake = fakeAnthropic();
  return { fake, client: new Anthropic({ apiKey: "test", fetch: fake.fetch, maxRetries: 0 }) };
};
const anthropicTool = {
  name: "get_weather",
  description: "The weather in a city.",
  input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

/** A Converse history as a framework moving it naively would write it for Anthropic (reasoning kept as thinking). */
function toAnthropic(messages: Message[]): MessageParam[] {
  return messages.map((message) => ({
    role: message.role as "user" | "assistant",
    content: (message.content ?? []).map((block): ContentBlockParam => {
      if (block.text !== undefined) return { type: "text", text: block.text };
      if (block.toolUse)
        return {
          type: "tool_use",
          id: String(block.toolUse.toolUseId),
          name: String(block.toolUse.name),
          input: block.toolUse.input,
        };
      if (block.toolResult)
        return {
          type: "tool_result",
          tool_use_id: String(block.toolResult.toolUseId),
          content: (block.toolResult.content ?? []).map((c) => c.text ?? JSON.stringify(c.json)).join(""),
        };
      const reasoning = block.reasoningContent?.reasoningText;
      return { type: "thinking", thinking: String(reasoning?.text), signature: String(reasoning?.signature) };
    }),
  }));
}

/** An Anthropic history as a framework moving it naively would write it for Converse (thinking kept as reasoning). */
function toConverse(messages: MessageParam[]): Message[] {
  return messages.map((message) => ({
    role: message.role,
    content: (typeof message.content === "string"
      ? [{ type: "text" as const, text: message.content }]
      : message.content
    ).map((block): ContentBlock => {
      if (block.type === "text") return { text: block.text };
      if (block.type === "tool_use")
        return { toolUse: { toolUseId: block.id, name: block.name, input: block.input as never } };
      if (block.type === "tool_result")
        return { toolResult: { toolUseId: block.tool_use_id, content: [{ text: String(block.content) }] } };
      if (block.type === "thinking")
        return { reasoningContent: { reasoningText: { text: block.thinking, signature: block.signature } } };
      throw new Error(`no such block here: ${block.type}`);
    }),
  }));
}

test("from Bedrock to Anthropic: the reasoning Bedrock signed is named, refused by Anthropic when sent, and the rest taken", async () => {
  const { fake, client } = await bedrockClient();
  fake.reply(
    turn.reasoning("Paris, then.", turn.functionCall("get_weather", { city: "Paris" })),
    turn.message("Sunny."),
  );
  const thinking = { thinking: { type: "enabled", budget_tokens: 1024 } };
  const history: Message[] = [{ role: "user", content: [{ text: "Weather in Paris?" }] }];
  const first = await client.send(
    new ConverseCommand({
      modelId: MODEL,
      messages: history,
      toolConfig: weather,
      additionalModelRequestFields: thinking,
    }),
  );
  const made = first.output?.message as Message;
  const use = made.content?.find((block) => block.toolUse)?.toolUse;
  history.push(made, {
    role: "user",
    content: [{ toolResult: { toolUseId: use?.toolUseId, content: [{ text: "21 °C" }] } }],
  });
  const second = await client.send(
    new ConverseCommand({
      modelId: MODEL,
      messages: history,
      toolConfig: weather,
      additionalModelRequestFields: thinking,
    }),
  );
  history.push(second.output?.message as Message, { role: "user", content: [{ text: "And tomorrow?" }] });

  expect(history).toBePortableTo("bedrock");
  expect(failureOf(() => expect(history).toBePortableTo("anthropic"))).toContain(
    "foreign_reasoning: [1] reasoning a Bedrock model made (reasoningContent, signed by Bedrock): Anthropic Messages takes none; drop it",
  );
  const anthropic = anthropicClient();
  anthropic.fake.reply(turn.message("Rain tomorrow."));
  const send = (messages: MessageParam[]) =>
    anthropic.client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 2048,
      thinking: { type: "enabled", budget_tokens: 1024 },
      tools: [anthropicTool],
      messages,
    });
  // sent anyway, Anthropic refuses the signature Bedrock made, as the matcher said
  await expect(send(toAnthropic(history))).rejects.toThrow(/Invalid `signature` in `thinking` block/);
  const dropped = history.map((m) => ({ ...m, content: m.content?.filter((b) => !b.reasoningContent) }));
  expect(dropped).toBePortableTo("anthropic");
  const answer = await send(toAnthropic(dropped));
  expect(answer.content.find((b) => b.type === "text")).toMatchObject({ text: "Rain tomorrow." });
  expect(anthropic.fake.requests.map((request) => request.response.status)).toEqual([400, 200]);
});

test("from Anthropic to Bedrock: Anthropic's signed thinking is named, refused by Bedrock when sent, and the rest taken", async () => {
  const anthropic = anthropicClient();
  anthropic.fake.reply(
    turn.reasoning("Oslo.", turn.functionCall("get_weather", { city: "Oslo" })),
    turn.message("Cold."),
  );
  const thinking = { type: "enabled" as const, budget_tokens: 1024 };
  const history: MessageParam[] = [{ role: "user", content: "Weather in Oslo?" }];
  const first = await anthropic.client.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 2048,
    thinking,
    tools: [anthropicTool],
    messages: history,
  });
  const use = first.content.find((b) => b.type === "tool_use");
  if (use?.type !== "tool_use") throw new Error("expected a tool_use");
  history.push(
    { role: "assistant", content: first.content as ContentBlockParam[] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: "-3 °C" }] },
  );
  const second = await anthropic.client.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 2048,
    thinking,
    tools: [anthropicTool],
    messages: history,
  });
  history.push(
    { role: "assistant", content: second.content as ContentBlockParam[] },
    { role: "user", content: "And tomorrow?" },
  );

  expect(history).toBePortableTo("anthropic");
  expect(failureOf(() => expect(history).toBePortableTo("bedrock"))).toContain(
    "foreign_reasoning: [1] thinking another model made (Anthropic's, signed): Bedrock Converse takes none; drop it",
  );
  const { fake, client } = await bedrockClient();
  fake.reply(turn.message("Snow tomorrow."));
  const send = (messages: Message[]) =>
    client.send(
      new ConverseCommand({
        modelId: MODEL,
        messages,
        toolConfig: weather,
        additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
      }),
    );
  await expect(send(toConverse(history))).rejects.toThrow(
    "The model returned the following errors: messages.1.content.0: Invalid `signature` in `thinking` block",
  );
  const dropped = history.map(
    (m): MessageParam =>
      typeof m.content === "string"
        ? m
        : ({ ...m, content: m.content.filter((b) => b.type !== "thinking") } as MessageParam),
  );
  expect(dropped).toBePortableTo("bedrock");
  const answer = await send(toConverse(dropped));
  expect(answer.output?.message?.content).toEqual([{ text: "Snow tomorrow." }]);
  expect(fake.requests.map((request) => request.response.status)).toEqual([400, 200]);
});
