import { readField } from "../src/describe.js";
import { boundedList, expectedText, hint, received, receivedText, type MatcherContext, type MatcherResult } from "./context.js";
import { requiredActionsOf } from "./toRequireAction.js";

/**
 * `expect(session).toHaveNoPendingActions()`: `required_actions` is empty — the single source of
 * what is still due (the item history only records what happened).
 */
export function toHaveNoPendingActions(this: MatcherContext, session: unknown): MatcherResult {
  const actions = requiredActionsOf(session);
  if (!actions) {
    return {
      pass: false,
      message: () => [hint(this, "toHaveNoPendingActions", ""), "", `Expected: ${expectedText(this, "an agent session (or an event with one) that has required_actions")}`, `Received: ${received(this, session)}`].join("\n"),
    };
  }
  return {
    pass: actions.length === 0,
    message: () =>
      this.isNot
        ? [hint(this, "toHaveNoPendingActions", ""), "", `Expected: ${expectedText(this, "a pending required action")}`, `Received: ${receivedText(this, `none (status ${String(readField(session, "status") ?? readField(readField(session, "session"), "status"))})`)}`].join("\n")
        : [
            hint(this, "toHaveNoPendingActions", ""),
            "",
            `Expected: ${expectedText(this, "no pending required actions")}`,
            `Received: ${receivedText(this, `${actions.length} pending (status ${String(readField(session, "status") ?? readField(readField(session, "session"), "status"))})`)}`,
            boundedList(actions.map((a) => `${String(readField(a, "type"))} ${String(readField(a, "name") ?? "")} turn_id ${String(readField(a, "turn_id"))} call_id ${String(readField(a, "call_id"))}`)),
          ].join("\n"),
  };
}
