import { asItem, isFrameworkValue } from "../src/frameworks.js";
import { isRecord, readField } from "../src/internal/read.js";
import { checkPair } from "../src/pairing.js";
import { wirePair } from "../src/wires.js";
import {
  expected,
  expectedJson,
  expectedText,
  hint,
  ITEM_CHARS,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  received,
  receivedJson,
  receivedText,
} from "./print.js";

const PINS = { call_id_mismatch: ["call_id"], turn_id_mismatch: ["turn_id"] } as Record<string, string[]>;

/**
 * `expect(result).toPairWithCall(call)`: a `function_call_output` answers a `function_call`,
 * or a `tool_result` answers a required action (same `turn_id` and `call_id`).
 */
export function toPairWithCall(this: MatcherContext, output: unknown, expectedCall: unknown): MatcherResult {
  // a framework's output and call (function_call_result and callId, a RunItem, an AI SDK part) as items
  // a callId call is the SDK's only beside a value that is the SDK's for sure (else: a misspelt call_id)
  const sdk = isFrameworkValue(output) || isFrameworkValue(expectedCall);
  // another provider's pair (a tool_result and its tool_use, a Chat tool message and its tool call)
  const wire = wirePair(output, expectedCall);
  const result = wire ? wire.result : asItem(output, sdk);
  const call = wire ? wire.call : asItem(expectedCall, sdk);
  if (!isRecord(call)) {
    const hintText = call === undefined ? " (did a find() match nothing?)" : "";
    matcherError(this, "toPairWithCall", "call", "call", `a function_call item or a required action${hintText}`, call);
  }
  const pair = checkPair(call, result);
  return {
    pass: pair.ok,
    message: () => {
      const lines = [hint(this, "toPairWithCall", "call"), ""];
      if (this.isNot) {
        lines.push(
          `Expected: ${expectedText(this, "the result not to answer the call")}`,
          `Received: ${receivedText(this, pair.message)}`,
          "",
        );
      } else {
        lines.push(`Rule: ${pair.message}`, "");
        for (const pin of PINS[pair.reason] ?? []) {
          lines.push(
            `Expected ${pin}: ${expected(this, readField(call, pin))}`,
            `Received ${pin}: ${received(this, readField(result, pin))}`,
            "",
          );
        }
      }
      lines.push(
        `Call:   ${expectedJson(this, call, ITEM_CHARS)}`,
        `Result: ${receivedJson(this, result, ITEM_CHARS)}`,
      );
      return lines.join("\n");
    },
  };
}
