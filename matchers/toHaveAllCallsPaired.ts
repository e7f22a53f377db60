import { frameworkItems, frameworkKind, normalizedItems } from "../src/frameworks.js";
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
 * one `function_call_output`, and no output is orphaned or duplicated. Takes a framework's result or
 * items too (`result.history` of `@openai/agents`, generateText's result, LangChain messages).
 */
export function toHaveAllCallsPaired(this: MatcherContext, received: unknown): MatcherResult {
  const kind = frameworkKind(received);
  if (!isArray(received) && kind === undefined)
    matcherError(
      this,
      "toHaveAllCallsPaired",
      "",
      "received",
      "an array of items, or a framework's result (a RunResult, generateText's)",
      received,
    );
  // a framework's result, or its items (RunItems, protocol items with callId, messages), read as items
  const items = kind === undefined ? normalizedItems(received as unknown[]) : frameworkItems(received, kind);
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
