import { geminiCallAlone, geminiCallOf } from "./geminiParts.js";
import { isArray, isRecord, readField } from "./internal/read.js";
import { describeValue, oneLine, truncate } from "./internal/render.js";
import { WeakCache } from "./internal/weakCache.js";
import { isValid, type SchemaValidator, validateArguments, validatorFor } from "./schema.js";
import { type NamedTool, resolveTools, toolNames } from "./tools.js";
import type { GateReason, GateResult, SchemaIssue, ToolSpec } from "./types.js";
import { asWireCall } from "./wires.js";

/**
 * Decides whether a logged item may be replayed to another model as a portable `function_call`.
 * Checks, in order: type (portable, no `:`), `function_call`, status `completed`, arguments is a
 * string, it parses as JSON, the tool exists (when a tool set is given), the arguments pass its
 * JSON Schema; a Gemini `functionCall` part carries its `thoughtSignature`. Total: returns a
 * {@link GateResult} for any input and never throws for the item.
 * Throws only for a bad `tools` argument (ToolSpecError, ToolSchemaError naming the tool).
 *
 * @example
 * replayGate({ type: "function_call", id: "fc_001", name: "get_latest_sales_report",
 *   call_id: "call_123", status: "completed", arguments: '{"region":"apac"}' }, regionSchema)
 * // → { ok: true, reason: "ok", arguments: { region: "apac" }, ... }
 */
export function replayGate(item: unknown, tools?: ToolSpec): GateResult {
  return resultOf(evaluate(item, prepare(tools), true));
}

function resultOf(outcome: Outcome): GateResult {
  if (outcome.reason === "arguments_schema") return schemaFailure(outcome.errors!, outcome.value);
  const result: GateResult = {
    ok: outcome.reason === "ok",
    reason: outcome.reason,
    message: gateMessage(outcome.reason, outcome.detail()),
    errors: [],
  };
  if (outcome.parsed) result.arguments = outcome.value;
  return result;
}

/**
 * Only the reason `replayGate` would give, without building its message or formatting schema
 * issues: for counting millions of log lines. Same rules, same order.
 */
export function replayReason(item: unknown, tools?: ToolSpec): GateReason {
  return evaluate(item, prepare(tools), false).reason;
}

/** A gate bound to one tool set: the tools are resolved and their schemas compiled once. */
export interface CompiledGate {
  /** The full result, as {@link replayGate}. */
  check(item: unknown): GateResult;
  /** Only the reason, as {@link replayReason}. */
  reason(item: unknown): GateReason;
}

/**
 * Binds the gate to a tool set for many items: resolves the tools and compiles every schema now
 * (a broken schema throws here, naming its tool), so that each item costs only its own checks.
 *
 * @example
 * const gate = compileGate(tools);
 * for (const item of log) counts[gate.reason(item)]++;
 */
export function compileGate(tools?: ToolSpec): CompiledGate {
  const prepared = prepare(tools);
  if (prepared?.kind === "schema") prepared.validate();
  else if (prepared) for (const name of prepared.tools.keys()) prepared.validatorOf(name);
  return {
    check: (item) => resultOf(evaluate(item, prepared, true)),
    reason: (item) => evaluate(item, prepared, false).reason,
  };
}

/** Resolved tools, with each tool's validator looked up once and kept. */
type Prepared =
  | undefined
  | { kind: "schema"; validate: () => SchemaValidator }
  | {
      kind: "set";
      tools: Map<string, NamedTool>;
      validatorOf: (name: string) => SchemaValidator;
      names: () => string;
    };

const preparedBySpec = new WeakCache<object, Prepared>();

/** Prepared tools, cached per `tools` object (as resolveTools and validatorFor cache theirs). */
function prepare(tools: ToolSpec | undefined): Prepared {
  if (tools === undefined) return undefined;
  if (typeof tools !== "object" || tools === null) return prepareNow(tools);
  let prepared = preparedBySpec.get(tools);
  if (!prepared) {
    prepared = prepareNow(tools);
    preparedBySpec.set(tools, prepared);
  }
  return prepared;
}

function prepareNow(tools: ToolSpec): Prepared {
  const lookup = resolveTools(tools);
  if (lookup.kind === "schema") {
    let validate: SchemaValidator | undefined;
    return { kind: "schema", validate: () => (validate ??= validatorFor(lookup.schema)) };
  }
  const validators = new Map<string, SchemaValidator>();
  return {
    kind: "set",
    tools: lookup.tools,
    validatorOf: (name) => {
      let validate = validators.get(name);
      if (!validate) {
        const tool = lookup.tools.get(name)!;
        validate = validatorFor(tool.schema, tool.name);
        validators.set(name, validate);
      }
      return validate;
    },
    names: () => toolNames(lookup.tools),
  };
}

