import { describe, expect, test } from "vitest";
import { call_123_output, fc_001, fc_009, lookupOrderTool, regionSchema, salesTool, ws_001 } from "../core/samples.js";
import { failureOf } from "./helpers.js";

const tools = [salesTool, lookupOrderTool];
const action = {
  type: "function_call",
  turn_id: "turn_2",
  call_id: "call_3c91",
  name: "lookup_order",
  arguments: { order_id: "A-1042" },
};
const toolResult = {
  type: "agent.session.input.tool_result",
  turn_id: "turn_2",
  call_id: "call_3c91",
  success: true,
  output: '{"status":"paid"}',
};

describe("toBeReplayable", () => {
  test("pass and .not", () => {
    expect(fc_001).toBeReplayable();
    expect(fc_001).toBeReplayable(regionSchema);
    expect(fc_001).toBeReplayable(tools);
    expect(fc_009).not.toBeReplayable(tools);
    expect(ws_001).not.toBeReplayable();
  });

  test("failure names the rule, the path and the value", () => {
    expect(failureOf(() => expect(fc_009).toBeReplayable(tools))).toMatchSnapshot();
    expect(
      failureOf(() => expect({ ...fc_009, arguments: '{"region":"global","x":1}' }).toBeReplayable(regionSchema)),
    ).toMatchSnapshot();
    expect(failureOf(() => expect(ws_001).toBeReplayable())).toMatchSnapshot();
    expect(failureOf(() => expect(fc_001).not.toBeReplayable(tools))).toMatchSnapshot();
  });

  test("bad input fails clearly, never with a TypeError from inside", () => {
    for (const value of [undefined, null, "function_call", 42, [], [fc_001]]) {
      const message = failureOf(() => expect(value).toBeReplayable());
      expect(message).toMatch(
        /^expect\(received\)\.toBeReplayable\(\)\n\nExpected: reason "ok"\nReceived: reason "namespaced"/,
      );
    }
    const cyclic: Record<string, unknown> = { ...fc_001, status: "in_progress" };
    cyclic.self = cyclic;
    expect(failureOf(() => expect(cyclic).toBeReplayable())).toContain('"self":"[Circular]"');
  });

  test("a 10 MB arguments string gives a bounded message", () => {
    const huge = { ...fc_001, arguments: JSON.stringify({ region: "r".repeat(10_000_000) }) };
    const message = failureOf(() => expect(huge).toBeReplayable(regionSchema));
    expect(message.length).toBeLessThan(2_000);
    expect(message).toContain("/region must be equal to one of the allowed values");
  });

  test("an invalid tool schema throws a matcher error naming the tool, with or without .not", () => {
    const broken = { type: "function", name: "broken_tool", parameters: { type: "objekt" } } as const;
    const item = { ...fc_001, name: "broken_tool" };
    expect(failureOf(() => expect(item).toBeReplayable(broken))).toMatchSnapshot();
    expect(failureOf(() => expect(item).not.toBeReplayable(broken))).toContain('tool "broken_tool"');
    expect(failureOf(() => expect(item).toBeReplayable(7 as never))).toContain("Matcher error: tools must be");
  });

  test("asymmetric, inside toEqual and toContainEqual", () => {
    expect({ output: [fc_001] }).toEqual({ output: [expect.toBeReplayable(regionSchema)] });
    expect([ws_001, fc_001]).toContainEqual(expect.toBeReplayable());
    expect({ output: [fc_009] }).toEqual({ output: [expect.not.toBeReplayable(regionSchema)] });
    expect(
      failureOf(() => expect({ output: [fc_009] }).toEqual({ output: [expect.toBeReplayable(regionSchema)] })),
    ).toContain("toBeReplayable");
  });
});

describe("toHaveReplayReason", () => {
  test("pass, .not and failure", () => {
    expect(fc_009).toHaveReplayReason("arguments_schema", regionSchema);
    expect(fc_009).toHaveReplayReason("ok");
    expect({ ...fc_001, status: "incomplete" }).toHaveReplayReason("status");
    expect(fc_001).not.toHaveReplayReason("status");
    expect(
      failureOf(() => expect({ ...fc_001, arguments: {} }).toHaveReplayReason("arguments_parse")),
    ).toMatchSnapshot();
    expect(failureOf(() => expect(fc_001).not.toHaveReplayReason("ok"))).toMatchSnapshot();
  });

  test("an unknown reason is a matcher error", () => {
    expect(failureOf(() => expect(fc_001).toHaveReplayReason("bogus" as never))).toContain(
      'Matcher error: reason must be one of "namespaced"',
    );
  });

  test("asymmetric", () => {
    expect([ws_001]).toEqual([expect.toHaveReplayReason("namespaced")]);
  });
});

