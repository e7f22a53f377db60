// The Bedrock fake through LangChain's ChatBedrockConverse (`@langchain/aws`), unchanged: given the
// AWS SDK's client pointed at the fake's `listen()` URL (its `endpointHost` option is always https),
// a tool bound and called, its ToolMessage answered in the next turn, a stream in pieces.
import { BedrockRuntimeClient } from "@aws-sdk/client-bedrock-runtime";
import { ChatBedrockConverse } from "@langchain/aws";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { afterAll, afterEach, expect, test } from "vitest";
import { z } from "zod";
import { type BedrockFake, fakeBedrock, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { MODEL, sdkProblems } from "./converse.js";

const made: BedrockFake[] = [];
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(() => {
  expect(made.splice(0).flatMap(sdkProblems)).toEqual([]);
});
afterAll(() => Promise.all(servers.splice(0).map((server) => server.close())));

async function setup(options: Parameters<typeof fakeBedrock>[0] = {}) {
  const fake = fakeBedrock(options);
  made.push(fake);
  const server = await fake.listen();
  servers.push(server);
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    endpoint: server.url,
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
  });
  return { fake, model: new ChatBedrockConverse({ model: MODEL, region: "us-east-1", client }) };
}

const getWeather = {
  name: "get_weather",
  description: "The weather in a city.",
  schema: z.object({ city: z.string() }),
};

test("a tool bound and called; its ToolMessage answered in the next turn", async () => {
  const { fake, model } = await setup();
  fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny in Paris."));
  const withTools = model.bindTools([getWeather]);
  const asked = new HumanMessage("Weather in Paris?");
  const call = await withTools.invoke([asked]);
  expect(call.tool_calls?.map((c) => [c.name, c.args])).toEqual([["get_weather", { city: "Paris" }]]);
  const id = call.tool_calls?.[0]?.id ?? "";
  expect(id).toMatch(/^tooluse_/);
  const answer = await withTools.invoke([asked, call, new ToolMessage({ tool_call_id: id, content: "sunny" })]);
  expect(answer.content).toBe("Sunny in Paris.");
  expect(fake).toHaveCalledTool("get_weather", { city: "Paris" });
  expect(fake).toHaveAnsweredCall(id);
});

test("a stream: the text in pieces, over AWS's event stream", async () => {
  const { fake, model } = await setup({ deltas: 3 });
  fake.reply(turn.message("Sunny in Paris today."));
  const pieces: string[] = [];
  for await (const chunk of await model.stream("Paris?")) pieces.push(String(chunk.content));
  expect(pieces.join("")).toBe("Sunny in Paris today.");
  expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
  expect(fake.requests[0]?.route).toBe("converseStream");
});

test("a history whose call is not answered: Bedrock's ValidationException, in its words, through LangChain", async () => {
  const { fake, model } = await setup();
  fake.reply(turn.message("never sent"));
  const withTools = model.bindTools([getWeather]);
  const history = [
    new HumanMessage("Weather?"),
    {
      role: "assistant",
      content: "",
      tool_calls: [{ id: "tooluse_abc", name: "get_weather", args: { city: "Oslo" } }],
    },
    new HumanMessage("And?"),
  ];
  await expect(withTools.invoke(history as never)).rejects.toThrow(
    "Expected toolResult blocks at messages.2.content for the following Ids: tooluse_abc",
  );
  expect(fake.pending).toBe(1);
});
