import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describeValue, oneLine } from "./internal/render.js";
import { WeakCache } from "./internal/weakCache.js";
import { linearRegExp } from "./linearRegExp.js";
import type { JsonSchema, SchemaIssue } from "./types.js";

/** How many enum values a message lists before it says how many more there are. */
const MAX_LISTED = 10;

// ajv-formats is CJS; under ESM interop its default export may be wrapped once more.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

/** A tool schema that Ajv cannot compile. Names the tool so the user finds the line to fix. */
export class ToolSchemaError extends Error {
  override name = "ToolSchemaError";
  constructor(
    readonly tool: string,
    readonly detail: string,
  ) {
    super(`the JSON Schema of tool "${tool}" cannot be compiled: ${detail}`);
  }
}

type Draft = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

const AJV_OPTIONS = {
  allErrors: true,
  strict: false, // tool schemas carry `description`, `strict`, examples…: tolerate unknown keywords
  validateFormats: true,
  // Patterns run on a linear-time engine: a tool schema's `pattern` cannot hang validation.
  code: { regExp: linearRegExp },
} as const;

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

const instances = new Map<Draft, Ajv>();

/** Ajv's class per draft: draft-04 and draft-06 run on the draft-07 one (see {@link asDraft07}). */
type Engine = "2020-12" | "2019-09" | "draft-07";

function createAjv(engine: Engine): Ajv {
  const ajv =
    engine === "2020-12"
      ? new Ajv2020(AJV_OPTIONS)
      : engine === "2019-09"
        ? new Ajv2019(AJV_OPTIONS)
        : new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

function ajvFor(engine: Engine): Ajv {
  let ajv = instances.get(engine);
  if (!ajv) {
    ajv = createAjv(engine);
    instances.set(engine, ajv);
  }
  return ajv;
}

/** Which draft a schema asks for by its `$schema`; 2020-12 when it names none. */
export function draftOf(schema: JsonSchema): Draft {
  const uri = typeof schema === "object" && typeof schema.$schema === "string" ? schema.$schema : "";
  const old = /draft-0([4-7])/.exec(uri);
  if (old) return old[1] === "4" ? "draft-04" : old[1] === "6" ? "draft-06" : "draft-07";
  if (uri.includes("2019-09")) return "2019-09";
  return "2020-12";
}

/**
 * A draft-04 or draft-06 schema rewritten for Ajv's draft-07 class (Ajv ships no draft-04
 * engine): `$schema` becomes draft-07, and draft-04's `id` and boolean `exclusiveMinimum` /
 * `exclusiveMaximum` take their draft-06 forms. Draft-06 is otherwise a subset of draft-07.
 */
function asDraft07(schema: Record<string, unknown>, draft: "draft-04" | "draft-06"): Record<string, unknown> {
  const root = { ...schema, $schema: DRAFT_07 };
  return draft === "draft-04" ? (fromDraft04(root) as Record<string, unknown>) : root;
}

const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "dependencies"];
const SCHEMA_VALUES = ["additionalProperties", "additionalItems", "items", "not"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "items"];

function fromDraft04(schema: unknown): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  if (typeof out.id === "string" && out.$id === undefined) {
    out.$id = out.id;
    delete out.id;
  }
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof out[flag] !== "boolean") continue;
    if (out[flag] === true && typeof out[bound] === "number") {
      out[flag] = out[bound];
      delete out[bound];
    } else {
      delete out[flag];
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (map !== null && typeof map === "object" && !Array.isArray(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, Array.isArray(sub) ? sub : fromDraft04(sub)]),
      );
    }
  }
  for (const key of SCHEMA_VALUES) if (!Array.isArray(out[key])) out[key] = fromDraft04(out[key]);
  for (const key of SCHEMA_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(fromDraft04);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** How many compiled validators the structural caches keep; the least recently used go first. */
export const VALIDATOR_CACHE_SIZE = 1000;

/** A Map that keeps at most `limit` entries, dropping the least recently used. */
class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly limit: number) {}
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }
  get size(): number {
    return this.entries.size;
  }
}

const byIdentity = new WeakCache<object, ValidateFunction>();
const byStructure = new LruMap<string, ValidateFunction>(VALIDATOR_CACHE_SIZE);
const byText = new LruMap<string, ValidateFunction>(VALIDATOR_CACHE_SIZE);

/**
 * A compiled JSON Schema, from {@link validatorFor}: call it to know whether a value passes;
 * {@link validateArguments} lists why one does not.
 */
export type SchemaValidator = (data: unknown) => boolean;

/**
 * Returns the cached validator of `schema`, compiling it on first sight. Structurally equal
 * schema objects share one validator. Throws {@link ToolSchemaError} naming `toolName`.
 */
export function validatorFor(schema: JsonSchema, toolName = "(schema)"): SchemaValidator {
  if (typeof schema === "boolean") return booleanValidator(schema, toolName);
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    throw new ToolSchemaError(toolName, `a schema must be an object or a boolean, received ${describeValue(schema)}`);
  }
  const cached = byIdentity.get(schema);
  if (cached) return cached;
  // Most equal schemas are also written in the same key order (copies, parsed requests): try
  // their plain JSON text first, the key-sorting walk only when that misses.
  const text = plainJson(schema);
  const seen = text === undefined ? undefined : byText.get(text);
  if (seen) {
    byIdentity.set(schema, seen);
    return seen;
  }
  const key = structuralKey(schema, toolName);
  let validate = byStructure.get(key);
  if (!validate) {
    validate = compile(schema, toolName);
    byStructure.set(key, validate);
  }
  byIdentity.set(schema, validate);
  if (text !== undefined) byText.set(text, validate);
  return validate;
}

