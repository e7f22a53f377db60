// Jest 30 with injected globals typed by @types/jest 30 (the global `jest` namespace).
import type { FunctionCallItem } from "agent-testkit";

const call: FunctionCallItem = {
  type: "function_call",
  id: "fc_1",
  name: "lookup_order",
  call_id: "call_1",
  status: "completed",
  arguments: '{"order_id":"A-1042"}',
};

test("the matchers on the global expect, typed through @types/jest", () => {
  expect(call).toBeReplayable();
  expect(call).toHaveStringArguments({ order_id: expect.stringMatching(/^A-/) });
  expect([call]).toEqual([expect.toHaveReplayReason("ok")]);
  expect({ ...call, status: "incomplete" }).not.toBeReplayable();
});

// Type errors only: never called.
export function wrongArguments(): void {
  // @ts-expect-error not a gate reason
  expect(call).toHaveReplayReason("nope");
}