interface Outcome {
  reason: GateReason;
  /** The message after `reason: `, built only when asked for. */
  detail: () => string;
  parsed: boolean;
  value?: unknown;
  errors?: SchemaIssue[];
}

/** Reason-only outcomes, shared: counting a log allocates nothing per item for its outcome. */
const REASON_ONLY = Object.fromEntries(
  (
    [
      "namespaced",
      "not_function_call",
      "status",
      "arguments_type",
      "arguments_parse",
      "unknown_tool",
      "arguments_schema",
      "missing_signature",
      "ok",
    ] as const
  ).map((reason) => [reason, Object.freeze({ reason, detail: () => "", parsed: false })]),
) as Record<GateReason, Outcome>;

/**
 * The gate's steps, in order; the one place its rules live. With `detailed` false only the
 * reason is meaningful (no message closures, no formatted issues, no parsed value).
 */
function evaluate(received: unknown, tools: Prepared, detailed: boolean): Outcome {
  // a call of any wire (a Chat tool_calls entry, an Anthropic tool_use, a Gemini functionCall part, an
  // MCP call) is judged as the function_call it stands for: one answer for the same call, whoever reads it
  // a Gemini part is read once (a hostile getter answers one read)
  const gemini = geminiCallOf(received);
  if (gemini === undefined) return evaluateCall(asWireCall(received), tools, detailed);
  if (!isGeminiArgs(gemini.args)) {
    const args = gemini.args;
    return detailed
      ? outcome(
          "arguments_type",
          () => `functionCall.args must be an object, received ${jsonKind(args)} ${describeValue(args)}`,
        )
      : REASON_ONLY.arguments_type;
  }
  const judged = evaluateCall(geminiCallAlone(gemini), tools, detailed);
  if (judged.reason !== "ok" || gemini.signed) return judged;
  if (!detailed) return REASON_ONLY.missing_signature;
  const name = gemini.name;
  return {
    reason: "missing_signature",
    detail: () =>
      `the functionCall part ${describeValue(name)} carries no thoughtSignature: a thinking model signs the first call ` +
      `of each step, and Gemini 3 refuses that call sent back without it ("Function call is missing a ` +
      `thought_signature in functionCall parts"); send the model's part back whole (a parallel call after the ` +
      `first carries none: gate the whole answer or content)`,
    parsed: judged.parsed,
    value: judged.value,
  };
}

function evaluateCall(item: unknown, tools: Prepared, detailed: boolean): Outcome {
  const portability = portableCallOutcome(item, detailed);
  if (portability) return portability;

  const raw = readField(item, "arguments");
  if (typeof raw !== "string") {
    return detailed
      ? outcome(
          "arguments_type",
          () => `arguments must be a JSON string, received ${jsonKind(raw)} ${describeValue(raw)}`,
        )
      : REASON_ONLY.arguments_type;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    if (!detailed) return REASON_ONLY.arguments_parse;
    const message = parseError(error);
    return outcome("arguments_parse", () => `arguments is not valid JSON (${message}), received ${describeValue(raw)}`);
  }
  if (tools === undefined)
    return detailed ? { reason: "ok", detail: parsesWithoutSchema, parsed: true, value } : REASON_ONLY.ok;

  let validate: SchemaValidator;
  let toolName = "(schema)";
  if (tools.kind === "set") {
    const name = readField(item, "name");
    if (typeof name !== "string" || !tools.tools.has(name)) {
      if (!detailed) return REASON_ONLY.unknown_tool;
      const detail = () =>
        `${typeof name === "string" ? `no tool named ${describeValue(name)}` : `name must be a string, received ${describeValue(name)}`} in the tool set (${truncate(tools.names())})`;
      return { reason: "unknown_tool", detail, parsed: true, value };
    }
    validate = tools.validatorOf(name);
    toolName = name;
  } else {
    validate = tools.validate();
  }
  if (!detailed) return isValid(validate, value) ? REASON_ONLY.ok : REASON_ONLY.arguments_schema;
  const errors = validateArguments(validate, value);
  if (errors.length > 0)
    return { reason: "arguments_schema", detail: () => errors[0]!.message, parsed: true, value, errors };
  return {
    reason: "ok",
    detail: toolName === "(schema)" ? passesTheSchema : () => `arguments pass the JSON Schema of "${toolName}"`,
    parsed: true,
    value,
  };
}

