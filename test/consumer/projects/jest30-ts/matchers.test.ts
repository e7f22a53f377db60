import { describe, expect, test } from "@jest/globals";
import { type FunctionCallItem, replayGate } from "agent-testkit";
import { expectTypeOf } from "expect-type";

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

describe("agent-testkit in a Jest 30 + TypeScript project", () => {
  test("matchers", () => {
    expect(call).toBeReplayable(tools);
    expect({ ...call, arguments: '{"region":"global"}' }).not.toBeReplayable(tools);
    expect({ ...call, arguments: '{"region":"global"}' }).toHaveReplayReason("arguments_schema", tools);
    expect({ type: "function_call_output", call_id: "call_123", output: "ok" }).toPairWithCall(call);
    expect(call).toHaveStringArguments({ region: expect.any(String) });
    expect([call, { type: "function_call_output", call_id: "call_123", output: "ok" }]).toHaveAllCallsPaired();
    expect([call]).toBePortable();
    expect({ output: [call] }).toEqual({ output: [expect.toBeReplayable(tools)] });
    expectTypeOf(expect(call).toBeReplayable()).toEqualTypeOf<void>();
    expect(replayGate(call, tools).ok).toBe(true);
  });

  test("a failure message names the rule and the path", () => {
    expect(() => expect({ ...call, arguments: '{"region":"global"}' }).toBeReplayable(tools)).toThrow(
      /arguments_schema: \/region must be equal to one of the allowed values/,
    );
  });
});

// Type errors only: never called.
export function wrongArguments(): void {
  // @ts-expect-error a number is not a ToolSpec
  expect(call).toBeReplayable(1);
  // @ts-expect-error not a gate reason
  expect(call).toHaveReplayReason("nope");
}
