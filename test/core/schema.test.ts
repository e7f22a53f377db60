import { Ajv } from "ajv";
import { describe, expect, test, vi } from "vitest";
import { replayGate, type SchemaValidator, ToolSchemaError, validateArguments, validatorFor } from "../../src/index.js";
import { draftOf, VALIDATOR_CACHE_SIZE } from "../../src/schema.js";
import { fc_001 } from "./samples.js";

const call = (args: unknown) => ({ ...fc_001, arguments: JSON.stringify(args) });

describe("drafts and formats", () => {
  test("2020-12 by default, draft-07 when $schema says so", () => {
    expect(draftOf({})).toBe("2020-12");
    expect(draftOf({ $schema: "http://json-schema.org/draft-07/schema#" })).toBe("draft-07");
    expect(draftOf({ $schema: "https://json-schema.org/draft/2019-09/schema" })).toBe("2019-09");
    expect(draftOf({ $schema: "http://json-schema.org/draft-06/schema#" })).toBe("draft-06");
    expect(draftOf({ $schema: "http://json-schema.org/draft-04/schema#" })).toBe("draft-04");
  });

  // Every draft the docs name compiles and validates with its own semantics.
  const region = { type: "string", enum: ["apac", "emea"] };
  test.each([
    ["draft-04", "http://json-schema.org/draft-04/schema#"],
    ["draft-06", "http://json-schema.org/draft-06/schema#"],
    ["draft-07", "http://json-schema.org/draft-07/schema#"],
    ["2019-09", "https://json-schema.org/draft/2019-09/schema"],
    ["2020-12", "https://json-schema.org/draft/2020-12/schema"],
  ])("%s compiles and validates", (_name, uri) => {
    const schema = {
      $schema: uri,
      type: "object",
      properties: { region },
      required: ["region"],
      additionalProperties: false,
    };
    expect(replayGate(call({ region: "apac" }), schema).reason).toBe("ok");
    const bad = replayGate(call({ region: "global" }), schema);
    expect(bad.reason).toBe("arguments_schema");
    expect(bad.errors[0]).toMatchObject({ path: "/region", keyword: "enum" });
    expect(replayGate(call({}), schema).errors[0]).toMatchObject({ keyword: "required" });
  });

  test("draft-04's boolean exclusiveMinimum / exclusiveMaximum and id keep their meaning", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-04/schema#",
      id: "https://example.com/quantity.json",
      type: "object",
      properties: {
        quantity: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false },
      },
      definitions: { note: { type: "string", maxLength: 3 } },
      additionalProperties: { $ref: "#/definitions/note" },
    };
    expect(replayGate(call({ quantity: 1 }), schema).reason).toBe("ok");
    expect(replayGate(call({ quantity: 10 }), schema).reason).toBe("ok");
    expect(replayGate(call({ quantity: 0 }), schema).errors[0]).toMatchObject({
      path: "/quantity",
      keyword: "exclusiveMinimum",
    });
    expect(replayGate(call({ quantity: 1, note: "long" }), schema).errors[0]).toMatchObject({
      path: "/note",
      keyword: "maxLength",
    });
  });

  test("draft-06 keywords (const, exclusiveMinimum as a number) are checked", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-06/schema#",
      type: "object",
      properties: { v: { const: 2 }, n: { exclusiveMinimum: 0 } },
    };
    expect(replayGate(call({ v: 2, n: 1 }), schema).reason).toBe("ok");
    expect(replayGate(call({ v: 3, n: 0 }), schema).errors.map((e) => e.keyword)).toEqual([
      "const",
      "exclusiveMinimum",
    ]);
  });

  test("draft-07 tuple items and 2020-12 prefixItems each work in their draft", () => {
    const d7 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "array",
      items: [{ type: "string" }],
      additionalItems: false,
    };
    expect(replayGate(call(["a"]), d7).reason).toBe("ok");
    expect(replayGate(call(["a", 1]), d7).reason).toBe("arguments_schema");
    const d2020 = { type: "array", prefixItems: [{ type: "string" }], items: false };
    expect(replayGate(call(["a"]), d2020).reason).toBe("ok");
    expect(replayGate(call(["a", 1]), d2020).reason).toBe("arguments_schema");
  });

  test("a 2019-09 schema is validated with its own keywords", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      dependentRequired: { card: ["cvc"] },
    };
    expect(replayGate(call({ card: "4242" }), schema).errors[0]).toMatchObject({ keyword: "dependentRequired" });
    expect(replayGate(call({ card: "4242", cvc: "123" }), schema).reason).toBe("ok");
  });

  test("formats are checked (ajv-formats)", () => {
    const schema = {
      type: "object",
      properties: { at: { type: "string", format: "date-time" }, mail: { type: "string", format: "email" } },
    };
    expect(replayGate(call({ at: "2026-10-22T10:00:00Z", mail: "a@b.co" }), schema).reason).toBe("ok");
    const result = replayGate(call({ at: "yesterday", mail: "nope" }), schema);
    expect(result.errors.map((e) => e.keyword)).toEqual(["format", "format"]);
    expect(result.errors[0]!.message).toBe('/at must match format "date-time", received "yesterday"');
  });

  test("unknown keywords (description, strict, examples, x-*) are tolerated", () => {
    const schema = {
      type: "object",
      description: "d",
      strict: true,
      "x-vendor": 1,
      properties: { a: { type: "string", examples: ["x"] } },
    };
    expect(replayGate(call({ a: "x" }), schema).reason).toBe("ok");
  });

  test("two tools may use the same $id", () => {
    const a = { $id: "https://example.com/args", type: "object", required: ["a"] };
    const b = { $id: "https://example.com/args", type: "object", required: ["b"] };
    expect(replayGate(call({ a: 1 }), a).reason).toBe("ok");
    expect(replayGate(call({ a: 1 }), b).reason).toBe("arguments_schema");
  });

  test("local $ref / $defs resolve", () => {
    const schema = {
      type: "object",
      properties: { r: { $ref: "#/$defs/region" } },
      $defs: { region: { enum: ["apac"] } },
    };
    expect(replayGate(call({ r: "apac" }), schema).reason).toBe("ok");
    expect(replayGate(call({ r: "emea" }), schema).errors[0]!.path).toBe("/r");
  });

  test("a JSON pointer with escaped characters is rendered as Ajv gives it", () => {
    const schema = { type: "object", properties: { "a/b": { type: "string" } } };
    const result = replayGate(call({ "a/b": 1 }), schema);
    expect(result.errors[0]!.path).toBe("/a~1b");
    expect(result.errors[0]!.message).toBe("/a~1b must be string, received 1");
  });
});

