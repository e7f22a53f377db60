import { callsIn } from "../src/conversation.js";
import { callLines, requireConversation } from "./conversation.js";
import {
  boundedList,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  receivedText,
} from "./print.js";

/** `expect(conversation).toHaveCalledToolTimes(name, n)`: the model called `name` exactly `n` times. */
export function toHaveCalledToolTimes(
  this: MatcherContext,
  conversation: unknown,
  name: string,
  times: number,
): MatcherResult {
  requireConversation(this, "toHaveCalledToolTimes", "name, times", conversation);
  if (!Number.isInteger(times) || times < 0)
    matcherError(this, "toHaveCalledToolTimes", "name, times", "times", "a whole number", times);
  const calls = callsIn(conversation);
  const count = calls.filter((call) => call.name === name).length;
  return {
    pass: count === times,
    message: () =>
      [
        hint(this, "toHaveCalledToolTimes", "name, times"),
        "",
        `Expected: ${expectedText(this, `${this.isNot ? "not " : ""}${times} call${times === 1 ? "" : "s"} to ${JSON.stringify(name)}`)}`,
        `Received: ${receivedText(this, `${count} call${count === 1 ? "" : "s"} to ${JSON.stringify(name)}, ${calls.length} in all${calls.length ? ":" : ""}`)}`,
        ...(calls.length > 0 ? [boundedList(callLines(this, calls))] : []),
      ].join("\n"),
  };
}