function plainJson(schema: object): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined; // cyclic: structuralKey reports it
  }
}

function booleanValidator(schema: boolean, toolName: string): ValidateFunction {
  const key = String(schema);
  let validate = byStructure.get(key);
  if (!validate) {
    validate = compile(schema, toolName);
    byStructure.set(key, validate);
  }
  return validate;
}

function compile(schema: JsonSchema, toolName: string): ValidateFunction {
  try {
    // Ajv keeps a reference to the schema it compiles: give it a private copy so that a user
    // mutating their object later cannot change a cached validator behind its key.
    const draft = typeof schema === "boolean" ? "2020-12" : draftOf(schema);
    let copy = typeof schema === "boolean" ? schema : (structuredClone(schema) as Record<string, unknown>);
    if (typeof copy === "object" && (draft === "draft-04" || draft === "draft-06")) copy = asDraft07(copy, draft);
    const ajv = ajvFor(draft === "2020-12" || draft === "2019-09" ? draft : "draft-07");
    return compileAlone(ajv, copy);
  } catch (error) {
    throw new ToolSchemaError(toolName, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Compiles on the shared instance and then forgets everything the compile registered there (the
 * schema, its `$id`s and anchors): no validator may resolve a `$ref` through a schema that some
 * other tool, or another fake, happened to compile first, and Ajv's own caches do not grow.
 */
function compileAlone(ajv: Ajv, schema: JsonSchema): ValidateFunction {
  const refsBefore = new Set(Object.keys(ajv.refs));
  const schemasBefore = new Set(Object.keys(ajv.schemas));
  try {
    return ajv.compile(schema);
  } finally {
    for (const key of Object.keys(ajv.refs)) if (!refsBefore.has(key)) delete ajv.refs[key];
    for (const key of Object.keys(ajv.schemas)) if (!schemasBefore.has(key)) delete ajv.schemas[key];
    // Not removeSchema(): it would also drop whatever is registered under the schema's `$id`,
    // even a meta-schema that a hostile `$id` names.
    (ajv as unknown as { _cache: Map<unknown, unknown> })._cache.delete(schema);
  }
}

/** Canonical JSON with sorted keys, so `{a, b}` and `{b, a}` share one cache entry. */
function structuralKey(schema: object, toolName: string): string {
  try {
    return JSON.stringify(schema, (_key, value: unknown) =>
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
  } catch (error) {
    throw new ToolSchemaError(
      toolName,
      `the schema is not plain JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Whether `data` passes, without formatting issues (pathological data that throws counts as invalid). */
export function isValid(validate: SchemaValidator, data: unknown): boolean {
  try {
    return validate(data) as boolean;
  } catch {
    return false;
  }
}

/** Validates `data`; every issue comes back, formatted (Ajv `allErrors`). */
export function validateArguments(validate: SchemaValidator, data: unknown): SchemaIssue[] {
  let valid: boolean;
  try {
    valid = validate(data) as boolean;
  } catch (error) {
    // Only pathological data gets here, e.g. nesting deeper than the call stack.
    return [
      {
        path: "/",
        keyword: "$validation",
        message: `/ could not be validated: ${error instanceof Error ? error.message : String(error)}`,
        params: {},
      },
    ];
  }
  if (valid) return [];
  const errors = (validate as Partial<ValidateFunction>).errors;
  // a validator validatorFor did not make says no more than that
  if (!errors?.length)
    return [{ path: "/", keyword: "$validation", message: "/ does not pass the schema", params: {} }];
  return errors.map((error) => formatIssue(error, data));
}

/** One Ajv error as `{ path, keyword, message, params }`, the message naming the path and the value. */
export function formatIssue(error: ErrorObject, data: unknown): SchemaIssue {
  const path = error.instancePath || "/";
  const params = { ...(error.params as Record<string, unknown>) };
  let detail = error.message ?? error.keyword;
  switch (error.keyword) {
    case "enum": {
      const allowed = params.allowedValues as unknown[];
      const shown = allowed.slice(0, MAX_LISTED).map((v) => describeValue(v, 40));
      if (allowed.length > MAX_LISTED) shown.push(`… ${allowed.length - MAX_LISTED} more`);
      detail += ` (${shown.join(", ")})`;
      break;
    }
    case "const":
      detail += ` (${describeValue(params.allowedValue, 40)})`;
      break;
    case "additionalProperties":
      detail += ` (${describeValue(params.additionalProperty, 40)})`;
      break;
    case "unevaluatedProperties":
      detail += ` (${describeValue(params.unevaluatedProperty, 40)})`;
      break;
  }
  const showsValue = !["required", "additionalProperties", "unevaluatedProperties", "dependentRequired"].includes(
    error.keyword,
  );
  const received = showsValue ? `, received ${describeValue(valueAt(data, error.instancePath), 60)}` : "";
  // A property name is the user's: a huge or multi-line key stays one bounded line.
  return { path, keyword: error.keyword, message: `${oneLine(path, 200)} ${oneLine(detail, 1000)}${received}`, params };
}

/** Follows a JSON Pointer (RFC 6901) into `data`. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (!pointer) return data;
  let current: unknown = data;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}
