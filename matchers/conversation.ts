import { isArray, isRecord } from "../src/internal/read.js";
import { conversationKind, type FoundCall } from "../src/conversation.js";
import { matcherError, received, type MatcherContext } from "./context.js";

/** What the conversation matchers take. */
export const CONVERSATION_EXPECTED = "a response object, an item list, an Agents session or its items, a fake, or one function_call";

/** Throws the matcher error for a received value that holds no conversation. */
export function requireConversation(ctx: MatcherContext, name: string, label: string, value: unknown, kinds?: readonly string[], mustBe = CONVERSATION_EXPECTED): void {
  const kind = conversationKind(value);
  if (kind === undefined || (kinds !== undefined && !kinds.includes(kind))) matcherError(ctx, name, label, "received", mustBe, value);
}

/** `toMatchObject` semantics on the runner's `equals`: every key of `expected` is in `actual` and matches, recursively; asymmetric matchers work inside. */
export function matchesSubset(ctx: MatcherContext, actual: unknown, expected: unknown): boolean {
  if (isArray(expected)) {
    return isArray(actual) && actual.length === expected.length && expected.every((value, i) => matchesSubset(ctx, actual[i], value));
  }
  if (isRecord(expected) && Object.getPrototypeOf(expected) === Object.prototype && !isAsymmetric(expected)) {
    return isRecord(actual) && Object.keys(expected).every((key) => Object.prototype.hasOwnProperty.call(actual, key) && matchesSubset(ctx, actual[key], expected[key]));
  }
  return ctx.equals(actual, expected, ctx.customTesters);
}

function isAsymmetric(value: object): boolean {
  return typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === "function";
}

/** The calls as lines of a message: name and arguments. */
export function callLines(ctx: MatcherContext, calls: readonly FoundCall[]): string[] {
  return calls.map((call) => `${call.name} ${received(ctx, call.arguments, 200)}`);
}

/** A diff of `expected` against `actual` from the runner, when it has one and they differ visibly. */
export function diffOf(ctx: MatcherContext, expected: unknown, actual: unknown): string | undefined {
  const diff = ctx.utils.diff?.(expected, actual, { expand: false });
  return diff && !diff.includes("Compared values have no visual difference") ? diff : undefined;
}
