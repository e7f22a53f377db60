// Issue 51's adversarial round on the readers (items 20, 21): one gate for a call of any wire, and
// a single LangChain message read as a conversation, driven through the real clients.
import Anthropic from "@anthropic-ai/sdk";
import { ChatOpenAI } from "@langchain/openai";
import OpenAI from "openai";
import { afterEach, describe, expect, test } from "vitest";
import { fakeAnthropic, fakeChatCompletions, type Listening, turn } from "../../fixtures/msw/index.js";
import { compileGate, replayGate, replayReason } from "../../src/index.js";

const regions = {
  type: "function" as const,
  name: "get_report",
  parameters: {
    type: "object",
    properties: { region: { type: "string", enum: ["apac", "emea"] } },
    required: ["region"],
    additionalProperties: false,
  },
};

let listening: Listening | undefined;
afterEach(async () => {
  await listening?.close();
  listening = undefined;
});

describe("20. one gate for every wire", () => {
  test("a Chat tool_calls entry and an Anthropic tool_use get the same reason from the core gate, compileGate and the matchers", async () => {
    const chat = fakeChatCompletions({ strict: false }).reply(turn.invalidCall("get_report", { region: "mars" }));
    const completion = await new OpenAI({ apiKey: "k", fetch: chat.fetch, maxRetries: 0 }).chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "Report" }],
      tools: [{ type: "function", function: { name: "get_report", parameters: regions.parameters } }],
    });
    const chatCall = completion.choices[0]?.message.tool_calls?.[0];
    const claude = fakeAnthropic({ strict: false }).reply(turn.invalidCall("get_report", { region: "mars" }));
    const message = await new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 }).messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "Report" }],
      tools: [{ name: "get_report", input_schema: regions.parameters as Anthropic.Tool.InputSchema }],
    });
    const toolUse = message.content.find((block) => block.type === "tool_use");
    for (const call of [chatCall, toolUse]) {
      expect(call).toBeDefined();
      expect(replayReason(call, [regions])).toBe("arguments_schema");
      expect(replayGate(call, [regions]).reason).toBe("arguments_schema");
      expect(compileGate([regions]).reason(call)).toBe("arguments_schema");
      expect(call).toHaveReplayReason("arguments_schema", [regions]);
      expect(call).not.toBeReplayable([regions]);
    }
  });
});

describe("21. a single LangChain message is a conversation of one", () => {
  test("model.invoke's AIMessage is read by toHaveCalledTool and toHaveCalledToolTimes", async () => {
    const fake = fakeChatCompletions().reply(turn.functionCall("get_report", { region: "apac" }));
    listening = await fake.listen();
    const model = new ChatOpenAI({ model: "gpt-5", apiKey: "test", configuration: { baseURL: listening.url } });
    const answer = await model
      .bindTools([{ type: "function", function: { name: "get_report", parameters: regions.parameters } }])
      .invoke("How is APAC?");
    expect(answer).toHaveCalledTool("get_report", { region: "apac" });
    expect(answer).toHaveCalledToolTimes("get_report", 1);
    expect(answer).not.toHaveCalledTool("get_weather");
  });
});
