// A received value's own exception never escapes a matcher as itself: a getter that throws, a
// Proxy that throws on every trap. The matcher fails with a matcher error naming what could not be
// read, as the runners' own matchers fail on a value they cannot judge (never printing the value:
// printing it would throw too). The matchers' own errors pass as they are.
import { oneLine } from "../src/internal/render.js";
import { hint, isMatcherError, type MatcherContext, type MatcherResult, markMatcherError } from "./print.js";

/** Errors a matcher raises on purpose (a bad tools argument is named by withMatcherErrors). */
const OWN_ERRORS = new Set(["ToolSchemaError", "ToolSpecError"]);

type Matcher = (this: MatcherContext, received: unknown, ...rest: never[]) => MatcherResult | Promise<MatcherResult>;

export function guardedMatcher<F extends Matcher>(name: string, matcher: F): F {
  const fail = (ctx: MatcherContext, error: unknown): never => {
    if (isMatcherError(error) || (error instanceof Error && OWN_ERRORS.has(error.name))) throw error;
    let why: string;
    try {
      why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    } catch {
      why = "an exception that cannot be shown";
    }
    const thrown = new TypeError(
      [
        hint(ctx, name, ""),
        "",
        "Matcher error: received value could not be read (reading it threw)",
        "",
        `Thrown: ${oneLine(why, 300)}`,
      ].join("\n"),
    );
    throw markMatcherError(thrown);
  };
  const guarded = function (this: MatcherContext, received: unknown, ...rest: never[]) {
    let result: MatcherResult | Promise<MatcherResult>;
    try {
      result = matcher.call(this, received, ...rest);
    } catch (error) {
      return fail(this, error);
    }
    return result instanceof Promise ? result.catch((error: unknown) => fail(this, error)) : result;
  };
  Object.defineProperty(guarded, "name", { value: name });
  return guarded as F;
}

/** Each matcher of `matchers` guarded, under its own name. */
export function guardedMatchers<T extends Record<string, Matcher>>(matchers: T): T {
  return Object.fromEntries(
    Object.entries(matchers).map(([name, matcher]) => [name, guardedMatcher(name, matcher)]),
  ) as T;
}
