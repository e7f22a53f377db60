import { checkPortableCall, isPortableCompletedCall } from "./gate.js";
import { isArray, isRecord, readField } from "./internal/read.js";
import { describeValue } from "./internal/render.js";
import type { PairReason, PairResult } from "./types.js";

const TOOL_RESULT = "agent.session.input.tool_result";
/** Each approval result, and the required action it answers. */
const APPROVAL_RESULTS: Readonly<Record<string, string>> = {
  "agent.session.input.computer_use_approval_request_result": "computer_use_approval_request",
  "agent.session.input.mcp_approval_request_result": "mcp_approval_request",
};

/**
 * Checks that a result answers a call, for both families:
 * - Open Responses: `function_call_output` ↔ a portable, completed `function_call` (same `call_id`);
 * - Agents API: `agent.session.input.tool_result` ↔ a required-action `function_call`
 *   (same `turn_id` and `call_id`; `success: true` needs `output`, `success: false` needs `error`);
 * - Agents API: `agent.session.input.computer_use_approval_request_result` ↔ a required-action
 *   `computer_use_approval_request` (same `request_id`; a response of the request's kind: a sign-in
 *   submitted with every required field, or cancelled; an origin approved, denied or cancelled);
 * - Agents API: `agent.session.input.mcp_approval_request_result` ↔ an `mcp_approval_request`
 *   (same `request_id`; an `mcp_tool_call` response approved, denied or cancelled);
 * - Responses client-executed tools: `computer_call_output` ↔ a completed `computer_call`,
 *   `local_shell_call_output` ↔ `local_shell_call`, `shell_call_output` ↔ `shell_call`,
 *   `apply_patch_call_output` ↔ `apply_patch_call`, `custom_tool_call_output` ↔ `custom_tool_call`
 *   (same `call_id`), a client-executed search's `tool_search_output` ↔ its `tool_search_call`, and
 *   `mcp_approval_response` ↔ `mcp_approval_request` (`approval_request_id` is the request's `id`),
 *   each output of its tool's shape.
 *
 * @example
 * checkPair(fc_001, { type: "function_call_output", call_id: "call_123", output: "sales report for apac" })
 * // → { ok: true, reason: "ok", ... }
 */
export function checkPair(call: unknown, result: unknown): PairResult {
  const type = readField(result, "type");
  if (type === TOOL_RESULT) return checkToolResult(call, result);
  if (isClientAnswerType(type)) return checkClientOutput(call, result, type as string);
  if (typeof type === "string" && Object.hasOwn(APPROVAL_RESULTS, type))
    return checkApprovalResult(call, result, APPROVAL_RESULTS[type]!);
  return checkCallOutput(call, result);
}

/**
 * What answers each client-executed call of the Responses API: the output item's type, the call's
 * type, the pin they share (the call's field, the answer's field), and the answer's shape.
 */
const ANSWERED_BY: Readonly<
  Record<
    string,
    {
      call: string;
      pin: [string, string];
      shape: (answer: Record<string, unknown>) => string | undefined;
      /** Whether an item of the pair is the app's to answer or its answer (absent: always). */
      client?: (item: unknown) => boolean;
    }
  >
