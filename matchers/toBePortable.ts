import { isArray } from "../src/internal/read.js";
import { portabilityProblems } from "../src/transcript.js";
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
 * `expect(items).toBePortable()`: no provider-prefixed item types and no Chat Completions
 * envelope (`tool_calls` arrays, `role: "tool"` messages) among the items.
 */
export function toBePortable(this: MatcherContext, items: unknown): MatcherResult {
  if (!isArray(items)) matcherError(this, "toBePortable", "", "received", "an array of items", items);
  const problems = portabilityProblems(items);
  return {
    pass: problems.length === 0,
    message: () =>
      this.isNot
        ? [
            hint(this, "toBePortable", ""),
            "",
            `Expected: ${expectedText(this, "a non-portable item")}`,
            `Received: ${receivedText(this, `${items.length} portable items`)}`,
          ].join("\n")
        : [
            hint(this, "toBePortable", ""),
            "",
            `Expected: ${expectedText(this, "only portable Open Responses items")}`,
            `Received: ${receivedText(this, `${problems.length} non-portable item${problems.length === 1 ? "" : "s"}`)}`,
            boundedList(problems.map((p) => `${p.rule}: ${p.message}`)),
          ].join("\n"),
  };
}
