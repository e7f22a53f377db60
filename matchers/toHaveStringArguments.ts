import { parseJson } from "../src/gate.js";
import { isArray, isRecord, readField } from "../src/internal/read.js";
import {
  expected,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  received,
  receivedJson,
  receivedText,
} from "./print.js";

/**
 * `expect(item).toHaveStringArguments(expected?)`: `arguments` is a JSON string; with `expected`,
 * its parsed value equals `expected` (compared with the runner's `equals`, so asymmetric
 * matchers such as `expect.any(String)` work inside).
 */
export function toHaveStringArguments(
  this: MatcherContext,
  item: unknown,
  ...rest: [expectedValue?: unknown]
): MatcherResult {
  const hasExpected = rest.length > 0;
  const expectedValue = rest[0];
  const label = hasExpected ? "expected" : "";
  if (!isRecord(item))
    matcherError(this, "toHaveStringArguments", label, "received", "an item object (a function_call)", item);
  const raw = readField(item, "arguments");
  const head = () => [hint(this, "toHaveStringArguments", label), ""];

  if (typeof raw !== "string") {
    return failure(() => [
      ...head(),
      `Expected: ${expectedText(this, "arguments to be a JSON string")}`,
      `Received: ${receivedText(this, `arguments is ${raw === null ? "null" : isArray(raw) ? "an array" : typeof raw}`)} ${receivedJson(this, raw)}`,
    ]);
  }
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    return failure(() => [
      ...head(),
      `Expected: ${expectedText(this, "arguments to parse as JSON")}`,
      `Received: ${receivedText(this, parsed.error)} in ${receivedJson(this, raw)}`,
    ]);
  }
  const pass = !hasExpected || this.equals(parsed.value, expectedValue, this.customTesters);
  return {
    pass,
    message: () => {
      const lines = head();
      if (!hasExpected) {
        lines.push(
          `Expected: ${expectedText(this, "arguments not to be a parseable JSON string")}`,
          `Received: ${receivedJson(this, raw)}`,
        );
      } else if (this.isNot) {
        lines.push(
          `Expected parsed arguments: not ${expected(this, expectedValue)}`,
          `Received parsed arguments: ${received(this, parsed.value)}`,
        );
      } else {
        lines.push(
          `Expected parsed arguments: ${expected(this, expectedValue)}`,
          `Received parsed arguments: ${received(this, parsed.value)}`,
        );
        const diff =
          raw.length <= 20_000 ? this.utils.diff?.(expectedValue, parsed.value, { expand: false }) : undefined;
        if (diff && !diff.includes("Compared values have no visual difference")) lines.push("", diff);
      }
      return lines.join("\n");
    },
  };
}

function failure(lines: () => string[]): MatcherResult {
  return { pass: false, message: () => lines().join("\n") };
}