/** A Gemini call's `args`: an object (a protobuf Struct), or none. */
function isGeminiArgs(args: unknown): boolean {
  return args === undefined || (isRecord(args) && !isArray(args));
}

const passesTheSchema = () => "arguments pass the JSON Schema of the tool";
const parsesWithoutSchema = () => "arguments parse as JSON (no tool schema given)";

function outcome(reason: GateReason, detail: () => string): Outcome {
  return { reason, detail, parsed: false };
}

/**
 * The first three gate steps: the item is a portable, completed `function_call`.
 * Returns the failing result, or `undefined` when those steps pass.
 */
export function checkPortableCall(item: unknown): GateResult | undefined {
  const failure = portableCallOutcome(item);
  return (
    failure && { ok: false, reason: failure.reason, message: gateMessage(failure.reason, failure.detail()), errors: [] }
  );
}

/**
 * Whether the item passes the gate's first three steps (a portable, completed `function_call`), without building a
 * message.
 */
export function isPortableCompletedCall(item: unknown): boolean {
  return portableCallOutcome(item, false) === undefined;
}

function portableCallOutcome(item: unknown, detailed = true): Outcome | undefined {
  if (!isRecord(item)) {
    return detailed
      ? outcome("namespaced", () => `the item must be an object with a string type, received ${describeValue(item)}`)
      : REASON_ONLY.namespaced;
  }
  const type = readField(item, "type");
  if (typeof type !== "string") {
    return detailed
      ? outcome("namespaced", () =>
          type === undefined ? "type is missing" : `type must be a string, received ${describeValue(type)}`,
        )
      : REASON_ONLY.namespaced;
  }
  if (type.includes(":")) {
    return detailed
      ? outcome(
          "namespaced",
          () => `type ${describeValue(type)} is a provider extension (it contains ":"), not a portable item`,
        )
      : REASON_ONLY.namespaced;
  }
  if (type !== "function_call") {
    return detailed
      ? outcome("not_function_call", () => `type is ${describeValue(type)}, expected "function_call"${kindOf(type)}`)
      : REASON_ONLY.not_function_call;
  }
  const status = readField(item, "status");
  if (status !== "completed") {
    return detailed
      ? outcome("status", () => `status is ${describeValue(status)}, expected "completed"`)
      : REASON_ONLY.status;
  }
  return undefined;
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

/** JSON.parse, never throwing. JSON.parse defines `__proto__` as an own key: no prototype is touched. */
export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: parseError(error) };
  }
}

function parseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return oneLine(message.split("\n")[0] ?? message, 100);
}

/** The longest gate message. */
const MAX_MESSAGE = 2000;

/** `reason: detail` as one bounded line, whatever the item holds: every gate message is built here. */
function gateMessage(reason: GateReason, detail: string): string {
  return oneLine(`${reason}: ${detail}`, MAX_MESSAGE);
}

function schemaFailure(errors: SchemaIssue[], value: unknown): GateResult {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : "";
  return {
    ok: false,
    reason: "arguments_schema",
    message: gateMessage("arguments_schema", `${first.message}${more}`),
    errors,
    arguments: value,
  };
}

function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (isArray(value)) return "array";
  return typeof value;
}

/** What the tool items of the Responses API are: none is a portable `function_call`. */
const TOOL_ITEM_KINDS: Readonly<Record<string, string>> = {
  web_search_call: "a web search the provider ran (hosted)",
  file_search_call: "a file search the provider ran (hosted)",
  code_interpreter_call: "code the provider ran in its container (hosted)",
  image_generation_call: "an image the provider generated (hosted)",
  mcp_call: "a call the provider made to a remote MCP server (hosted)",
  mcp_list_tools: "a remote MCP server's tool list (hosted)",
  mcp_approval_request: "a request to approve a remote MCP call, answered with mcp_approval_response",
  computer_call: "a computer action for the application, answered with computer_call_output",
  local_shell_call: "a local shell command for the application, answered with local_shell_call_output",
  shell_call: "shell commands for the application, answered with shell_call_output",
  apply_patch_call: "a file change for the application, answered with apply_patch_call_output",
  custom_tool_call: "a custom tool's free-form call, answered with custom_tool_call_output",
  tool_search_call: "a tool search (hosted or client-executed)",
  program: "a program of programmatic tool calling",
};

/** `: a web search the provider ran (hosted)…` for a known tool item type, else nothing. */
function kindOf(type: unknown): string {
  const kind = typeof type === "string" ? TOOL_ITEM_KINDS[type] : undefined;
  return kind === undefined ? "" : `: ${kind}, specific to its tool, not a function call another model can replay`;
}
