import { describe, expect, test } from "vitest";
import { GATE_REASONS, replayGate, ToolSchemaError, ToolSpecError } from "../../src/index.js";
import { fc_001, fc_009, lookupOrderTool, regionSchema, salesTool, ws_001 } from "./samples.js";

describe("the article's samples", () => {
  test("fc_001 with region apac is ok", () => {
    const result = replayGate(fc_001, regionSchema);
    expect(result).toEqual({
      ok: true,
      reason: "ok",
      message: expect.stringMatching(/^ok: /),
      errors: [],
      arguments: { region: "apac" },
    });
  });

  test("fc_009 with region global fails the schema, naming the path, the allowed values and the value", () => {
    const result = replayGate(fc_009, regionSchema);
    expect(result.reason).toBe("arguments_schema");
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'arguments_schema: /region must be equal to one of the allowed values ("apac", "emea", "amer"), received "global"',
    );
    expect(result.errors).toEqual([
      {
        path: "/region",
        keyword: "enum",
        message: expect.stringContaining("/region must be equal to one of the allowed values"),
        params: { allowedValues: ["apac", "emea", "amer"] },
      },
    ]);
    expect(result.arguments).toEqual({ region: "global" });
  });

  test("ws_001 is namespaced", () => {
    expect(replayGate(ws_001, regionSchema)).toMatchObject({
      ok: false,
      reason: "namespaced",
      message:
        'namespaced: type "openai:web_search_call" is a provider extension (it contains ":"), not a portable item',
    });
  });
});

describe("reasons, in the reference order", () => {
  const cases: Array<[string, unknown, string]> = [
    ["no type", { ...fc_001, type: undefined }, "namespaced"],
    ["numeric type", { ...fc_001, type: 7 }, "namespaced"],
    [
      "namespaced and not completed: type wins",
      { ...fc_001, type: "x:function_call", status: "in_progress" },
      "namespaced",
    ],
    ["message", { type: "message", role: "user", content: [] }, "not_function_call"],
    ["function_call_output", { type: "function_call_output", call_id: "c", output: "x" }, "not_function_call"],
    ["in_progress with object arguments: status wins", { ...fc_001, status: "in_progress", arguments: {} }, "status"],
    ["incomplete", { ...fc_001, status: "incomplete", arguments: '{"regi' }, "status"],
    ["missing status", { ...fc_001, status: undefined }, "status"],
    ["object arguments", { ...fc_001, arguments: { region: "apac" } }, "arguments_type"],
    ["missing arguments", { ...fc_001, arguments: undefined }, "arguments_type"],
    ["cut arguments", { ...fc_001, arguments: '{"region":"ap' }, "arguments_parse"],
    ["empty arguments", { ...fc_001, arguments: "" }, "arguments_parse"],
    ["schema violation", fc_009, "arguments_schema"],
  ];
  test.each(cases)("%s → %s", (_name, item, reason) => {
    expect(replayGate(item, regionSchema).reason).toBe(reason);
  });

  test("reasons are listed in check order", () => {
    expect(GATE_REASONS).toEqual([
      "namespaced",
      "not_function_call",
      "status",
      "arguments_type",
      "arguments_parse",
      "unknown_tool",
      "arguments_schema",
      "missing_signature",
      "ok",
    ]);
  });

  test("messages name the field and the value received", () => {
    expect(replayGate({ ...fc_001, status: "in_progress" }).message).toBe(
      'status: status is "in_progress", expected "completed"',
    );
    expect(replayGate({ ...fc_001, arguments: { region: "apac" } }).message).toBe(
      'arguments_type: arguments must be a JSON string, received object {"region":"apac"}',
    );
    expect(replayGate({ ...fc_001, arguments: '{"region":"ap' }).message).toMatch(
      /^arguments_parse: arguments is not valid JSON \(.+\), received "\{\\"region\\":\\"ap"$/,
    );
    expect(replayGate({ type: "message" }).message).toBe(
      'not_function_call: type is "message", expected "function_call"',
    );
  });

  test("a tool's own item is named for what it is: hosted, or answered by the application with its output item", () => {
    expect(replayGate({ type: "web_search_call", id: "ws_1", status: "completed" }).message).toBe(
      'not_function_call: type is "web_search_call", expected "function_call": a web search the provider ran (hosted), specific to its tool, not a function call another model can replay',
    );
    expect(replayGate({ type: "computer_call", call_id: "call_1", status: "completed" })).toMatchObject({
      reason: "not_function_call",
      message: expect.stringContaining("a computer action for the application, answered with computer_call_output"),
    });
    expect(
      replayGate({ type: "custom_tool_call", call_id: "c", name: "run_sql", input: "SELECT 1" }).message,
    ).toContain("a custom tool's free-form call, answered with custom_tool_call_output");
  });
});