> = {
  computer_call_output: {
    call: "computer_call",
    pin: ["call_id", "call_id"],
    shape: (answer) =>
      isRecord(answer.output) && answer.output.type === "computer_screenshot"
        ? undefined
        : `output must be a computer_screenshot ({ type: "computer_screenshot", image_url | file_id }), received ${describeValue(answer.output)}`,
  },
  // the SDK names the call it answers `id` (the call's `call_id`)
  local_shell_call_output: {
    call: "local_shell_call",
    pin: ["call_id", "id"],
    shape: (answer) =>
      typeof answer.output === "string"
        ? undefined
        : `output must be a string, received ${describeValue(answer.output)}`,
  },
  shell_call_output: {
    call: "shell_call",
    pin: ["call_id", "call_id"],
    shape: (answer) =>
      isArray(answer.output) && answer.output.every((chunk) => isRecord(chunk) && isRecord(chunk.outcome))
        ? undefined
        : `output must be an array of { stdout, stderr, outcome } results, one per command, received ${describeValue(answer.output)}`,
  },
  apply_patch_call_output: {
    call: "apply_patch_call",
    pin: ["call_id", "call_id"],
    shape: (answer) =>
      answer.status === "completed" || answer.status === "failed"
        ? undefined
        : `status must be "completed" or "failed", received ${describeValue(answer.status)}`,
  },
  custom_tool_call_output: {
    call: "custom_tool_call",
    pin: ["call_id", "call_id"],
    shape: (answer) => outputProblem(answer.output),
  },
  // a server-executed search carries its own output: only a client-executed one is the app's to answer
  tool_search_output: {
    call: "tool_search_call",
    pin: ["call_id", "call_id"],
    shape: (answer) =>
      isArray(answer.tools) && answer.tools.every(isRecord)
        ? undefined
        : `tools must be an array of tool definitions, received ${describeValue(answer.tools)}`,
    client: (item) => readField(item, "execution") !== "server",
  },
  mcp_approval_response: {
    call: "mcp_approval_request",
    pin: ["id", "approval_request_id"],
    shape: (answer) =>
      typeof answer.approve === "boolean"
        ? undefined
        : `approve must be true or false, received ${describeValue(answer.approve)}`,
  },
};

/** The answer types of the client-executed calls, by the call type they answer. */
const ANSWER_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ANSWERED_BY).map(([answer, { call }]) => [call, answer]),
);

function checkClientOutput(call: unknown, result: unknown, type: string): PairResult {
  const rule = ANSWERED_BY[type]!;
  const callType = readField(call, "type");
  if (!isRecord(call) || callType !== rule.call)
    return fail(
      "call_not_pairable",
      `a ${type} answers a ${rule.call}, received ${isRecord(call) ? `type ${describeValue(callType)}` : describeValue(call)}`,
    );
  if (rule.client && !rule.client(call))
    return fail(
      "call_not_pairable",
      `the ${rule.call} was executed by the server, which sent its output with it: the app answers only a client-executed one`,
    );
  const status = call.status;
  if (status !== undefined && status !== "completed")
    return fail(
      "call_not_pairable",
      `the ${rule.call} is ${describeValue(status)}, not completed: it takes no result yet`,
    );
  const [callPin, answerPin] = rule.pin;
  const expected = call[callPin];
  const received = readField(result, answerPin);
  const reason: PairReason = callPin === "id" ? "request_id_mismatch" : "call_id_mismatch";
  if (typeof expected !== "string")
    return fail(reason, `the ${rule.call} has no string ${callPin} (received ${describeValue(expected)})`);
  if (received !== expected)
    return fail(
      reason,
      `${answerPin} ${describeValue(received)} does not match the ${rule.call}'s ${callPin} ${describeValue(expected)}`,
    );
  const problem = rule.shape(result as Record<string, unknown>);
  return problem ? fail("output_type", problem) : pass();
}

function checkApprovalResult(action: unknown, result: unknown, answers: string): PairResult {
  const actionType = readField(action, "type");
  if (!isRecord(action) || actionType !== answers) {
    return fail(
      "call_not_pairable",
      `an approval result answers a ${answers}, received ${isRecord(action) ? `type ${describeValue(actionType)}` : describeValue(action)}`,
    );
  }
  const expected = action.request_id;
  const received = readField(result, "request_id");
  if (typeof expected !== "string")
    return fail("request_id_mismatch", `the request has no string request_id (received ${describeValue(expected)})`);
  if (received !== expected)
    return fail(
      "request_id_mismatch",
      `request_id ${describeValue(received)} does not match the request's request_id ${describeValue(expected)}`,
    );
  return checkApprovalResponse(readField(action, "request"), readField(result, "response"));
}

function checkApprovalResponse(request: unknown, response: unknown): PairResult {
  const kind = readField(request, "type");
  if (!isRecord(response))
    return fail("response_mismatch", `response must be an object, received ${describeValue(response)}`);
  if (response.type !== kind)
    return fail(
      "response_mismatch",
      `response.type is ${describeValue(response.type)}, the request is ${describeValue(kind)}`,
    );
  if (kind === "browser_origin_access" || kind === "mcp_tool_call") {
    return ["approve", "deny", "cancel"].includes(response.decision as string)
      ? pass()
      : fail(
          "response_mismatch",
          `response.decision must be "approve", "deny" or "cancel", received ${describeValue(response.decision)}`,
        );
  }
  if (response.action === "cancel") return pass();
  if (response.action !== "submit")
    return fail(
      "response_mismatch",
      `response.action must be "submit" or "cancel", received ${describeValue(response.action)}`,
    );
  return checkSubmittedFields(request, response);
}

