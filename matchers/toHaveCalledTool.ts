import { callsIn } from "../src/conversation.js";
import { alignedWith, callLines, diffOf, requireConversation } from "./conversation.js";
import { boundedList, expected, hint, type MatcherContext, type MatcherResult, receivedText } from "./print.js";

/**
 * `expect(conversation).toHaveCalledTool(name, args?)`: the model called `name` — with parsed
 * arguments equal to `args` when given (the runner's `equals`: asymmetric matchers work inside).
 * `conversation` is a response object, an item list, an Agents session or its items, or a fake.
 */
export function toHaveCalledTool(
  this: MatcherContext,
  conversation: unknown,
  name: string,
  ...rest: [args?: unknown]
): MatcherResult {
  const label = rest.length > 0 ? "name, args" : "name";
  requireConversation(this, "toHaveCalledTool", label, conversation);
  const calls = callsIn(conversation);
  const named = calls.filter((call) => call.name === name);
  const pass =
    rest.length === 0
      ? named.length > 0
      : named.some((call) => this.equals(call.arguments, rest[0], this.customTesters));
  return {
    pass,
    message: () => {
      const wanted =
        rest.length === 0
          ? `a call to ${JSON.stringify(name)}`
          : `a call to ${JSON.stringify(name)} with ${expected(this, rest[0], 200)}`;
      const lines = [
        hint(this, "toHaveCalledTool", label),
        "",
        `Expected: ${this.isNot ? "no " : ""}${this.isNot ? wanted.replace(/^a /, "") : wanted}`,
      ];
      lines.push(
        `Received: ${receivedText(this, `${calls.length} call${calls.length === 1 ? "" : "s"}${calls.length ? ":" : ""}`)}`,
      );
      if (calls.length > 0) lines.push(boundedList(callLines(this, calls)));
      const closest = named[0];
      if (!this.isNot && rest.length > 0 && closest) {
        const diff = diffOf(this, rest[0], alignedWith(this, closest.arguments, rest[0], false));
        if (diff) lines.push("", `Arguments of the first call to ${JSON.stringify(name)}:`, diff);
      }
      return lines.join("\n");
    },
  };
}
