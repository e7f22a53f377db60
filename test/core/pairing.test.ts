import { describe, expect, test } from "vitest";
import { checkPair, orphanResults, pendingCalls } from "../../src/index.js";
import { call_123_output, fc_001, fc_009, ws_001 } from "./samples.js";

describe("Open Responses: function_call_output ↔ function_call", () => {
  test("the article's call_123 output pairs with fc_001", () => {
    expect(checkPair(fc_001, call_123_output)).toEqual({
      ok: true,
      reason: "ok",
      message: expect.stringMatching(/^ok/),
    });
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
  const action = {
    type: "function_call",
    turn_id: "turn_2",
    call_id: "call_3c91",
    name: "lookup_order",
    arguments: { order_id: "A-1042" },
  };
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
    expect(checkPair({ type: "environment_connection", environment_id: "env_1" }, result).reason).toBe(
      "call_not_pairable",
    );
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

describe("Agents API: approval result ↔ computer_use_approval_request", () => {
  const signIn = {
    type: "computer_use_approval_request",
    request_id: "cuareq_1",
    turn_id: "turn_1",
    request: {
      type: "browser_authentication",
      credential_origin: null,
      fields: [
        { id: "email", label: "Email", required: true, type: "email" },
        { id: "otp", label: "Code", required: false, type: "text" },
      ],
      options: [{ id: "mail", field_ids: ["email"], label: "By mail" }],
      reason: null,
    },
  };
  const origin = {
    type: "computer_use_approval_request",
    request_id: "cuareq_2",
    turn_id: "turn_1",
    request: { type: "browser_origin_access", origin: "https://a.example", reason: null },
  };
  const result = (request_id: string, response: unknown) => ({
    type: "agent.session.input.computer_use_approval_request_result",
    request_id,
    response,
  });

  test("a submitted sign-in with its required fields and option, a cancel, an origin decision", () => {
    expect(
      checkPair(
        signIn,
        result("cuareq_1", {
          type: "browser_authentication",
          action: "submit",
          fields: [{ field_id: "email", value: "a@b.c" }],
          selected_option: "mail",
        }),
      ).ok,
    ).toBe(true);
    expect(checkPair(signIn, result("cuareq_1", { type: "browser_authentication", action: "cancel" })).ok).toBe(true);
    for (const decision of ["approve", "deny", "cancel"])
      expect(checkPair(origin, result("cuareq_2", { type: "browser_origin_access", decision })).ok).toBe(true);
  });

  test.each([
    [
      "another request",
      signIn,
      result("cuareq_9", { type: "browser_authentication", action: "cancel" }),
      "request_id_mismatch",
      'request_id "cuareq_9" does not match the request\'s request_id "cuareq_1"',
    ],
    [
      "a function call",
      { type: "function_call", turn_id: "t", call_id: "c", name: "n", arguments: {} },
      result("cuareq_1", {}),
      "call_not_pairable",
      'an approval result answers a computer_use_approval_request, received type "function_call"',
    ],
    [
      "the other kind",
      signIn,
      result("cuareq_1", { type: "browser_origin_access", decision: "approve" }),
      "response_mismatch",
      'response.type is "browser_origin_access", the request is "browser_authentication"',
    ],
    [
      "no response",
      signIn,
      result("cuareq_1", "yes"),
      "response_mismatch",
      'response must be an object, received "yes"',
    ],
    [
      "an unknown decision",
      origin,
      result("cuareq_2", { type: "browser_origin_access", decision: "maybe" }),
      "response_mismatch",
      'response.decision must be "approve", "deny" or "cancel", received "maybe"',
    ],
    [
      "a field the form has not",
      signIn,
      result("cuareq_1", {
        type: "browser_authentication",
        action: "submit",
        fields: [
          { field_id: "email", value: "a" },
          { field_id: "pin", value: "1" },
        ],
        selected_option: "mail",
      }),
      "response_mismatch",
      'response.fields names "pin", which the request does not have (fields: "email", "otp")',
    ],
    [
      "an empty required field",
      signIn,
      result("cuareq_1", {
        type: "browser_authentication",
        action: "submit",
        fields: [{ field_id: "email", value: "" }],
        selected_option: "mail",
      }),
      "response_mismatch",
      'the required field "email" ("Email") has no value',
    ],
    [
      "no option chosen",
      signIn,
      result("cuareq_1", {
        type: "browser_authentication",
        action: "submit",
        fields: [{ field_id: "email", value: "a" }],
      }),
      "response_mismatch",
      'selected_option must be one of "mail", received undefined',
    ],
    [
      "values that are not strings",
      signIn,
      result("cuareq_1", {
        type: "browser_authentication",
        action: "submit",
        fields: [{ field_id: "email", value: 1 }],
      }),
      "response_mismatch",
      "response.fields must be an array of { field_id, value } strings",
    ],
  ])("%s → %s", (_name, action, answer, reason, message) => {
    const got = checkPair(action, answer);
    expect(got).toMatchObject({ ok: false, reason });
    expect(got.message).toContain(message);
  });
});

describe("the pins a call or request must hold to be answered at all", () => {
  const result = {
    type: "agent.session.input.tool_result",
    turn_id: "turn_1",
    call_id: "call_1",
    success: true,
    output: "ok",
  };
  test("a call without a string turn_id or call_id pairs with nothing", () => {
    expect(checkPair({ type: "function_call", call_id: "call_1", name: "x", arguments: "{}" }, result)).toMatchObject({
      ok: false,
      reason: "turn_id_mismatch",
      message: expect.stringContaining("the call has no string turn_id"),
    });
    expect(
      checkPair({ type: "function_call", turn_id: "turn_1", call_id: 7, name: "x", arguments: "{}" }, result),
    ).toMatchObject({
      ok: false,
      reason: "call_id_mismatch",
      message: expect.stringContaining("the call has no string call_id"),
    });
  });

  test("an approval request without a string request_id pairs with nothing", () => {
    const request = {
      type: "computer_use_approval_request",
      turn_id: "turn_1",
      request: { type: "browser_origin_access", origin: "https://x" },
    };
    const answer = {
      type: "agent.session.input.computer_use_approval_request_result",
      request_id: "r1",
      response: { type: "browser_origin_access", decision: "approve" },
    };
    expect(checkPair(request, answer)).toMatchObject({
      ok: false,
      reason: "request_id_mismatch",
      message: expect.stringContaining("the request has no string request_id"),
    });
  });

  test("a sign-in is submitted or cancelled, nothing else", () => {
    const request = {
      type: "computer_use_approval_request",
      request_id: "r1",
      turn_id: "turn_1",
      request: { type: "browser_authentication", fields: [] },
    };
    const answer = (response: object) => ({
      type: "agent.session.input.computer_use_approval_request_result",
      request_id: "r1",
      response,
    });
    expect(checkPair(request, answer({ type: "browser_authentication", action: "cancel" })).ok).toBe(true);
    expect(checkPair(request, answer({ type: "browser_authentication", action: "approve" }))).toMatchObject({
      ok: false,
      reason: "response_mismatch",
      message: expect.stringContaining('response.action must be "submit" or "cancel", received "approve"'),
    });
  });
});
