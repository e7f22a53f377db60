import { isArray, readField } from "../src/describe.js";
import { boundedList, expected, hint, matcherError, received, receivedText, type MatcherContext, type MatcherResult } from "./context.js";

export interface RequiredActionPattern {
  name?: string;
  arguments?: unknown;
}

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
 * `expect(session).toRequireAction({ name?, arguments? })`: a pending `function_call` in
 * `required_actions` has that name and arguments (compared with the runner's `equals`).
 */
export function toRequireAction(this: MatcherContext, session: unknown, pattern: RequiredActionPattern = {}): MatcherResult {
  const label = "action";
  const actions = requiredActionsOf(session);
  if (!actions) matcherError(this, "toRequireAction", label, "received", SESSION_EXPECTED, session);
  if (pattern === null || typeof pattern !== "object" || isArray(pattern)) matcherError(this, "toRequireAction", label, "action", "an object such as { name, arguments }", pattern);
  const matches = (action: unknown) =>
    readField(action, "type") === "function_call" &&
    (pattern.name === undefined || readField(action, "name") === pattern.name) &&
    (!("arguments" in pattern) || this.equals(readField(action, "arguments"), pattern.arguments, this.customTesters));
  const pass = actions.some(matches);
  return {
    pass,
    message: () =>
      [
        hint(this, "toRequireAction", label),
        "",
        `Expected: ${this.isNot ? "no " : ""}pending function_call ${expected(this, pattern)}`,
        `Received: ${receivedText(this, `${actions.length} pending action${actions.length === 1 ? "" : "s"}${actions.length ? ":" : ""}`)}`,
        boundedList(actions.map((a) => received(this, { name: readField(a, "name"), arguments: readField(a, "arguments"), turn_id: readField(a, "turn_id"), call_id: readField(a, "call_id") }))),
      ].join("\n"),
  };
}