function checkSubmittedFields(request: unknown, response: Record<string, unknown>): PairResult {
  const fields = readField(request, "fields");
  const known = isArray(fields) ? fields.filter(isRecord) : [];
  const submitted = response.fields;
  if (
    !isArray(submitted) ||
    !submitted.every((f) => isRecord(f) && typeof f.field_id === "string" && typeof f.value === "string")
  ) {
    return fail(
      "response_mismatch",
      `response.fields must be an array of { field_id, value } strings, received ${describeValue(submitted)}`,
    );
  }
  const values = new Map(submitted.map((f) => [(f as { field_id: string }).field_id, (f as { value: string }).value]));
  const unknown = [...values.keys()].find((id) => !known.some((field) => field.id === id));
  if (unknown !== undefined)
    return fail(
      "response_mismatch",
      `response.fields names ${describeValue(unknown)}, which the request does not have (fields: ${known.map((f) => describeValue(f.id)).join(", ") || "none"})`,
    );
  const missing = known.find((field) => field.required === true && !values.get(field.id as string));
  if (missing)
    return fail(
      "response_mismatch",
      `the required field ${describeValue(missing.id)} (${describeValue(missing.label)}) has no value`,
    );
  const options = readField(request, "options");
  if (isArray(options) && options.length > 0) {
    const ids = options.map((option) => readField(option, "id"));
    if (!ids.includes(response.selected_option))
      return fail(
        "response_mismatch",
        `selected_option must be one of ${ids.map((id) => describeValue(id)).join(", ")}, received ${describeValue(response.selected_option)}`,
      );
  }
  return pass();
}

function checkCallOutput(call: unknown, result: unknown): PairResult {
  const gate = checkPortableCall(call);
  if (gate) return fail("call_not_pairable", `the call cannot take a result (${gate.message})`);
  const type = readField(result, "type");
  if (!isRecord(result) || type !== "function_call_output") {
    return fail(
      "not_a_result",
      isRecord(result)
        ? `type is ${describeValue(type)}, expected "function_call_output" or "${TOOL_RESULT}"`
        : `the result must be an object, received ${describeValue(result)}`,
    );
  }
  const idProblem = pinMismatch("call_id", call, result);
  if (idProblem) return idProblem;
  return checkOutput(readField(result, "output"), "output");
}

function checkToolResult(call: unknown, result: unknown): PairResult {
  const callType = readField(call, "type");
  if (!isRecord(call) || callType !== "function_call") {
    return fail(
      "call_not_pairable",
      `the required action must be a function_call, received ${isRecord(call) ? `type ${describeValue(callType)}` : describeValue(call)}`,
    );
  }
  const turnProblem = pinMismatch("turn_id", call, result);
  if (turnProblem) return turnProblem;
  const callProblem = pinMismatch("call_id", call, result);
  if (callProblem) return callProblem;
  const success = readField(result, "success");
  if (success === true) return checkOutput(readField(result, "output"), "output");
  if (success === false) {
    const error = readField(result, "error");
    if (typeof error === "string" && error !== "") return pass();
    return fail(
      "missing_error",
      `success is false, so error must be a non-empty string, received ${describeValue(error)}`,
    );
  }
  return fail("output_type", `success must be true or false, received ${describeValue(success)}`);
}

function pinMismatch(pin: "call_id" | "turn_id", call: unknown, result: unknown): PairResult | undefined {
  const expected = readField(call, pin);
  const received = readField(result, pin);
  if (typeof expected === "string" && expected === received) return undefined;
  const reason: PairReason = pin === "call_id" ? "call_id_mismatch" : "turn_id_mismatch";
  if (typeof expected !== "string") {
    return fail(reason, `the call has no string ${pin} (received ${describeValue(expected)})`);
  }
  return fail(reason, `${pin} ${describeValue(received)} does not match the call's ${pin} ${describeValue(expected)}`);
}

function checkOutput(output: unknown, field: string): PairResult {
  const problem = outputProblem(output, field);
  return problem ? fail("output_type", problem) : pass();
}

