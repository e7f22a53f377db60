import { describeValue, isRecord, readField, truncate } from "./describe.js";
import { validateArguments, validatorFor } from "./schema.js";
import { resolveTools, toolNames } from "./tools.js";
import type { GateReason, GateResult, SchemaIssue, ToolSpec } from "./types.js";

/**
 * Decides whether a logged item may be replayed to another model as a portable `function_call`.
 * Checks, in order: type (portable, no `:`), `function_call`, status `completed`, arguments is a
 * string, it parses as JSON, the tool exists (when a tool set is given), the arguments pass its
 * JSON Schema. Total: returns a {@link GateResult} for any input and never throws for the item.
 * Throws only for a bad `tools` argument (ToolSpecError, ToolSchemaError naming the tool).
 *
 * @example
 * replayGate({ type: "function_call", id: "fc_001", name: "get_latest_sales_report",
 *   call_id: "call_123", status: "completed", arguments: '{"region":"apac"}' }, regionSchema)
 * // → { ok: true, reason: "ok", arguments: { region: "apac" }, ... }
 */
export function replayGate(item: unknown, tools?: ToolSpec): GateResult {
  const portability = checkPortableCall(item);
  if (portability) return portability;

  const raw = readField(item, "arguments");
  if (typeof raw !== "string") {
    return fail("arguments_type", `arguments must be a JSON string, received ${jsonKind(raw)} ${describeValue(raw)}`);
  }
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    return fail("arguments_parse", `arguments is not valid JSON (${parsed.error}), received ${describeValue(raw)}`);
  }
  if (tools === undefined) return pass(parsed.value, "arguments parse as JSON (no tool schema given)");

  const lookup = resolveTools(tools);
  let schema;
  let toolName = "(schema)";
  if (lookup.kind === "set") {
    const name = readField(item, "name");
    const tool = typeof name === "string" ? lookup.tools.get(name) : undefined;
    if (!tool) {
      const what = typeof name === "string" ? `no tool named ${describeValue(name)}` : `name must be a string, received ${describeValue(name)}`;
      return { ...fail("unknown_tool", `${what} in the tool set (${truncate(toolNames(lookup.tools))})`), arguments: parsed.value };
    }
    schema = tool.schema;
    toolName = tool.name;
  } else {
    schema = lookup.schema;
  }
  const errors = validateArguments(validatorFor(schema, toolName), parsed.value);
  if (errors.length > 0) return schemaFailure(errors, parsed.value);
  return pass(parsed.value, `arguments pass the JSON Schema of ${toolName === "(schema)" ? "the tool" : `"${toolName}"`}`);
}

/**
 * The first three gate steps: the item is a portable, completed `function_call`.
 * Returns the failing result, or `undefined` when those steps pass.
 */
export function checkPortableCall(item: unknown): GateResult | undefined {
  if (!isRecord(item)) {
    return fail("namespaced", `the item must be an object with a string type, received ${describeValue(item)}`);
  }
  const type = readField(item, "type");
  if (typeof type !== "string") {
    return fail("namespaced", type === undefined ? "type is missing" : `type must be a string, received ${describeValue(type)}`);
  }
  if (type.includes(":")) {
    return fail(
      "namespaced",
      `type ${describeValue(type)} is a provider extension (it contains ":"), not a portable item`,
    );
  }
  if (type !== "function_call") {
    return fail("not_function_call", `type is ${describeValue(type)}, expected "function_call"`);
  }
  const status = readField(item, "status");
  if (status !== "completed") {
    return fail("status", `status is ${describeValue(status)}, expected "completed"`);
  }
  return undefined;
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

/** JSON.parse, never throwing. JSON.parse defines `__proto__` as an own key: no prototype is touched. */
export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: truncate(message.split("\n")[0] ?? message, 100) };
  }
}

function schemaFailure(errors: SchemaIssue[], value: unknown): GateResult {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : "";
  return { ok: false, reason: "arguments_schema", message: `arguments_schema: ${first.message}${more}`, errors, arguments: value };
}

function fail(reason: GateReason, detail: string): GateResult {
  return { ok: false, reason, message: `${reason}: ${detail}`, errors: [] };
}

function pass(value: unknown, detail: string): GateResult {
  return { ok: true, reason: "ok", message: `ok: ${detail}`, errors: [], arguments: value };
}

function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
