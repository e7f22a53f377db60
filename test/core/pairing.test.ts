import { describe, expect, test } from "vitest";
import { checkPair, orphanResults, pendingCalls } from "../../src/index.js";
import { call_123_output, fc_001, fc_009, ws_001 } from "./samples.js";

describe("Open Responses: function_call_output ↔ function_call", () => {
  test("the article's call_123 output pairs with fc_001", () => {
    expect(checkPair(fc_001, call_123_output)).toEqual({ ok: true, reason: "ok", message: expect.stringMatching(/^ok/) });
  });

  test("a content array is a valid output", () => {
    const output = [{ type: "input_text", text: "sales report for apac" }];
    expect(checkPair(fc_001, { ...call_123_output, output }).ok).toBe(true);
  });

  test("a call that is not portable or not completed cannot take a result", () => {
    expect(checkPair(ws_001, call_123_output)).toMatchObject({
      reason: "call_not_pairable",
      message: expect.stringContaining("namespaced"),
    });
    expect(checkPair({ ...fc_001, status: "incomplete" }, call_123_output)).toMatchObject({
      reason: "call_not_pairable",
      message: expect.stringContaining('status is "incomplete"'),
    });
  });

  test("the schema does not matter for pairing (fc_009 can be answered with an error text)", () => {
    expect(checkPair(fc_009, { ...call_123_output, call_id: "call_129" }).ok).toBe(true);
  });

  test("not a result", () => {
    expect(checkPair(fc_001, { type: "message", role: "tool", content: "x" })).toMatchObject({
      reason: "not_a_result",
      message: 'not_a_result: type is "message", expected "function_call_output" or "agent.session.input.tool_result"',
    });
    expect(checkPair(fc_001, null).reason).toBe("not_a_result");
  });

  test("call_id mismatch names both values", () => {
    expect(checkPair(fc_001, { ...call_123_output, call_id: "call_124" })).toEqual({
      ok: false,
      reason: "call_id_mismatch",
      message: 'call_id_mismatch: call_id "call_124" does not match the call\'s call_id "call_123"',
    });
    expect(checkPair(fc_001, { ...call_123_output, call_id: undefined }).reason).toBe("call_id_mismatch");
  });

  test("an object output is rejected with a hint to serialize it", () => {
    expect(checkPair(fc_001, { ...call_123_output, output: { report: "x" } })).toMatchObject({
      reason: "output_type",
      message: expect.stringContaining("serialize objects with JSON.stringify"),
    });
    expect(checkPair(fc_001, { ...call_123_output, output: [1, 2] }).reason).toBe("output_type");
    expect(checkPair(fc_001, { ...call_123_output, output: undefined }).reason).toBe("output_type");
  });
});

describe("Agents API: tool_result ↔ required action", () => {
  const action = { type: "function_call", turn_id: "turn_2", call_id: "call_3c91", name: "lookup_order", arguments: { order_id: "A-1042" } };
  const result = {
    type: "agent.session.input.tool_result",
    turn_id: "turn_2",
    call_id: "call_3c91",
    success: true,
    output: '{"order_id":"A-1042","status":"paid"}',
  };

  test("the article's pair matches", () => {
    expect(checkPair(action, result).ok).toBe(true);
  });

  test("turn_id is checked before call_id", () => {
    expect(checkPair(action, { ...result, turn_id: "turn_3", call_id: "x" })).toMatchObject({
      reason: "turn_id_mismatch",
      message: 'turn_id_mismatch: turn_id "turn_3" does not match the call\'s turn_id "turn_2"',
    });
    expect(checkPair(action, { ...result, call_id: "call_0000" }).reason).toBe("call_id_mismatch");
  });

  test("success needs a string or content-array output; failure needs an error", () => {
    expect(checkPair(action, { ...result, output: { status: "paid" } })).toMatchObject({
      reason: "output_type",
      message: expect.stringContaining("serialize"),
    });
    expect(checkPair(action, { ...result, success: false, output: undefined, error: "timeout" }).ok).toBe(true);
    expect(checkPair(action, { ...result, success: false }).reason).toBe("missing_error");
    expect(checkPair(action, { ...result, success: "yes" }).reason).toBe("output_type");
  });

  test("the required action must be a function_call", () => {
    expect(checkPair({ type: "environment_connection", environment_id: "env_1" }, result).reason).toBe("call_not_pairable");
  });
});

describe("pendingCalls and orphanResults", () => {
  const second = { ...fc_001, id: "fc_002", call_id: "call_456" };
  test("a call without output is pending; an output without call is an orphan", () => {
    const items = [fc_001, second, call_123_output, { ...call_123_output, call_id: "call_999" }, ws_001];
    expect(pendingCalls(items)).toEqual([second]);
    expect(orphanResults(items)).toEqual([{ ...call_123_output, call_id: "call_999" }]);
  });

  test("an output answering an incomplete call is an orphan; the incomplete call is not pending", () => {
    const items = [{ ...fc_001, status: "incomplete" }, call_123_output];
    expect(pendingCalls(items)).toEqual([]);
    expect(orphanResults(items)).toEqual([call_123_output]);
  });

  test("non-arrays and junk entries are tolerated", () => {
    expect(pendingCalls(null as never)).toEqual([]);
    expect(orphanResults([null, 1, "x", [], fc_001])).toEqual([]);
  });
});
