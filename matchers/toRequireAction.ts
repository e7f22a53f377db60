import { isArray, readField } from "../src/internal/read.js";
import {
  boundedList,
  expected,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  receivedJson,
  receivedText,
} from "./print.js";

/**
 * A pending required action to look for, of any kind the SDK types: a `function_call` (the
 * default when `type` is left out), a `computer_use_approval_request`, an `mcp_approval_request`
 * (openai ≥ 7.59) or an `environment_connection`. Each field given must equal the action's (asymmetric matchers work).
 */
export type RequiredActionPattern =
  | { type?: "function_call"; name?: string; arguments?: unknown; turn_id?: string; call_id?: string }
  | { type: "computer_use_approval_request"; request_id?: string; turn_id?: string; request?: unknown }
  | { type: "mcp_approval_request"; request_id?: string; turn_id?: string; request?: unknown }
  | { type: "environment_connection"; environment_id?: string };

/** What `toRequireAction` and `toHaveNoPendingActions` take. */
export const SESSION_EXPECTED = "an agent session, or an event with one, whose required_actions is an array";

/** The `required_actions` of a session, or of an event that carries one (`{ session }`). */
export function requiredActionsOf(value: unknown): unknown[] | undefined {
  const direct = readField(value, "required_actions");
  if (isArray(direct)) return direct;
  const nested = readField(readField(value, "session"), "required_actions");
  return isArray(nested) ? nested : undefined;
}

/**
 * `expect(session).toRequireAction(pattern?)`: a pending action in `required_actions` is of the
 * pattern's `type` (default `function_call`) and has each field the pattern gives (compared with
 * the runner's `equals`).
 */
export function toRequireAction(
  this: MatcherContext,
  session: unknown,
  pattern: RequiredActionPattern = {},
): MatcherResult {
  const label = "action";
  const actions = requiredActionsOf(session);
  if (!actions) matcherError(this, "toRequireAction", label, "received", SESSION_EXPECTED, session);
  if (pattern === null || typeof pattern !== "object" || isArray(pattern))
    matcherError(
      this,
      "toRequireAction",
      label,
      "action",
      "an object such as { name, arguments } or { type, request_id }",
      pattern,
    );
  const type = pattern.type ?? "function_call";
  const fields = Object.entries(pattern).filter(
    ([key, value]) => key !== "type" && !(value === undefined && key !== "arguments"),
  );
  const matches = (action: unknown) =>
    readField(action, "type") === type &&
    fields.every(([key, value]) => this.equals(readField(action, key), value, this.customTesters));
  const pass = actions.some(matches);
  return {
    pass,
    message: () =>
      [
        hint(this, "toRequireAction", label),
        "",
        `Expected: ${this.isNot ? "no " : ""}pending ${type} ${expected(this, Object.fromEntries(fields))}`,
        `Received: ${receivedText(this, `${actions.length} pending action${actions.length === 1 ? "" : "s"}${actions.length ? ":" : ""}`)}`,
        boundedList(actions.map((a) => receivedJson(this, shownAction(a)))),
      ].join("\n"),
  };
}

/** The fields that tell a pending action apart, by kind (a function call: its name, arguments and pins). */
function shownAction(action: unknown): unknown {
  const type = readField(action, "type");
  if (type === "function_call")
    return {
      name: readField(action, "name"),
      arguments: readField(action, "arguments"),
      turn_id: readField(action, "turn_id"),
      call_id: readField(action, "call_id"),
    };
  if (type === "computer_use_approval_request")
    return {
      type,
      request_id: readField(action, "request_id"),
      request: readField(readField(action, "request"), "type"),
    };
  return action;
}
