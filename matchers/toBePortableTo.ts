import { isFrameworkValue, normalizedItems } from "../src/frameworks.js";
import { isArray } from "../src/internal/read.js";
import { switchProblems, TARGET_WIRES, type TargetWire } from "../src/portability.js";
import {
  boundedList,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  receivedText,
} from "./print.js";

/**
 * `expect(history).toBePortableTo("anthropic")`: nothing of the history (Open Responses items,
 * Chat Completions messages, Anthropic Messages or Gemini contents) would be refused by that wire: no provider's own
 * item types, no reasoning another model made, no ids only the first provider stored, no call
 * unfinished or unanswered, arguments of the kind the wire takes. Each problem names its item.
 */
export function toBePortableTo(this: MatcherContext, history: unknown, wire: TargetWire): MatcherResult {
  if (!isArray(history))
    matcherError(this, "toBePortableTo", "wire", "received", "a history: an array of items or messages", history);
  if (!TARGET_WIRES.includes(wire))
    matcherError(
      this,
      "toBePortableTo",
      "wire",
      "wire",
      `one of ${TARGET_WIRES.map((w) => `"${w}"`).join(", ")}`,
      wire,
    );
  // a framework's own items (a RunResult's history, AI SDK messages) as the items they stand for
  const problems = switchProblems(history.some(isFrameworkValue) ? normalizedItems(history) : history, wire);
  const wanted = this.isNot ? `something ${wire} would refuse` : `a history ${wire} takes as it is`;
  const found =
    problems.length === 0
      ? `${history.length} items, none refused`
      : `${problems.length} problem${problems.length === 1 ? "" : "s"}:`;
  return {
    pass: problems.length === 0,
    message: () =>
      [
        hint(this, "toBePortableTo", "wire"),
        "",
        `Expected: ${expectedText(this, wanted)}`,
        `Received: ${receivedText(this, found)}`,
        ...(problems.length > 0 ? [boundedList(problems.map((p) => `${p.rule}: ${p.message}`))] : []),
      ].join("\n"),
  };
}
