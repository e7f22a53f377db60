import { replayGate } from "../src/gate.js";
import { GATE_REASONS, type GateReason, type ToolSpec } from "../src/types.js";
import {
  expectedText,
  hint,
  ITEM_CHARS,
  type MatcherContext,
  type MatcherResult,
  receivedJson,
  receivedText,
  withMatcherErrors,
} from "./print.js";
import { gateFailure } from "./toBeReplayable.js";

/** `expect(item).toHaveReplayReason(reason, tools?)`: the replay gate returns exactly `reason`. */
export function toHaveReplayReason(
  this: MatcherContext,
  item: unknown,
  reason: GateReason,
  tools?: ToolSpec,
): MatcherResult {
  const expectedLabel = tools === undefined ? "reason" : "reason, tools";
  if (!GATE_REASONS.includes(reason)) {
    throw new TypeError(
      `${hint(this, "toHaveReplayReason", expectedLabel)}\n\nMatcher error: reason must be one of ${GATE_REASONS.map((r) => `"${r}"`).join(", ")}, received ${JSON.stringify(reason) ?? String(reason)}`,
    );
  }
  // another wire's call (a Chat `tool_calls` entry, a `tool_use` block, a Gemini part) is judged by the gate as
  // the call it stands for, as toBeReplayable judges it
  const result = withMatcherErrors(this, "toHaveReplayReason", expectedLabel, () => replayGate(item, tools));
  return {
    pass: result.reason === reason,
    message: () =>
      this.isNot
        ? [
            hint(this, "toHaveReplayReason", expectedLabel),
            "",
            `Expected: ${expectedText(this, `any reason but "${reason}"`)}`,
            `Received: ${receivedText(this, result.message)}`,
            "",
            `Item: ${receivedJson(this, item, ITEM_CHARS)}`,
          ].join("\n")
        : gateFailure(this, "toHaveReplayReason", expectedLabel, `reason "${reason}"`, result, item),
  };
}
