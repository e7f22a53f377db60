import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describeValue } from "./describe.js";
import type { JsonSchema, SchemaIssue } from "./types.js";

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

type Draft = "2020-12" | "2019-09" | "draft-07";

const AJV_OPTIONS = {
  allErrors: true,
  strict: false, // tool schemas carry `description`, `strict`, examples…: tolerate unknown keywords
  validateFormats: true,
} as const;

const instances = new Map<Draft, Ajv>();

function createAjv(draft: Draft): Ajv {
  const ajv =
    draft === "2020-12" ? new Ajv2020(AJV_OPTIONS) : draft === "2019-09" ? new Ajv2019(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

function ajvFor(draft: Draft): Ajv {
  let ajv = instances.get(draft);
  if (!ajv) {
    ajv = createAjv(draft);
    instances.set(draft, ajv);
  }
  return ajv;
}

/** Which draft a schema asks for: draft-04/06/07 run on Ajv's draft-07 class, otherwise 2020-12. */
export function draftOf(schema: JsonSchema): Draft {
  const uri = typeof schema === "object" && typeof schema.$schema === "string" ? schema.$schema : "";
  if (/draft-0[4-7]/.test(uri)) return "draft-07";
  if (uri.includes("2019-09")) return "2019-09";
  return "2020-12";
}

const byIdentity = new WeakMap<object, ValidateFunction>();
const byStructure = new Map<string, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();
let compileCount = 0;

/** How many schemas have been compiled so far (structurally equal schemas count once). */
export function compiledSchemaCount(): number {
  return compileCount;
}

/**
 * Returns the cached validator of `schema`, compiling it on first sight. Structurally equal
 * schema objects share one validator. Throws {@link ToolSchemaError} naming `toolName`.
 */
export function validatorFor(schema: JsonSchema, toolName = "(schema)"): ValidateFunction {
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
    const copy = typeof schema === "boolean" ? schema : (structuredClone(schema) as JsonSchema);
    const draft = draftOf(schema);
    let validate: ValidateFunction;
    try {
      validate = ajvFor(draft).compile(copy);
    } catch (error) {
      // Ajv registers schemas by `$id`; two different tools may reuse one `$id`.
      if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
      validate = createAjv(draft).compile(copy);
    }
    compileCount++;
    return validate;
  } catch (error) {
    throw new ToolSchemaError(toolName, error instanceof Error ? error.message : String(error));
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
    throw new ToolSchemaError(toolName, `the schema is not plain JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Whether `data` passes, without formatting issues (pathological data that throws counts as invalid). */
export function isValid(validate: ValidateFunction, data: unknown): boolean {
  try {
    return validate(data) as boolean;
  } catch {
    return false;
  }
}

/** Validates `data`; every issue comes back, formatted (Ajv `allErrors`). */
export function validateArguments(validate: ValidateFunction, data: unknown): SchemaIssue[] {
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
  return (validate.errors ?? []).map((error) => formatIssue(error, data));
}

/** One Ajv error as `{ path, keyword, message, params }`, the message naming the path and the value. */
export function formatIssue(error: ErrorObject, data: unknown): SchemaIssue {
  const path = error.instancePath || "/";
  const params = { ...(error.params as Record<string, unknown>) };
  let detail = error.message ?? error.keyword;
  switch (error.keyword) {
    case "enum":
      detail += ` (${(params.allowedValues as unknown[]).map((v) => describeValue(v, 40)).join(", ")})`;
      break;
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
  return { path, keyword: error.keyword, message: `${path} ${detail}${received}`, params };
}

/** Follows a JSON Pointer (RFC 6901) into `data`. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (!pointer) return data;
  let current: unknown = data;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    current = Object.prototype.hasOwnProperty.call(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}
