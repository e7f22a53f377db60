import { conversationKind, type FoundCall } from "../src/conversation.js";
import { isArray, isRecord } from "../src/internal/read.js";
import { type MatcherContext, matcherError, received } from "./print.js";

/** What the conversation matchers take. */
export const CONVERSATION_EXPECTED =
  "a response object, an item list, an Agents session or its items, a fake, one function_call, a framework's result or items (an @openai/agents RunResult, an AI SDK generateText result, its steps or UI messages, LangChain messages), or a trace (OpenTelemetry GenAI spans, an OTLP/JSON export, @openai/agents spans)";

/** The conversation kinds of the model fakes: the fakes with a request log and answers to read. */
export const MODEL_FAKE_KINDS = [
  "responses-fake",
  "agents-fake",
  "chat-fake",
  "anthropic-fake",
  "gemini-fake",
  "bedrock-fake",
] as const;

/** Throws the matcher error for a received value that holds no conversation. */
export function requireConversation(
  ctx: MatcherContext,
  name: string,
  label: string,
  value: unknown,
  kinds?: readonly string[],
  mustBe = CONVERSATION_EXPECTED,
): void {
  const kind = conversationKind(value);
  if (kind === undefined || (kinds !== undefined && !kinds.includes(kind)))
    matcherError(ctx, name, label, "received", mustBe, value);
}

/**
 * `toMatchObject`'s comparison, the runner's own: every key of `expected` is in `actual` and matches, recursively;
 * asymmetric matchers work inside.
 */
export function matchesSubset(ctx: MatcherContext, actual: unknown, expected: unknown): boolean {
  return ctx.equals(actual, expected, [
    ...(ctx.customTesters ?? []),
    ctx.utils.iterableEquality,
    ctx.utils.subsetEquality,
  ]);
}

/** How deep {@link alignedWith} follows `expected`: a deeper (or cyclic) expectation is compared as it is. */
const ALIGN_DEPTH = 64;

/**
 * `actual` as a diff against `expected` should show it: where an asymmetric matcher of `expected`
 * matches, the matcher itself (so it is no difference); with `subset`, only the keys `expected`
 * names (as `toMatchObject` diffs). What differs stays as received.
 */
export function alignedWith(
  ctx: MatcherContext,
  actual: unknown,
  expected: unknown,
  subset: boolean,
  depth = 0,
): unknown {
  if (depth > ALIGN_DEPTH) return actual;
  if (isAsymmetric(expected)) return ctx.equals(actual, expected, ctx.customTesters) ? expected : actual;
  if (isArray(expected) && isArray(actual))
    return actual.map((value, i) =>
      i < expected.length ? alignedWith(ctx, value, expected[i], subset, depth + 1) : value,
    );
  if (!isRecord(expected) || !isRecord(actual) || isArray(actual)) return actual;
  const keys = Object.keys(actual).filter((key) => !subset || Object.hasOwn(expected, key));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      Object.hasOwn(expected, key) ? alignedWith(ctx, actual[key], expected[key], subset, depth + 1) : actual[key],
    ]),
  );
}

function isAsymmetric(value: unknown): boolean {
  return isRecord(value) && typeof value.asymmetricMatch === "function";
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
