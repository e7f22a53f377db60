import { readField } from "../src/internal/read.js";
import {
  boundedList,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  receivedText,
} from "./print.js";
import { requiredActionsOf, SESSION_EXPECTED } from "./toRequireAction.js";

/**
 * `expect(session).toHaveNoPendingActions()`: `required_actions` is empty — the single source of
 * what is still due (the item history only records what happened).
 */
export function toHaveNoPendingActions(this: MatcherContext, session: unknown): MatcherResult {
  const actions = requiredActionsOf(session);
  if (!actions) matcherError(this, "toHaveNoPendingActions", "", "received", SESSION_EXPECTED, session);
  return {
    pass: actions.length === 0,
    message: () =>
      this.isNot
        ? [
            hint(this, "toHaveNoPendingActions", ""),
            "",
            `Expected: ${expectedText(this, "a pending required action")}`,
            `Received: ${receivedText(this, `none (status ${String(readField(session, "status") ?? readField(readField(session, "session"), "status"))})`)}`,
          ].join("\n")
        : [
            hint(this, "toHaveNoPendingActions", ""),
            "",
            `Expected: ${expectedText(this, "no pending required actions")}`,
            `Received: ${receivedText(this, `${actions.length} pending (status ${String(readField(session, "status") ?? readField(readField(session, "session"), "status"))})`)}`,
            boundedList(actions.map(pendingLine)),
          ].join("\n"),
  };
}

/** One line per pending action, with the pins that answer it. */
function pendingLine(action: unknown): string {
  const type = String(readField(action, "type"));
  if (type === "computer_use_approval_request")
    return `${type} ${String(readField(readField(action, "request"), "type"))} request_id ${String(readField(action, "request_id"))}`;
  if (type === "environment_connection") return `${type} environment_id ${String(readField(action, "environment_id"))}`;
  return `${type} ${String(readField(action, "name") ?? "")} turn_id ${String(readField(action, "turn_id"))} call_id ${String(readField(action, "call_id"))}`;
}