describe("compile once", () => {
  test("the same schema object and structurally equal copies share one validator", () => {
    const make = () => ({
      type: "object",
      properties: { z: { type: "number" }, a: { type: "string" } },
      required: ["a"],
    });
    // every draft's Ajv extends the core class: its compile is what a schema costs
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv.prototype) as Ajv, "compile");
    const first = validatorFor(make());
    for (let i = 0; i < 1000; i++) expect(validatorFor(make())).toBe(first);
    const reordered = { required: ["a"], properties: { a: { type: "string" }, z: { type: "number" } }, type: "object" };
    expect(validatorFor(reordered)).toBe(first);
    expect(compile).toHaveBeenCalledTimes(1);
    compile.mockRestore();
  });

  test("a schema object is read once (like Ajv's own cache): to change a tool, pass a new object", () => {
    const schema: Record<string, unknown> = { type: "object", required: ["mut_a"] };
    expect(replayGate(call({ mut_a: 1 }), schema).reason).toBe("ok");
    schema.required = ["mut_b"];
    expect(replayGate(call({ mut_a: 1 }), schema).reason).toBe("ok");
    expect(replayGate(call({ mut_a: 1 }), { ...schema }).reason).toBe("arguments_schema");
  });

  test("an invalid schema is a ToolSchemaError naming the tool, without an Ajv stack", () => {
    expect(() => validatorFor({ type: 12 }, "weather")).toThrow(ToolSchemaError);
    try {
      validatorFor({ properties: { a: { $ref: "#/$defs/missing" } } }, "weather");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ToolSchemaError);
      expect((error as ToolSchemaError).tool).toBe("weather");
      expect((error as Error).message).toMatch(/^the JSON Schema of tool "weather" cannot be compiled: /);
    }
  });

  test("a cyclic schema object is a ToolSchemaError, not a stack overflow", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.self = cyclic;
    expect(() => validatorFor(cyclic, "loop")).toThrow(/tool "loop"/);
  });

  test("the user's schema object is never modified", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const snapshot = structuredClone(schema);
    replayGate(call({ a: 1 }), schema);
    expect(schema).toEqual(snapshot);
  });
});

describe("every schema compiles on its own", () => {
  test("a $ref to another schema's $id does not resolve, whichever was compiled first", () => {
    const id = `https://example.com/isolation-${Math.random()}.json`;
    const referring = { type: "object", properties: { cabin: { $ref: id } } };
    expect(() => validatorFor(referring, "before")).toThrow(ToolSchemaError);
    validatorFor({ $id: id, enum: ["economy", "business"] }, "defines the $id");
    expect(() => validatorFor({ ...referring, title: "after" }, "after")).toThrow(/can't resolve reference/);
  });

  test("two tools may declare the same $id, each with its own meaning", () => {
    const id = `https://example.com/same-${Math.random()}.json`;
    const a = validatorFor({ $id: id, type: "string" }, "a");
    const b = validatorFor({ $id: id, type: "number" }, "b");
    expect([a("x"), a(1), b("x"), b(1)]).toEqual([true, false, false, true]);
  });

  test("the validator cache is bounded: the least recently used go first", () => {
    const hot = { type: "object", title: `hot-${Math.random()}` };
    const cold = (i: number) => ({ type: "object", title: `cold-${i}-${run}` });
    const run = Math.random();
    const first = validatorFor(hot);
    const firstCold = validatorFor(cold(0));
    for (let i = 1; i < VALIDATOR_CACHE_SIZE + 50; i++) {
      validatorFor(cold(i));
      if (i % 100 === 0) validatorFor(structuredClone(hot)); // keeps `hot` recently used
    }
    expect(validatorFor(structuredClone(hot))).toBe(first);
    // the oldest cold one went: an equal copy is compiled anew
    expect(validatorFor(cold(0))).not.toBe(firstCold);
  });
});

describe("a SchemaValidator is the public face of a compiled schema", () => {
  test("validateArguments lists the issues of one from validatorFor", () => {
    const validate = validatorFor({ type: "object", required: ["city"] }, "weather");
    expect(validate({})).toBe(false);
    expect(validateArguments(validate, {})).toEqual([expect.objectContaining({ keyword: "required", path: "/" })]);
    expect(validateArguments(validate, { city: "Oslo" })).toEqual([]);
  });

  test("a function of the user's own that refuses a value is one issue, never none", () => {
    const validate: SchemaValidator = (data) => typeof data === "string";
    expect(validateArguments(validate, "ok")).toEqual([]);
    expect(validateArguments(validate, 1)).toEqual([
      { path: "/", keyword: "$validation", message: "/ does not pass the schema", params: {} },
    ]);
  });
});
