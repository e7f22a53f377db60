import { compareTools } from "../src/contract.js";
import type { ToolSpec } from "../src/types.js";
import {
  boundedList,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  receivedText,
  withMatcherErrors,
} from "./print.js";

/**
 * `expect(tools).toBeCompatibleWith(previousTools)`: no breaking change between the previous tool
 * set and this one (see `compareTools`). The message lists each breaking change with its path.
 */
export function toBeCompatibleWith(this: MatcherContext, tools: unknown, previous: unknown): MatcherResult {
  const changes = withMatcherErrors(this, "toBeCompatibleWith", "previousTools", () =>
    compareTools(previous as ToolSpec, tools as ToolSpec),
  );
  const breaking = changes.filter((c) => c.kind === "breaking");
  const compatible = changes.length - breaking.length;
  return {
    pass: breaking.length === 0,
    message: () =>
      this.isNot
        ? [
            hint(this, "toBeCompatibleWith", "previousTools"),
            "",
            `Expected: ${expectedText(this, "a breaking change")}`,
            `Received: ${receivedText(this, `none (${compatible} compatible change${compatible === 1 ? "" : "s"})`)}`,
          ].join("\n")
        : [
            hint(this, "toBeCompatibleWith", "previousTools"),
            "",
            `Expected: ${expectedText(this, "no breaking change to the tools")}`,
            `Received: ${receivedText(this, `${breaking.length} breaking change${breaking.length === 1 ? "" : "s"}`)}${compatible ? ` (and ${compatible} compatible)` : ""}`,
            boundedList(breaking.map((c) => `${c.tool}${c.path} [${c.rule}]: ${c.message}`)),
          ].join("\n"),
  };
}
