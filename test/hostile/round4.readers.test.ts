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

describe("19. a received value's own exception is a matcher error naming what could not be read", () => {
  const boom = () => {
    throw new Error("boom from the value");
  };
  const everyTrap = new Proxy(
    {},
    {
      get: boom,
      has: boom,
      ownKeys: boom,
      getOwnPropertyDescriptor: boom,
      getPrototypeOf: boom,
      isExtensible: boom,
      preventExtensions: boom,
      defineProperty: boom,
      set: boom,
      deleteProperty: boom,
      apply: boom,
    },
  );
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const hostile: Array<[string, unknown]> = [
    ["a getter that throws", Object.defineProperty({}, "output", { get: boom, enumerable: true })],
    ["a Proxy that throws on every trap", everyTrap],
    ["a revoked Proxy", revoked.proxy],
    ["an array whose element throws when read", Object.defineProperty([1, 2], "0", { get: boom, enumerable: true })],
    [
      "a message whose tool_calls getter throws",
      Object.defineProperty({ role: "assistant" }, "tool_calls", { get: boom, enumerable: true }),
    ],
    ["a Proxy around a list that throws on get", new Proxy([{ type: "function_call" }], { get: boom })],
  ];
  const checks: Array<[string, (value: unknown) => void]> = [
    ["toHaveCalledTool", (value) => expect(value).toHaveCalledTool("get_report")],
    ["toHaveAgentCalledTool", (value) => expect(value).toHaveAgentCalledTool("Billing", "get_report")],
    ["toBePortableTo", (value) => expect(value).toBePortableTo("anthropic")],
    ["toHaveAllCallsPaired", (value) => expect(value).toHaveAllCallsPaired()],
  ];
  for (const [what, value] of hostile)
    test.each(checks)(`%s on ${what}`, (_name, check) => {
      let thrown: unknown;
      try {
        check(value);
      } catch (error) {
        thrown = error;
      }
      // a failure the runner reports: a matcher error or a failed expectation, never the value's own error
      expect(thrown).toBeInstanceOf(Error);
      expect(String((thrown as Error).message)).not.toMatch(/^boom from the value$/);
      expect((thrown as Error).message).toMatch(/Matcher error|Expected/);
    });
});
