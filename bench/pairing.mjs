// toHaveAllCallsPaired on each history it reads (Open Responses items, Chat Completions messages,
// Anthropic messages, an AI SDK result's steps) at 1,000 and 10,000 calls: linear, so 10× the calls
// costs at most ~12× the time (it was quadratic: 500 → 5,000 calls took ×46–×59).
import { expect } from "expect";
import { agentMatchers } from "../dist/matchers.js";
import { bestOf } from "./lib/best.mjs";

expect.extend(agentMatchers);

const histories = {
  "Open Responses items": (n) =>
    Array.from({ length: n }, (_, i) => [
      { type: "function_call", call_id: `c${i}`, name: "f", arguments: "{}", status: "completed" },
      { type: "function_call_output", call_id: `c${i}`, output: "ok" },
    ]).flat(),
  "Chat Completions messages": (n) =>
    Array.from({ length: n }, (_, i) => [
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: `c${i}`, type: "function", function: { name: "f", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: `c${i}`, content: "ok" },
    ]).flat(),
  "Anthropic messages": (n) =>
    Array.from({ length: n }, (_, i) => [
      { role: "assistant", content: [{ type: "tool_use", id: `t${i}`, name: "f", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: "ok" }] },
    ]).flat(),
  "AI SDK steps": (n) => ({
    text: "",
    steps: Array.from({ length: n }, (_, i) => ({
      toolCalls: [],
      toolResults: [],
      content: [
        { type: "tool-call", toolCallId: `c${i}`, toolName: "f", input: {} },
        { type: "tool-result", toolCallId: `c${i}`, toolName: "f", input: {}, output: "ok" },
      ],
    })),
  }),
};

export function benchPairing({ small = 1_000, large = 10_000, runs = 5 } = {}) {
  const ms = {};
  const ratios = [];
  for (const [name, make] of Object.entries(histories)) {
    const few = make(small);
    const many = make(large);
    const a = bestOf(runs, () => expect(few).toHaveAllCallsPaired());
    const b = bestOf(runs, () => expect(many).toHaveAllCallsPaired());
    ms[name] = { [small]: Math.round(a * 100) / 100, [large]: Math.round(b * 100) / 100 };
    ratios.push({ name: `${name}: ${large} calls / ${small} calls`, value: b / a, target: 12 });
  }
  return { name: `toHaveAllCallsPaired at ${small} and ${large} calls, best of ${runs}`, ms, ratios };
}
