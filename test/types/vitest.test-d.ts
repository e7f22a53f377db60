// Type tests for the Vitest augmentation, checked by `tsc` against the built declarations.

import type { FunctionCallItem, GateReason, GateResult, PairResult, ToolSpec } from "agent-testkit";
import { checkPair, replayGate } from "agent-testkit";
import type { ResponsesFake } from "agent-testkit/msw";
import { agentTest } from "agent-testkit/vitest";
import { expect, expectTypeOf } from "vitest";

declare const item: FunctionCallItem;
declare const tools: ToolSpec;

expectTypeOf(expect(item).toBeReplayable()).toEqualTypeOf<void>();
expectTypeOf(expect(item).toBeReplayable(tools)).toEqualTypeOf<void>();
expectTypeOf(expect(item).not.toBeReplayable).parameter(0).toEqualTypeOf<ToolSpec | undefined>();
expectTypeOf(expect(Promise.resolve(item)).resolves.toBeReplayable()).toEqualTypeOf<Promise<void>>();
expect(item).toHaveReplayReason("arguments_schema", tools);
expectTypeOf(expect(item).toHaveReplayReason).parameter(0).toEqualTypeOf<GateReason>();
expect({ type: "function_call_output", call_id: "c", output: "x" }).toPairWithCall(item);
expect(item).toHaveStringArguments();
expect(item).toHaveStringArguments({ region: expect.any(String) });
expect([item]).toHaveAllCallsPaired();
expect([item]).not.toBePortable();

// asymmetric forms
expect({ output: [item] }).toEqual({ output: [expect.toBeReplayable(tools)] });
expect([item]).toEqual([expect.not.toHaveReplayReason("status")]);
expect([item]).toContainEqual(expect.toHaveStringArguments({ region: "apac" }));

// core types
expectTypeOf(replayGate).returns.toEqualTypeOf<GateResult>();
expectTypeOf(checkPair).returns.toEqualTypeOf<PairResult>();

// wrong arguments are type errors
expect({ required_actions: [] }).toHaveNoPendingActions();
expect([]).toBeCompatibleWith([]);
expect({ required_actions: [] }).toRequireAction({ name: "lookup_order", arguments: { order_id: expect.any(String) } });
expect({ required_actions: [] }).toRequireAction({
  type: "computer_use_approval_request",
  request: expect.objectContaining({ type: "browser_origin_access" }),
});
expect({ required_actions: [] }).toRequireAction({ type: "environment_connection", environment_id: "env_1" });
// openai 7.59's MCP approvals are required actions too
expect({ required_actions: [] }).toRequireAction({
  type: "mcp_approval_request",
  request: expect.objectContaining({ server_label: "crm" }),
});
// @ts-expect-error not a kind of required action
expect({ required_actions: [] }).toRequireAction({ type: "tool_approval_request" });
// @ts-expect-error name must be a string
expect({ required_actions: [] }).toRequireAction({ name: 1 });
// @ts-expect-error a number is not a ToolSpec
expect(item).toBeReplayable(42);
// @ts-expect-error not a gate reason
expect(item).toHaveReplayReason("nope");
// @ts-expect-error the call must be an object
expect(item).toPairWithCall("call_123");
// @ts-expect-error takes no argument
expect([item]).toHaveAllCallsPaired(1);
// @ts-expect-error takes no argument
expect.toBePortable(true);

// the agentTest fixture
agentTest("typed fixture", async ({ responses }) => {
  expectTypeOf(responses).toEqualTypeOf<ResponsesFake>();
  // @ts-expect-error no such fixture
  agentTest("x", async ({ nope }) => nope);
});

// What newcomers write, as the docs show it, type-checks (issue: docs that run as written).
{
  // A plain array of tools: TypeScript widens `type` to string.
  const plainTools = [
    {
      type: "function",
      name: "lookup_order",
      parameters: { type: "object", properties: { order_id: { type: "string" } } },
    },
  ];
  expect(item).toBeReplayable(plainTools);
  expect(item).toHaveReplayReason("ok", plainTools);
  // A call found in a list may be undefined: a matcher error at run time, not a type error.
  const calls: FunctionCallItem[] = [item];
  expect({ type: "function_call_output", call_id: "c", output: "x" }).toPairWithCall(calls.find((c) => c.name === "x"));
}
declare const fake: ResponsesFake;
// A log entry's body is typed once narrowed on the route that parsed it; unknown otherwise.
const entry = fake.requests[0];
expectTypeOf(entry!.body).toBeUnknown();
if (entry?.route === "responses.create") {
  expectTypeOf(entry.body.model).toEqualTypeOf<string | null | undefined>(); // null: as absent (the document allows it)
  const first = entry.body.input?.[0];
  if (typeof first === "object") expect(first).toPairWithCall(fake.responses.get("resp_1")?.output[0]);
}

// Conversation matchers
function conversationMatchers() {
  expect(fake).toHaveCalledTool("lookup_order");
  expect(fake).toHaveCalledTool("lookup_order", { order_id: expect.any(String) });
  expect(fake).toHaveCalledToolTimes("lookup_order", 2);
  expect(fake).toHaveAnsweredCall("call_1", { status: "paid" });
  expect(fake).toHaveAnsweredCall([...fake.responses.values()][0]?.output.find((i) => i.type === "function_call"));
  expect(fake).toHaveReceivedRequest({ model: "gpt-5" });
  expect(fake).toHaveReceivedNthRequest(2, { previous_response_id: expect.any(String) });
  expect([item]).toEqual([expect.toHaveCalledTool("x")]);
  expectTypeOf(expect(fake).toHaveCalledToolTimes).parameter(1).toEqualTypeOf<number>();
  // @ts-expect-error the tool name is a string
  expect(fake).toHaveCalledTool(1);
}
void conversationMatchers;