describe("toPairWithCall", () => {
  test("Open Responses and Agents API pairs", () => {
    expect(call_123_output).toPairWithCall(fc_001);
    expect(toolResult).toPairWithCall(action);
    expect({ ...call_123_output, call_id: "call_124" }).not.toPairWithCall(fc_001);
  });

  test("the message names the pin that drifted and shows both values", () => {
    expect(
      failureOf(() => expect({ ...call_123_output, call_id: "call_124" }).toPairWithCall(fc_001)),
    ).toMatchSnapshot();
    expect(failureOf(() => expect({ ...toolResult, turn_id: "turn_3" }).toPairWithCall(action))).toMatchSnapshot();
    expect(failureOf(() => expect({ ...call_123_output, output: { a: 1 } }).toPairWithCall(fc_001))).toMatchSnapshot();
    expect(failureOf(() => expect(call_123_output).not.toPairWithCall(fc_001))).toMatchSnapshot();
  });

  test("asymmetric", () => {
    expect({ input: [call_123_output] }).toEqual({ input: [expect.toPairWithCall(fc_001)] });
  });
});

describe("toHaveStringArguments", () => {
  test("pass with and without expected, asymmetric matchers inside", () => {
    expect(fc_001).toHaveStringArguments();
    expect(fc_001).toHaveStringArguments({ region: "apac" });
    expect(fc_001).toHaveStringArguments({ region: expect.any(String) });
    expect(fc_001).toHaveStringArguments(expect.objectContaining({ region: expect.stringMatching(/^a/) }));
    expect(fc_001).not.toHaveStringArguments({ region: "emea" });
    expect({ ...fc_001, arguments: { region: "apac" } }).not.toHaveStringArguments();
  });

  test("expected undefined is compared, not ignored", () => {
    expect({ ...fc_001, arguments: "null" }).not.toHaveStringArguments(undefined);
  });

  test("failure messages", () => {
    expect(
      failureOf(() => expect({ ...fc_001, arguments: { region: "apac" } }).toHaveStringArguments()),
    ).toMatchSnapshot();
    expect(failureOf(() => expect({ ...fc_001, arguments: '{"region":' }).toHaveStringArguments())).toMatchSnapshot();
    expect(failureOf(() => expect(fc_001).toHaveStringArguments({ region: "emea" }))).toMatchSnapshot();
    expect(failureOf(() => expect(fc_001).not.toHaveStringArguments({ region: "apac" }))).toMatchSnapshot();
  });

  test("asymmetric", () => {
    expect([fc_001]).toEqual([expect.toHaveStringArguments({ region: "apac" })]);
    expect([fc_001]).toEqual([expect.not.toHaveStringArguments({ region: "emea" })]);
  });
});

describe("toHaveAllCallsPaired", () => {
  const second = { ...fc_001, id: "fc_002", call_id: "call_456" };
  test("pass, .not and failure listing each problem", () => {
    expect([fc_001, call_123_output]).toHaveAllCallsPaired();
    expect([{ type: "message", role: "user", content: "hi" }]).toHaveAllCallsPaired();
    expect([fc_001]).not.toHaveAllCallsPaired();
    const items = [fc_001, second, call_123_output, call_123_output, { ...call_123_output, call_id: "call_999" }];
    expect(failureOf(() => expect(items).toHaveAllCallsPaired())).toMatchSnapshot();
    expect(failureOf(() => expect([fc_001, call_123_output]).not.toHaveAllCallsPaired())).toMatchSnapshot();
    expect(failureOf(() => expect({ output: [] }).toHaveAllCallsPaired())).toContain("an array of items");
  });

  test("an output of an incomplete call is an orphan", () => {
    expect([{ ...fc_001, status: "incomplete" }, call_123_output]).not.toHaveAllCallsPaired();
  });
});

describe("toBePortable", () => {
  test("pass, .not and failure listing each item", () => {
    expect([{ role: "user", content: "hi" }, fc_001, call_123_output]).toBePortable();
    expect([ws_001]).not.toBePortable();
    const mixed = [
      fc_001,
      ws_001,
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "x", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "call_1", content: "x" },
      { content: "no type" },
    ];
    expect(failureOf(() => expect(mixed).toBePortable())).toMatchSnapshot();
    expect(failureOf(() => expect([fc_001]).not.toBePortable())).toMatchSnapshot();
  });
});

