// Type tests for the Jest augmentation (@jest/globals, Jest 30), against the built declarations.
import { expect } from "@jest/globals";
import { expectTypeOf } from "expect-type";
import "agent-testkit/jest";
import type { FunctionCallItem, GateReason, ToolSpec } from "agent-testkit";

declare const item: FunctionCallItem;
declare const tools: ToolSpec;

expectTypeOf(expect(item).toBeReplayable()).toEqualTypeOf<void>();
expectTypeOf(expect(item).not.toBeReplayable(tools)).toEqualTypeOf<void>();
expectTypeOf(expect(Promise.resolve(item)).resolves.toBeReplayable()).toEqualTypeOf<Promise<void>>();
expectTypeOf(expect(item).toHaveReplayReason).parameter(0).toEqualTypeOf<GateReason>();
expect({ type: "function_call_output", call_id: "c", output: "x" }).toPairWithCall(item);
expect(item).toHaveStringArguments({ region: expect.any(String) });
expect([item]).toHaveAllCallsPaired();
expect([item]).toBePortable();
expect({ output: [item] }).toEqual({ output: [expect.toBeReplayable(tools)] });
expect([item]).toEqual([expect.not.toHaveReplayReason("status")]);

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
expect(item).toPairWithCall(1);

// Conversation matchers
expect([item]).toHaveCalledTool("lookup_order", { region: expect.any(String) });
expect([item]).toHaveCalledToolTimes("lookup_order", 1);
expect([]).toHaveAnsweredCall("call_1");
expect([]).toHaveReceivedRequest({ model: "gpt-5" });
expect([]).toHaveReceivedNthRequest(1, {});
expect([item]).toEqual([expect.toHaveCalledTool("lookup_order")]);
// @ts-expect-error n is a number
expect([]).toHaveReceivedNthRequest("1", {});
