// One conversation, three wires: the conversation matchers read a Chat Completions history (an
// assistant message's tool_calls, tool messages) and an Anthropic Messages one (tool_use blocks,
// tool_result blocks in the next user message), typed here by the SDKs' own types; the gate takes
// a Chat tool call or a tool_use block against the tool in any wire's declaration shape. An answer
// of one wire never pairs with a call of another.
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { failureOf } from "./helpers.js";

const schema = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
  additionalProperties: false,
};

describe("Chat Completions messages", () => {
  const call = {
    id: "call_1",
    type: "function",
    function: { name: "get_weather", arguments: '{"city":"Oslo"}' },
  } satisfies OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
  const answer = {
    role: "tool",
    tool_call_id: "call_1",
    content: "21 °C",
  } satisfies OpenAI.Chat.ChatCompletionToolMessageParam;
  const messages = [
    { role: "developer", content: "Answer with the weather." },
    { role: "user", content: "Weather in Oslo?" },
    { role: "assistant", content: null, tool_calls: [call] },
    answer,
    { role: "assistant", content: "21 °C in Oslo." },
  ] satisfies OpenAI.Chat.ChatCompletionMessageParam[];
  const chatTool = {
    type: "function",
    function: { name: "get_weather", parameters: schema },
  } satisfies OpenAI.Chat.ChatCompletionTool;

  test("calls, answers, pairing", () => {
    expect(messages).toHaveCalledTool("get_weather", { city: "Oslo" });
    expect(messages).toHaveCalledToolTimes("get_weather", 1);
    expect(messages).toHaveAllCallsPaired();
    expect(messages.slice(0, 3)).not.toHaveAllCallsPaired();
    expect(messages).toHaveAnsweredCall(call, "21 °C");
    expect(answer).toPairWithCall(call);
    expect({ ...answer, tool_call_id: "call_2" }).not.toPairWithCall(call);
  });

  test("the gate on a tool call, against the Chat declaration of the tool", () => {
    expect(call).toBeReplayable([chatTool]);
    const wrong = { ...call, function: { name: "get_weather", arguments: '{"town":"Oslo"}' } };
    expect(failureOf(() => expect(wrong).toBeReplayable([chatTool]))).toContain("schema");
  });

  test("a Chat tool message never answers a Responses function_call (a history no provider takes)", () => {
    const responsesCall = {
      type: "function_call",
      call_id: "call_1",
      name: "get_weather",
      arguments: "{}",
      status: "completed",
    };
    expect(answer).not.toPairWithCall(responsesCall);
    expect([responsesCall, answer]).not.toHaveAllCallsPaired();
  });
});

describe("Anthropic Messages content blocks", () => {
  const toolUse = {
    type: "tool_use",
    id: "toolu_1",
    name: "get_weather",
    input: { city: "Oslo" },
  } satisfies Anthropic.ToolUseBlockParam;
  const result = {
    type: "tool_result",
    tool_use_id: "toolu_1",
    content: "21 °C",
  } satisfies Anthropic.ToolResultBlockParam;
  const messages = [
    { role: "user", content: "Weather in Oslo?" },
    { role: "assistant", content: [{ type: "text", text: "Let me check." }, toolUse] },
    { role: "user", content: [result] },
  ] satisfies Anthropic.MessageParam[];
  const anthropicTool = {
    name: "get_weather",
    input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  } satisfies Anthropic.Tool;

  test("calls, answers, pairing", () => {
    expect(messages).toHaveCalledTool("get_weather", { city: "Oslo" });
    expect(messages).toHaveAllCallsPaired();
    expect(messages.slice(0, 2)).not.toHaveAllCallsPaired();
    expect(messages).toHaveAnsweredCall(toolUse, "21 °C");
    expect(result).toPairWithCall(toolUse);
    expect({ ...result, tool_use_id: "toolu_2" }).not.toPairWithCall(toolUse);
  });

  test("the gate on a tool_use block, against the tool as Anthropic declares it ({ name, input_schema })", () => {
    expect(toolUse).toBeReplayable([anthropicTool]);
    expect(toolUse).toBeReplayable(anthropicTool);
    const wrong = { ...toolUse, input: { city: 7 } };
    expect(failureOf(() => expect(wrong).toBeReplayable([anthropicTool]))).toContain("schema");
  });
});