describe("toRequireAction and toHaveNoPendingActions", () => {
  const session = { id: "sess_1", object: "agent.session", status: "requires_action", required_actions: [action] };
  const idle = { ...session, status: "idle", required_actions: [] };

  test("pass, .not, asymmetric inside, and the { session } of an event", () => {
    expect(session).toRequireAction();
    expect(session).toRequireAction({ name: "lookup_order" });
    expect(session).toRequireAction({
      name: "lookup_order",
      arguments: { order_id: expect.stringMatching(/^A-\d{4}$/) },
    });
    expect(session).not.toRequireAction({ name: "refund_order" });
    expect(idle).not.toRequireAction();
    expect({ type: "agent.session.requires_action", session }).toRequireAction({ name: "lookup_order" });
    expect(idle).toHaveNoPendingActions();
    expect(session).not.toHaveNoPendingActions();
    expect([session]).toEqual([expect.toRequireAction({ name: "lookup_order" })]);
  });

  test("failure messages list what is pending", () => {
    expect(
      failureOf(() => expect(session).toRequireAction({ name: "lookup_order", arguments: { order_id: "B-0001" } })),
    ).toMatchSnapshot();
    expect(failureOf(() => expect(session).toHaveNoPendingActions())).toMatchSnapshot();
    expect(failureOf(() => expect(idle).not.toHaveNoPendingActions())).toMatchSnapshot();
  });
});

describe("toBeCompatibleWith", () => {
  const v1 = [salesTool, lookupOrderTool];
  const narrowed = [
    {
      ...salesTool,
      parameters: { ...salesTool.parameters, properties: { region: { type: "string", enum: ["apac", "emea"] } } },
    },
    lookupOrderTool,
  ];
  test("pass, .not and the failure listing each breaking change with its path", () => {
    expect(v1).toBeCompatibleWith(v1);
    expect([...v1, { type: "function", name: "refund", parameters: {} }]).toBeCompatibleWith(v1);
    expect(narrowed).not.toBeCompatibleWith(v1);
    expect(failureOf(() => expect([narrowed[0]]).toBeCompatibleWith(v1))).toMatchSnapshot();
    expect(failureOf(() => expect(v1).not.toBeCompatibleWith(v1))).toMatchSnapshot();
  });
});

describe("a received value a matcher cannot judge is a matcher error, with or without .not", () => {
  const wrong = [42, "x", null, undefined, { id: "x" }, [1]];
  const cases: Array<[string, (value: unknown, not: boolean) => void, string, unknown[]]> = [
    [
      "toBePortable",
      (v, not) => (not ? expect(v).not.toBePortable() : expect(v).toBePortable()),
      "an array of items",
      wrong.filter((v) => !Array.isArray(v)),
    ],
    [
      "toHaveAllCallsPaired",
      (v, not) => (not ? expect(v).not.toHaveAllCallsPaired() : expect(v).toHaveAllCallsPaired()),
      "an array of items",
      wrong.filter((v) => !Array.isArray(v)),
    ],
    [
      "toRequireAction",
      (v, not) => (not ? expect(v).not.toRequireAction() : expect(v).toRequireAction()),
      "an agent session",
      wrong,
    ],
    [
      "toHaveNoPendingActions",
      (v, not) => (not ? expect(v).not.toHaveNoPendingActions() : expect(v).toHaveNoPendingActions()),
      "an agent session",
      wrong,
    ],
    [
      "toHaveStringArguments",
      (v, not) => (not ? expect(v).not.toHaveStringArguments() : expect(v).toHaveStringArguments()),
      "an item object",
      [42, "x", null, undefined, [fc_001]],
    ],
  ];
  test.each(cases)("%s", (name, assert, mustBe, values) => {
    for (const value of values) {
      for (const not of [false, true]) {
        const message = failureOf(() => assert(value, not));
        expect(message).toMatch(new RegExp(`^expect\\(received\\)${not ? "\\.not" : ""}\\.${name}\\(`));
        expect(message).toContain(`Matcher error: received value must be ${mustBe}`);
        expect(message).toContain("Received has value: ");
      }
    }
  });

  test("the whole message", () => {
    expect(failureOf(() => expect(42).not.toBePortable())).toMatchSnapshot();
    expect(failureOf(() => expect(null).not.toHaveNoPendingActions())).toMatchSnapshot();
  });

  test("toPairWithCall with no call (what find() returns when nothing matched) is a matcher error", () => {
    const output = { type: "function_call_output", call_id: "call_123", output: "ok" };
    for (const call of [undefined, null, 42, "call_123"]) {
      expect(failureOf(() => expect(output).toPairWithCall(call as never))).toContain(
        "Matcher error: call value must be a function_call item or a required action",
      );
      expect(failureOf(() => expect(output).not.toPairWithCall(call as never))).toContain(
        "Matcher error: call value must be",
      );
    }
    expect(failureOf(() => expect(output).toPairWithCall(undefined as never))).toContain("did a find() match nothing?");
  });

  test("toRequireAction's pattern must be an object", () => {
    expect(failureOf(() => expect({ required_actions: [] }).toRequireAction("lookup_order" as never))).toContain(
      "Matcher error: action value must be an object",
    );
  });
});
