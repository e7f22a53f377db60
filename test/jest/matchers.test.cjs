const {
  action,
  call_123_output,
  failureOf,
  fc_001,
  fc_009,
  regionSchema,
  salesTool,
  toolResult,
  ws_001,
} = require("./samples.cjs");

describe("toBeReplayable", () => {
  test("pass, .not, asymmetric", () => {
    expect(fc_001).toBeReplayable([salesTool]);
    expect(fc_009).not.toBeReplayable(regionSchema);
    expect({ output: [fc_001] }).toEqual({ output: [expect.toBeReplayable(regionSchema)] });
    expect({ output: [fc_009] }).toEqual({ output: [expect.not.toBeReplayable(regionSchema)] });
  });
  test("failure messages", () => {
    expect(failureOf(() => expect(fc_009).toBeReplayable([salesTool]))).toMatchSnapshot();
    expect(failureOf(() => expect(fc_001).not.toBeReplayable([salesTool]))).toMatchSnapshot();
    expect(failureOf(() => expect(undefined).toBeReplayable())).toMatchSnapshot();
  });
  test("an invalid tool schema names the tool", () => {
    const broken = { type: "function", name: "broken_tool", parameters: { type: "objekt" } };
    expect(failureOf(() => expect({ ...fc_001, name: "broken_tool" }).toBeReplayable(broken))).toContain(
      'tool "broken_tool"',
    );
  });
});

describe("toHaveReplayReason", () => {
  test("pass, .not, failure", () => {
    expect(ws_001).toHaveReplayReason("namespaced");
    expect(fc_001).not.toHaveReplayReason("namespaced");
    expect([ws_001]).toEqual([expect.toHaveReplayReason("namespaced")]);
    expect(failureOf(() => expect({ ...fc_001, status: "in_progress" }).toHaveReplayReason("ok"))).toMatchSnapshot();
  });
});

describe("toPairWithCall", () => {
  test("pass, .not, failure", () => {
    expect(call_123_output).toPairWithCall(fc_001);
    expect(toolResult).toPairWithCall(action);
    expect({ ...toolResult, call_id: "call_x" }).not.toPairWithCall(action);
    expect([call_123_output]).toEqual([expect.toPairWithCall(fc_001)]);
    expect(failureOf(() => expect({ ...toolResult, call_id: "call_x" }).toPairWithCall(action))).toMatchSnapshot();
  });
});

describe("toHaveStringArguments", () => {
  test("pass, .not, asymmetric inside, failure", () => {
    expect(fc_001).toHaveStringArguments({ region: expect.any(String) });
    expect(fc_001).not.toHaveStringArguments({ region: "emea" });
    expect([fc_001]).toEqual([expect.toHaveStringArguments({ region: "apac" })]);
    expect(failureOf(() => expect(fc_001).toHaveStringArguments({ region: "emea" }))).toMatchSnapshot();
    expect(
      failureOf(() => expect({ ...fc_001, arguments: { region: "apac" } }).toHaveStringArguments()),
    ).toMatchSnapshot();
  });
});

describe("toHaveAllCallsPaired", () => {
  test("pass, .not, failure", () => {
    expect([fc_001, call_123_output]).toHaveAllCallsPaired();
    expect([fc_001]).not.toHaveAllCallsPaired();
    expect(
      failureOf(() => expect([fc_001, { ...call_123_output, call_id: "call_9" }]).toHaveAllCallsPaired()),
    ).toMatchSnapshot();
  });
});

describe("toBePortable", () => {
  test("pass, .not, failure", () => {
    expect([fc_001, call_123_output]).toBePortable();
    expect([ws_001]).not.toBePortable();
    expect(failureOf(() => expect([ws_001, { role: "tool", content: "x" }]).toBePortable())).toMatchSnapshot();
  });
});

describe("toRequireAction and toHaveNoPendingActions", () => {
  const session = { id: "sess_1", status: "requires_action", required_actions: [action] };
  test("pass, .not, failure", () => {
    expect(session).toRequireAction({ name: "lookup_order", arguments: { order_id: expect.any(String) } });
    expect({ ...session, required_actions: [] }).toHaveNoPendingActions();
    expect(session).not.toHaveNoPendingActions();
    expect(failureOf(() => expect(session).toHaveNoPendingActions())).toMatchSnapshot();
  });
});

describe("toRequireAction and toBeCompatibleWith", () => {
  test("failure messages", () => {
    const session = { id: "sess_1", status: "requires_action", required_actions: [action] };
    expect(failureOf(() => expect(session).toRequireAction({ name: "refund_order" }))).toMatchSnapshot();
    const narrowed = {
      ...salesTool,
      parameters: { ...regionSchema, properties: { region: { type: "string", enum: ["apac"] } } },
    };
    expect([salesTool]).toBeCompatibleWith([salesTool]);
    expect(failureOf(() => expect([narrowed]).toBeCompatibleWith([salesTool]))).toMatchSnapshot();
  });
});