describe("tools", () => {
  test("without tools the gate stops after parsing and returns ok", () => {
    expect(replayGate(fc_009)).toMatchObject({ ok: true, reason: "ok", arguments: { region: "global" } });
  });

  test("a function tool definition is a set of one: its name is checked", () => {
    expect(replayGate(fc_001, salesTool).reason).toBe("ok");
    expect(replayGate({ ...fc_001, name: "other" }, salesTool)).toMatchObject({
      reason: "unknown_tool",
      message: 'unknown_tool: no tool named "other" in the tool set ("get_latest_sales_report")',
    });
  });

  test("a tool set picks the schema by the item's name", () => {
    const tools = [salesTool, lookupOrderTool];
    expect(replayGate(fc_001, tools).reason).toBe("ok");
    const lookup = { ...fc_001, name: "lookup_order", arguments: '{"order_id":"A-1042"}' };
    expect(replayGate(lookup, tools).reason).toBe("ok");
    expect(replayGate({ ...lookup, arguments: '{"order_id":"a-1"}' }, tools)).toMatchObject({
      reason: "arguments_schema",
      errors: [{ path: "/order_id", keyword: "pattern" }],
    });
    expect(replayGate({ ...fc_001, name: undefined }, tools).reason).toBe("unknown_tool");
  });

  test("unknown_tool comes after parse and before schema", () => {
    expect(replayGate({ ...fc_001, name: "nope", arguments: "{" }, [salesTool]).reason).toBe("arguments_parse");
    expect(replayGate({ ...fc_009, name: "nope" }, [salesTool]).reason).toBe("unknown_tool");
  });

  test("Chat Completions-style tool definitions are accepted", () => {
    const chatTool = {
      type: "function",
      function: { name: "get_latest_sales_report", parameters: regionSchema },
    } as const;
    expect(replayGate(fc_009, [chatTool]).reason).toBe("arguments_schema");
  });

  test("a tool with null parameters accepts any arguments", () => {
    expect(replayGate(fc_001, { type: "function", name: "get_latest_sales_report", parameters: null }).reason).toBe(
      "ok",
    );
  });

  test("every schema issue is listed (allErrors), each with path, keyword, message and params", () => {
    const result = replayGate({ ...fc_001, arguments: '{"region":"global","extra":1}' }, regionSchema);
    expect(result.errors.map((e) => [e.path, e.keyword])).toEqual([
      ["/", "additionalProperties"],
      ["/region", "enum"],
    ]);
    expect(result.message).toMatch(/\(\+1 more\)$/);
    expect(result.errors[0]!.message).toBe('/ must NOT have additional properties ("extra")');
  });

  test("a bad tools argument throws a typed error, not a stray TypeError", () => {
    expect(() => replayGate(fc_001, 42 as never)).toThrow(ToolSpecError);
    expect(() => replayGate(fc_001, [{ name: "x" }] as never)).toThrow(/tools\[0\] is not a function tool definition/);
    expect(() => replayGate(fc_001, [salesTool, salesTool])).toThrow(/declared twice/);
  });

  test("an uncompilable schema names the tool", () => {
    const broken = {
      type: "function",
      name: "broken_tool",
      parameters: { type: "object", properties: { a: { type: "strng" } } },
    } as const;
    expect(() => replayGate({ ...fc_001, name: "broken_tool" }, broken)).toThrow(ToolSchemaError);
    expect(() => replayGate({ ...fc_001, name: "broken_tool" }, broken)).toThrow(/tool "broken_tool"/);
  });
});

describe("compileGate", () => {
  test("the same results as replayGate and replayReason, with the tools compiled once", async () => {
    const { compileGate } = await import("../../src/index.js");
    const gate = compileGate([salesTool, lookupOrderTool]);
    for (const item of [fc_001, fc_009, ws_001, { ...fc_001, name: "nope" }, { ...fc_001, arguments: "{" }, null]) {
      expect(gate.check(item)).toEqual(replayGate(item, [salesTool, lookupOrderTool]));
      expect(gate.reason(item)).toBe(replayGate(item, [salesTool, lookupOrderTool]).reason);
    }
    expect(compileGate().reason(fc_009)).toBe("ok");
    expect(compileGate(regionSchema).reason(fc_009)).toBe("arguments_schema");
  });

  test("a broken schema throws when the gate is compiled, naming the tool", async () => {
    const { compileGate } = await import("../../src/index.js");
    expect(() => compileGate([{ type: "function", name: "broken_tool", parameters: { type: "objekt" } }])).toThrow(
      /tool "broken_tool"/,
    );
  });
});

describe("arguments of the wrong JSON kind are named by their kind", () => {
  test.each([
    [null, "null null"],
    [{ region: "apac" }, 'object {"region":"apac"}'],
    [["apac"], 'array ["apac"]'],
    [42, "number 42"],
  ])("%j", (value, shown) => {
    const result = replayGate({ ...fc_001, arguments: value }, [salesTool]);
    expect(result).toMatchObject({ ok: false, reason: "arguments_type" });
    expect(result.ok ? "" : result.message).toBe(`arguments_type: arguments must be a JSON string, received ${shown}`);
  });
});
