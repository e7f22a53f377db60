// Jest 29 with injected globals typed by @types/jest (the global `jest` namespace).
import { type FunctionCallItem, replayGate } from "agent-testkit";

const regionSchema = {
  type: "object",
  additionalProperties: false,
  required: ["region"],
  properties: { region: { enum: ["apac", "emea", "amer"] } },
};
const tools = [{ type: "function", name: "get_latest_sales_report", parameters: regionSchema }] as const;
const call: FunctionCallItem = {
  type: "function_call",
  id: "fc_001",
  name: "get_latest_sales_report",
  call_id: "call_123",
  status: "completed",
  arguments: '{"region":"apac"}',
};

describe("agent-testkit in a Jest 29 + TypeScript project on Node 20", () => {
  test("matchers", () => {
    expect(call).toBeReplayable(tools);
    expect({ ...call, arguments: '{"region":"global"}' }).not.toBeReplayable(tools);
    expect({ ...call, status: "incomplete" }).toHaveReplayReason("status");
    expect({ type: "function_call_output", call_id: "call_123", output: "ok" }).toPairWithCall(call);
    expect(call).toHaveStringArguments({ region: expect.any(String) });
    expect([call]).not.toHaveAllCallsPaired();
    expect([call]).toBePortable();
    expect({ output: [call] }).toEqual({ output: [expect.toBeReplayable(tools)] });
    expect(replayGate(call, tools).ok).toBe(true);
  });
});

test("the conversation matchers (typed for this runner too)", () => {
  const answer = { type: "function_call_output", call_id: "call_123", output: '{"status":"ok"}' };
  const log = [
    {
      body: { model: "gpt-5", input: "How is APAC?" },
      response: { status: 200, body: { object: "response", output: [call] } },
    },
    { body: { model: "gpt-5", input: [answer] }, response: { status: 200, body: { object: "response", output: [] } } },
  ];
  expect([call]).toHaveCalledTool("get_latest_sales_report", { region: "apac" });
  expect([call]).toHaveCalledToolTimes("get_latest_sales_report", 1);
  expect(log).toHaveCalledTool("get_latest_sales_report");
  expect(log).toHaveAnsweredCall(call, { status: "ok" });
  expect(log).toHaveReceivedRequest({ model: "gpt-5" });
  expect(log).toHaveReceivedNthRequest(2, { input: [{ type: "function_call_output" }] });
  expect([call]).toEqual([expect.toHaveCalledTool("get_latest_sales_report")]);
});

// Type errors only: never called.
export function wrongArguments(): void {
  // @ts-expect-error a number is not a ToolSpec
  expect(call).toBeReplayable(1);
  // @ts-expect-error not a gate reason
  expect(call).toHaveReplayReason("nope");
  // @ts-expect-error n is a number
  expect([]).toHaveReceivedNthRequest("2", {});
}
