import { isArray } from "../src/internal/read.js";
import { pairingProblems } from "../src/transcript.js";
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
 * `expect(items).toHaveAllCallsPaired()`: every completed, portable `function_call` has exactly
 * one `function_call_output`, and no output is orphaned or duplicated.
 */
export function toHaveAllCallsPaired(this: MatcherContext, items: unknown): MatcherResult {
  if (!isArray(items)) matcherError(this, "toHaveAllCallsPaired", "", "received", "an array of items", items);
  const problems = pairingProblems(items);
  return {
    pass: problems.length === 0,
    message: () =>
      this.isNot
        ? [
            hint(this, "toHaveAllCallsPaired", ""),
            "",
            `Expected: ${expectedText(this, "a pairing problem")}`,
            `Received: ${receivedText(this, `${items.length} items, every call paired`)}`,
          ].join("\n")
        : [
            hint(this, "toHaveAllCallsPaired", ""),
            "",
            `Expected: ${expectedText(this, "every completed function_call answered by exactly one function_call_output")}`,
            `Received: ${receivedText(this, `${problems.length} pairing problem${problems.length === 1 ? "" : "s"}`)}`,
            boundedList(problems.map((p) => `${p.kind}: ${p.message}`)),
          ].join("\n"),
  };
}
