import { describe, expect, test } from "vitest";
import { compareTools, type ToolChange } from "../../src/index.js";

const tool = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "function" as const,
  name: "report",
  parameters,
  ...extra,
});
const region = (props: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  tool({
    type: "object",
    additionalProperties: false,
    required: ["region"],
    properties: { region: { type: "string", enum: ["apac", "emea", "amer"] }, ...props },
    ...extra,
  });

const summary = (changes: ToolChange[]) => changes.map((c) => `${c.kind} ${c.rule} ${c.tool}${c.path}`);

describe("compareTools", () => {
  test("identical tool sets: no changes", () => {
    expect(compareTools([region()], [region()])).toEqual([]);
  });

  test("tools removed, renamed and added", () => {
    const lookup = {
      type: "function" as const,
      name: "lookup_order",
      parameters: { type: "object", properties: { id: { type: "string" } } },
    };
    expect(summary(compareTools([region(), lookup], [region()]))).toEqual(["breaking tool_removed lookup_order"]);
    expect(summary(compareTools([region()], [{ ...region(), name: "sales_report" }]))).toEqual([
      "breaking tool_renamed report",
      "compatible tool_added sales_report",
    ]);
    expect(summary(compareTools([region()], [region(), lookup]))).toEqual(["compatible tool_added lookup_order"]);
  });

  test.each([
    [
      "a property newly required",
      region({ note: { type: "string" } }),
      region({ note: { type: "string" } }, { required: ["region", "note"] }),
      ["breaking property_required report/required"],
    ],
    [
      "an optional property added",
      region(),
      region({ note: { type: "string" } }),
      ["compatible property_added report/properties/note"],
    ],
    [
      "an enum value removed",
      region(),
      tool({ ...region().parameters, properties: { region: { type: "string", enum: ["apac", "emea"] } } }),
      ["breaking enum_value_removed report/properties/region/enum"],
    ],
    [
      "an enum value added",
      region(),
      tool({
        ...region().parameters,
        properties: { region: { type: "string", enum: ["apac", "emea", "amer", "global"] } },
      }),
      ["compatible enum_value_added report/properties/region/enum"],
    ],
    [
      "a type narrowed",
      tool({ properties: { n: { type: ["number", "string"] } } }),
      tool({ properties: { n: { type: "number" } } }),
      ["breaking type_narrowed report/properties/n/type"],
    ],
    [
      "integer → number widens",
      tool({ properties: { n: { type: "integer" } } }),
      tool({ properties: { n: { type: "number" } } }),
      ["compatible type_widened report/properties/n/type"],
    ],
    [
      "number → integer narrows",
      tool({ properties: { n: { type: "number" } } }),
      tool({ properties: { n: { type: "integer" } } }),
      ["breaking type_narrowed report/properties/n/type"],
    ],
    [
      "const changed",
      tool({ properties: { v: { const: 1 } } }),
      tool({ properties: { v: { const: 2 } } }),
      ["breaking const_changed report/properties/v/const"],
    ],
    [
      "additionalProperties closed",
      tool({ type: "object", properties: { a: { type: "string" } } }),
      tool({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }),
      ["breaking additional_properties_closed report/additionalProperties"],
    ],
    [
      "a property removed under a closed object",
      region({ note: { type: "string" } }),
      region(),
      ["breaking property_removed report/properties/note"],
    ],
    [
      "a property removed under an open object",
      tool({ type: "object", properties: { a: { type: "string" }, b: { type: "string" } } }),
      tool({ type: "object", properties: { a: { type: "string" } } }),
      ["compatible property_removed report/properties/b"],
    ],
    [
      "maximum tightened",
      tool({ properties: { n: { type: "integer", maximum: 10 } } }),
      tool({ properties: { n: { type: "integer", maximum: 5 } } }),
      ["breaking maximum_tightened report/properties/n/maximum"],
    ],
    [
      "minLength added",
      tool({ properties: { s: { type: "string" } } }),
      tool({ properties: { s: { type: "string", minLength: 2 } } }),
      ["breaking minLength_added report/properties/s/minLength"],
    ],
    [
      "maxItems loosened",
      tool({ properties: { l: { type: "array", maxItems: 2 } } }),
      tool({ properties: { l: { type: "array", maxItems: 5 } } }),
      ["compatible maxItems_loosened report/properties/l/maxItems"],
    ],
    [
      "minimum loosened",
      tool({ properties: { n: { minimum: 5 } } }),
      tool({ properties: { n: { minimum: 1 } } }),
      ["compatible minimum_loosened report/properties/n/minimum"],
    ],
    [
      "a pattern added",
      tool({ properties: { id: { type: "string" } } }),
      tool({ properties: { id: { type: "string", pattern: "^[A-Z]-\\d{4}$" } } }),
      ["breaking pattern_added report/properties/id/pattern"],
    ],
    [
      "a pattern changed",
      tool({ properties: { id: { pattern: "^A" } } }),
      tool({ properties: { id: { pattern: "^B" } } }),
      ["breaking pattern_changed report/properties/id/pattern"],
    ],
    [
      "a format added",
      tool({ properties: { at: { type: "string" } } }),
      tool({ properties: { at: { type: "string", format: "date-time" } } }),
      ["breaking format_added report/properties/at/format"],
    ],
    [
      "descriptions changed",
      region({}, { description: "old" }),
      region({}, { description: "new" }),
      ["compatible annotation_changed report"],
    ],
  ])("%s", (_name, before, after, expected) => {
    expect(summary(compareTools([before], [after]))).toEqual(expected);
  });

  test("strict switched on is breaking, off is compatible; tool descriptions are compatible", () => {
    expect(summary(compareTools([region()], [{ ...region(), strict: true }]))).toEqual([
      "breaking strict_enabled report",
    ]);
    expect(summary(compareTools([{ ...region(), strict: true }], [region()]))).toEqual([
      "compatible strict_disabled report",
    ]);
    expect(summary(compareTools([{ ...region(), description: "a" }], [{ ...region(), description: "b" }]))).toEqual([
      "compatible description_changed report",
    ]);
  });

  test("works through $ref / $defs", () => {
    const withRef = (values: string[]) =>
      tool({
        type: "object",
        properties: { r: { $ref: "#/$defs/region" } },
        $defs: { region: { type: "string", enum: values } },
      });
    expect(summary(compareTools([withRef(["apac", "emea"])], [withRef(["apac"])]))).toEqual([
      "breaking enum_value_removed report/properties/r/enum",
    ]);
    // the same schema written with and without a $ref is no change
    expect(
      compareTools(
        [withRef(["apac"])],
        [tool({ type: "object", properties: { r: { type: "string", enum: ["apac"] } } })],
      ),
    ).toEqual([]);
  });

  test("works through items and tuples", () => {
    const list = (max: number) =>
      tool({
        properties: {
          lines: { type: "array", items: { type: "object", properties: { qty: { type: "integer", maximum: max } } } },
        },
      });
    expect(summary(compareTools([list(10)], [list(5)]))).toEqual([
      "breaking maximum_tightened report/properties/lines/items/properties/qty/maximum",
    ]);
    const pair = (second: string) => tool({ type: "array", prefixItems: [{ type: "string" }, { type: second }] });
    expect(summary(compareTools([pair("string")], [pair("number")]))).toEqual([
      "breaking type_narrowed report/prefixItems/1/type",
      "compatible type_widened report/prefixItems/1/type",
    ]);
  });

  test("anyOf / oneOf one level deep: branches removed, added, or changed in place", () => {
    const union = (...branches: unknown[]) => tool({ properties: { v: { anyOf: branches } } });
    expect(summary(compareTools([union({ type: "string" }, { type: "null" })], [union({ type: "string" })]))).toEqual([
      "breaking branch_removed report/properties/v/anyOf/1",
    ]);
    expect(summary(compareTools([union({ type: "string" })], [union({ type: "string" }, { type: "null" })]))).toEqual([
      "compatible branch_added report/properties/v/anyOf/1",
    ]);
    expect(
      summary(compareTools([union({ type: "string", maxLength: 9 })], [union({ type: "string", maxLength: 3 })])),
    ).toEqual(["breaking maxLength_tightened report/properties/v/anyOf/0/maxLength"]);
  });

  test("what it cannot classify is breaking with rule unknown, never skipped", () => {
    const changes = compareTools(
      [tool({ properties: { a: { type: "string" } } })],
      [tool({ properties: { a: { type: "string", contentEncoding: "base64" } } })],
    );
    expect(summary(changes)).toEqual(["breaking unknown report/properties/a/contentEncoding"]);
    expect(changes[0]!.message).toContain("cannot be classified");
    expect(
      summary(
        compareTools(
          [tool({ properties: { a: { type: "string" } } })],
          [tool({ properties: { a: { not: { const: "x" } } } })],
        ),
      ),
    ).toContain("breaking unknown report/properties/a/not");
  });

  test("messages say what changed", () => {
    const [c] = compareTools(
      [region()],
      [tool({ ...region().parameters, properties: { region: { type: "string", enum: ["apac"] } } })],
    );
    expect(c).toEqual({
      tool: "report",
      path: "/properties/region/enum",
      kind: "breaking",
      rule: "enum_value_removed",
      message: '/properties/region no longer accepts "emea", "amer"',
    });
  });

  test("accepts one function tool as a tool set", () => {
    expect(summary(compareTools(region(), { ...region(), strict: true }))).toEqual(["breaking strict_enabled report"]);
  });

  test("accepts request bodies with tools, and never modifies its inputs", () => {
    const before = { model: "m", tools: [region(), { type: "web_search" }] };
    const after = { model: "m", tools: [region({ note: { type: "string" } })] };
    const snapshot = JSON.stringify([before, after]);
    expect(summary(compareTools(before, after))).toEqual(["compatible property_added report/properties/note"]);
    expect(JSON.stringify([before, after])).toBe(snapshot);
  });
});

test("a pattern is shown as the regular expression it is, backslashes single", () => {
  const before = [
    {
      type: "function",
      name: "report",
      parameters: { type: "object", properties: { id: { type: "string", pattern: "^[A-Z]-\\d{4}$" } } },
    },
  ];
  const after = [
    {
      type: "function",
      name: "report",
      parameters: { type: "object", properties: { id: { type: "string", pattern: "^[A-Z]{2}-\\d{4}$" } } },
    },
  ];
  const [change] = compareTools(before, after);
  expect(change?.message).toBe("/properties/id: pattern changed from /^[A-Z]-\\d{4}$/ to /^[A-Z]{2}-\\d{4}$/");
});
