import { asItem } from "../src/frameworks.js";
import { replayGate } from "../src/gate.js";
import { geminiCallOf } from "../src/geminiParts.js";
import type { GateResult, ToolSpec } from "../src/types.js";
import {
  boundedList,
  expectedText,
  hint,
  ITEM_CHARS,
  type MatcherContext,
  type MatcherResult,
  receivedJson,
  receivedText,
  withMatcherErrors,
} from "./print.js";

/** `expect(item).toBeReplayable(tools?)`: the replay gate returns `ok`. */
export function toBeReplayable(this: MatcherContext, received: unknown, tools?: ToolSpec): MatcherResult {
  // a framework's call (an @openai/agents RunItem or protocol item, an AI SDK tool call) as its item; a Gemini
  // part as it is (the gate reads its signature)
  const item = geminiCallOf(received) !== undefined ? received : asItem(received);
  const expectedLabel = tools === undefined ? "" : "tools";
  const result = withMatcherErrors(this, "toBeReplayable", expectedLabel, () => replayGate(item, tools));
  return {
    pass: result.ok,
    message: () =>
      this.isNot
        ? [
            hint(this, "toBeReplayable", expectedLabel),
            "",
            `Expected: ${expectedText(this, "the gate to reject the item")}`,
            `Received: ${receivedText(this, result.message)}`,
            "",
            `Item: ${receivedJson(this, item, ITEM_CHARS)}`,
          ].join("\n")
        : gateFailure(this, "toBeReplayable", expectedLabel, `reason "ok"`, result, item),
  };
}

/** The message for a gate result that was not the one expected: rule, one-line message, issues, item. */
export function gateFailure(
  ctx: MatcherContext,
  name: string,
  expectedLabel: string,
  expectedReason: string,
  result: GateResult,
  item: unknown,
): string {
  const lines = [
    hint(ctx, name, expectedLabel),
    "",
    `Expected: ${expectedText(ctx, expectedReason)}`,
    `Received: ${receivedText(ctx, `reason "${result.reason}"`)}`,
    "",
    `Rule: ${result.message}`,
  ];
  if (result.errors.length > 0) {
    lines.push(
      `Schema issues (${result.errors.length}):`,
      boundedList(result.errors.map((e) => `${e.message} [${e.keyword}]`)),
    );
  }
  lines.push("", `Item: ${receivedJson(ctx, item, ITEM_CHARS)}`);
  return lines.join("\n");
}