/** Why an output is not a string or a content array, or undefined. */
function outputProblem(output: unknown, field = "output"): string | undefined {
  if (typeof output === "string") return undefined;
  if (isArray(output) && output.every((part) => isRecord(part) && typeof part.type === "string")) return undefined;
  const hint = isRecord(output) ? " (serialize objects with JSON.stringify)" : "";
  return `${field} must be a string or a content array${hint}, received ${describeValue(output)}`;
}

function pass(): PairResult {
  return { ok: true, reason: "ok", message: "ok: the result answers the call" };
}

function fail(reason: PairReason, detail: string): PairResult {
  return { ok: false, reason, message: `${reason}: ${detail}` };
}

/** A call still waiting for its answer: a `function_call` for its output, a client-executed call for its own. */
export function pendingCalls(items: readonly unknown[]): unknown[] {
  const answered = new Set(outputsOf(items).map(answerKey));
  return callsOf(items).filter((call) => !answered.has(callKey(call)));
}

/** An answer (a `function_call_output`, a client-executed call's output, an approval response) that answers no call. */
export function orphanResults(items: readonly unknown[]): unknown[] {
  const called = new Set(callsOf(items).map(callKey));
  return outputsOf(items).filter((output) => !called.has(answerKey(output)));
}

/**
 * The calls that owe an answer: completed, portable `function_call`s, and the completed calls of
 * client-executed tools (an `mcp_approval_request` too).
 */
export function callsOf(items: readonly unknown[]): unknown[] {
  return asList(items).filter(
    (item) => isPortableCompletedCall(item) || (isClientCall(item) && readField(item, "status") !== "in_progress"),
  );
}

/** The answers: `function_call_output`s and the outputs of client-executed calls. */
export function outputsOf(items: readonly unknown[]): unknown[] {
  return asList(items).filter((item) => {
    return readField(item, "type") === "function_call_output" || isClientAnswer(item);
  });
}

/** Whether an item is a client-executed tool's call (answered by an output item of its own). */
export function isClientCall(item: unknown): boolean {
  const type = readField(item, "type");
  if (typeof type !== "string" || !Object.hasOwn(ANSWER_OF, type)) return false;
  return ANSWERED_BY[ANSWER_OF[type] as string]?.client?.(item) ?? true;
}

/** Whether an item is the app's answer to a client-executed call (a server-executed search's output is not). */
export function isClientAnswer(item: unknown): boolean {
  const type = readField(item, "type");
  return isClientAnswerType(type) && (ANSWERED_BY[type as string]?.client?.(item) ?? true);
}

/** The output type that answers a call (`function_call_output` for a function call). */
export function answerTypeOf(call: unknown): string {
  const type = readField(call, "type");
  return (typeof type === "string" ? ANSWER_OF[type] : undefined) ?? "function_call_output";
}

/** Whether an item type answers a client-executed call: its own output item, or an approval response. */
function isClientAnswerType(type: unknown): boolean {
  return typeof type === "string" && Object.hasOwn(ANSWERED_BY, type);
}

/** The field of a call that its answer names: `id` for an approval request, else `call_id`. */
export function callPinOf(call: unknown): string {
  return ANSWERED_BY[answerTypeOf(call)]?.pin[0] ?? "call_id";
}

/** The field of an answer that names its call: `call_id`, `id` (a local shell's), `approval_request_id`. */
export function answerPinOf(type: string): string {
  return ANSWERED_BY[type]?.pin[1] ?? "call_id";
}

/** The call type an answer type answers (`function_call` for a `function_call_output`). */
export function callTypeOf(answerType: string): string {
  return ANSWERED_BY[answerType]?.call ?? "function_call";
}

/** A call's pin, as an answer to it names it: its answer type and its id. */
export function callKey(call: unknown): string {
  return `${answerTypeOf(call)}\u0000${String(readField(call, callPinOf(call)))}`;
}

/** The pin an answer names: its type and the id of the call it answers. */
export function answerKey(answer: unknown): string {
  const type = String(readField(answer, "type"));
  return `${type}\u0000${String(readField(answer, answerPinOf(type)))}`;
}

function asList(items: readonly unknown[]): unknown[] {
  return isArray(items) ? items : [];
}
