import { stripVTControlCharacters } from "node:util";
import { isArray } from "../src/internal/read.js";
import { describeValue, MAX_VALUE_CHARS, truncate } from "../src/internal/render.js";

/** What a matcher needs from the runner's `this` (Vitest and Jest both provide it). */
export interface MatcherContext {
  isNot?: boolean;
  promise?: string;
  equals(a: unknown, b: unknown, customTesters?: unknown[], strictCheck?: boolean): boolean;
  customTesters?: unknown[];
  utils: {
    matcherHint(name: string, received?: string, expected?: string, options?: Record<string, unknown>): string;
    printExpected(value: unknown): string;
    printReceived(value: unknown): string;
    diff?(a: unknown, b: unknown, options?: Record<string, unknown>): string | null | undefined;
    /** The runner's testers for `toMatchObject`'s comparison (both Vitest and Jest hand them to matchers). */
    iterableEquality: unknown;
    subsetEquality: unknown;
    EXPECTED_COLOR?: (text: string) => string;
    RECEIVED_COLOR?: (text: string) => string;
  };
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
}

/** The hint line every message starts with, e.g. `expect(received).not.toBeReplayable(tools)`. */
export function hint(ctx: MatcherContext, name: string, expected = "", options: Record<string, unknown> = {}): string {
  return ctx.utils.matcherHint(name, undefined, expected, { isNot: ctx.isNot, promise: ctx.promise, ...options });
}

/**
 * A received value as the runner prints it (`printReceived`: asymmetric matchers as
 * `StringContaining "x"`, `Any<String>`), cut to `max` visible characters.
 */
export function received(ctx: MatcherContext, value: unknown, max = MAX_VALUE_CHARS): string {
  return printed(value, max, (v) => ctx.utils.printReceived(v), ctx.utils.RECEIVED_COLOR ?? identity);
}

/** An expected value as the runner prints it (`printExpected`), cut to `max` visible characters. */
export function expected(ctx: MatcherContext, value: unknown, max = MAX_VALUE_CHARS): string {
  return printed(value, max, (v) => ctx.utils.printExpected(v), ctx.utils.EXPECTED_COLOR ?? identity);
}

/**
 * A value as the runner prints it, on one line (a step of a path among others: `{"id": "A1",
 * "amount": Any<Number>}`), cut to `max` visible characters.
 */
export function receivedLine(ctx: MatcherContext, value: unknown, max = MAX_VALUE_CHARS): string {
  return printed(value, max, (v) => flattened(ctx.utils.printReceived(v)), ctx.utils.RECEIVED_COLOR ?? identity);
}

/** An expected value as the runner prints it, on one line (see {@link receivedLine}). */
export function expectedLine(ctx: MatcherContext, value: unknown, max = MAX_VALUE_CHARS): string {
  return printed(value, max, (v) => flattened(ctx.utils.printExpected(v)), ctx.utils.EXPECTED_COLOR ?? identity);
}

/** The runner's multi-line print of an object or array on one line, without its `Object`/`Array` labels. */
function flattened(text: string): string {
  return text
    .replace(/(Object|Array) (?=[{[])/g, "")
    .replace(/,?\n\s*(?=[}\]])/g, "")
    .replace(/([{[])\n\s*/g, "$1")
    .replace(/,\n\s*/g, ", ");
}

/**
 * A wire value (an item, an action, an `arguments` field) as JSON on one bounded line, in the
 * received colour: the form the gate judges, where a JSON string and an object look different.
 */
export function receivedJson(ctx: MatcherContext, value: unknown, max = MAX_VALUE_CHARS): string {
  return (ctx.utils.RECEIVED_COLOR ?? identity)(describeValue(value, max));
}

/** A wire value as JSON on one bounded line, in the expected colour (see {@link receivedJson}). */
export function expectedJson(ctx: MatcherContext, value: unknown, max = MAX_VALUE_CHARS): string {
  return (ctx.utils.EXPECTED_COLOR ?? identity)(describeValue(value, max));
}

function printed(
  value: unknown,
  max: number,
  print: (value: unknown) => string,
  colour: (text: string) => string,
): string {
  let text: string;
  try {
    text = print(value);
  } catch {
    // a value the runner's printer cannot walk (a revoked Proxy, a throwing getter): ours never throws
    return colour(describeValue(value, max));
  }
  const plain = stripVTControlCharacters(text);
  return plain.length <= max ? text : colour(truncate(plain, max));
}

/** How much of a whole item or value a message shows. */
export const ITEM_CHARS = 400;

/** Plain text in the received colour. */
export function receivedText(ctx: MatcherContext, text: string): string {
  return (ctx.utils.RECEIVED_COLOR ?? identity)(text);
}

/** Plain text in the expected colour. */
export function expectedText(ctx: MatcherContext, text: string): string {
  return (ctx.utils.EXPECTED_COLOR ?? identity)(text);
}

function identity(text: string): string {
  return text;
}

/** Lines of a list, at most `limit` of them, then how many were left out. */
export function boundedList(lines: string[], limit = 20): string {
  const shown = lines.slice(0, limit).map((line) => `  - ${line.replaceAll("\n", "\n    ")}`);
  if (lines.length > limit) shown.push(`  … and ${lines.length - limit} more`);
  return shown.join("\n");
}

/** The runner's own wording for a value's kind: `null`, `array`, or its `typeof`. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  return isArray(value) ? "array" : typeof value;
}

/**
 * Throws the error a runner throws for a value its matcher cannot judge (with or without `.not`),
 * e.g. `received value must be an array of items`: a test never passes on the wrong thing.
 */
export function matcherError(
  ctx: MatcherContext,
  name: string,
  expectedLabel: string,
  subject: string,
  mustBe: string,
  value: unknown,
): never {
  const label = subject === "received" ? "Received" : subject;
  const error = new TypeError(
    [
      hint(ctx, name, expectedLabel),
      "",
      `Matcher error: ${subject === "received" ? "received value" : `${subject} value`} must be ${mustBe}`,
      "",
      `${label} has type:  ${kindOf(value)}`,
      `${label} has value: ${received(ctx, value)}`,
    ].join("\n"),
  );
  throw markMatcherError(error);
}

const MATCHER_ERROR = Symbol.for("agent-testkit.matcherError");

/** Marks an error a matcher throws on purpose (matcherError, guard.ts): a guard lets it pass. */
export function markMatcherError<E extends Error>(error: E): E {
  Object.defineProperty(error, MATCHER_ERROR, { value: true });
  return error;
}

/** Whether `error` is a matcher error of ours, not one a received value threw. */
export function isMatcherError(error: unknown): boolean {
  return typeof error === "object" && error !== null && Object.hasOwn(error, MATCHER_ERROR);
}

/**
 * Runs `work` and turns a bad matcher argument (an invalid tool schema, a wrong `tools` value)
 * into an error whose message starts with the matcher hint, like the runners' own matcher errors.
 */
export function withMatcherErrors<T>(ctx: MatcherContext, name: string, expectedLabel: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof Error && (error.name === "ToolSchemaError" || error.name === "ToolSpecError")) {
      error.message = `${hint(ctx, name, expectedLabel)}\n\nMatcher error: ${error.message}`;
    }
    throw error;
  }
}
