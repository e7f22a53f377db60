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
 *   (same `request_id`; an `mcp_tool_call` response approved, denied or cancelled).
 *
 * @example
 * checkPair(fc_001, { type: "function_call_output", call_id: "call_123", output: "sales report for apac" })
 * // → { ok: true, reason: "ok", ... }
 */
export function checkPair(call: unknown, result: unknown): PairResult {
  const type = readField(result, "type");
  if (type === TOOL_RESULT) return checkToolResult(call, result);
  if (typeof type === "string" && Object.hasOwn(APPROVAL_RESULTS, type))
    return checkApprovalResult(call, result, APPROVAL_RESULTS[type]!);
  return checkCallOutput(call, result);
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
  if (typeof output === "string") return pass();
  if (isArray(output) && output.every((part) => isRecord(part) && typeof part.type === "string")) return pass();
  const hint = isRecord(output) ? " (serialize objects with JSON.stringify)" : "";
  return fail("output_type", `${field} must be a string or a content array${hint}, received ${describeValue(output)}`);
}

function pass(): PairResult {
  return { ok: true, reason: "ok", message: "ok: the result answers the call" };
}

function fail(reason: PairReason, detail: string): PairResult {
  return { ok: false, reason, message: `${reason}: ${detail}` };
}

/** A `function_call` still waiting for its `function_call_output`. */
export function pendingCalls(items: readonly unknown[]): unknown[] {
  const answered = new Set(outputsOf(items).map((output) => readField(output, "call_id")));
  return callsOf(items).filter((call) => !answered.has(readField(call, "call_id")));
}

/** A `function_call_output` whose `call_id` matches no completed, portable `function_call` in the list. */
export function orphanResults(items: readonly unknown[]): unknown[] {
  const called = new Set(callsOf(items).map((call) => readField(call, "call_id")));
  return outputsOf(items).filter((output) => !called.has(readField(output, "call_id")));
}

/** Completed, portable `function_call` items: the calls that owe a result. */
export function callsOf(items: readonly unknown[]): unknown[] {
  return asList(items).filter((item) => isPortableCompletedCall(item));
}

/** `function_call_output` items. */
export function outputsOf(items: readonly unknown[]): unknown[] {
  return asList(items).filter((item) => readField(item, "type") === "function_call_output");
}

function asList(items: readonly unknown[]): unknown[] {
  return isArray(items) ? items : [];
}
