import { requestBodiesOf } from "../src/conversation.js";
import { isRecord } from "../src/internal/read.js";
import { alignedWith, diffOf, MODEL_FAKE_KINDS, matchesSubset, requireConversation } from "./conversation.js";
import { expected, hint, type MatcherContext, type MatcherResult, received, receivedText } from "./print.js";

const MUST_BE = "a fake or its request log (fake.requests)";
const FAKES = [...MODEL_FAKE_KINDS, "requests"] as const;

/** `expect(fake).toHaveReceivedRequest(partialBody)`: some request's body matches, as `toMatchObject` does. */
export function toHaveReceivedRequest(this: MatcherContext, fake: unknown, partialBody: unknown): MatcherResult {
  requireConversation(this, "toHaveReceivedRequest", "partialBody", fake, FAKES, MUST_BE);
  const bodies = requestBodiesOf(fake);
  const pass = bodies.some((body) => matchesSubset(this, body, partialBody));
  return {
    pass,
    message: () => {
      const closest = closestBody(this, bodies, partialBody);
      return requestMessage(
        this,
        "toHaveReceivedRequest",
        "partialBody",
        partialBody,
        bodies,
        bodies[closest],
        `request ${closest + 1}, the closest`,
      );
    },
  };
}

/**
 * `expect(fake).toHaveReceivedNthRequest(n, partialBody)`: the nth request (from 1) has a body that matches, as
 * `toMatchObject` does.
 */
export function toHaveReceivedNthRequest(
  this: MatcherContext,
  fake: unknown,
  n: number,
  partialBody: unknown,
): MatcherResult {
  requireConversation(this, "toHaveReceivedNthRequest", "n, partialBody", fake, FAKES, MUST_BE);
  const bodies = requestBodiesOf(fake);
  const body = Number.isInteger(n) && n >= 1 ? bodies[n - 1] : undefined;
  const pass = n >= 1 && n <= bodies.length && matchesSubset(this, body, partialBody);
  return {
    pass,
    message: () =>
      requestMessage(
        this,
        "toHaveReceivedNthRequest",
        "n, partialBody",
        partialBody,
        bodies,
        body,
        n >= 1 && n <= bodies.length ? `request ${n}` : undefined,
      ),
  };
}

function requestMessage(
  ctx: MatcherContext,
  name: string,
  label: string,
  partial: unknown,
  bodies: unknown[],
  closest: unknown,
  closestName: string | undefined,
): string {
  const lines = [
    hint(ctx, name, label),
    "",
    `Expected: ${ctx.isNot ? "no request with a body like " : "a request with a body like "}${expected(ctx, partial, 300)}`,
  ];
  lines.push(`Received: ${receivedText(ctx, `${bodies.length} request${bodies.length === 1 ? "" : "s"}`)}`);
  if (!ctx.isNot && closestName !== undefined && bodies.length > 0) {
    lines.push("", `Body of ${closestName}: ${received(ctx, closest, 300)}`);
    const diff = diffOf(ctx, partial, alignedWith(ctx, closest, partial, true));
    if (diff) lines.push("", diff);
  } else if (!ctx.isNot && closestName === undefined && bodies.length > 0) {
    lines.push("", "There is no such request.");
  }
  return lines.join("\n");
}

/** The index of the body closest to `partial` by its top-level keys (the last one on a tie). */
function closestBody(ctx: MatcherContext, bodies: unknown[], partial: unknown): number {
  const keys = isRecord(partial) ? Object.keys(partial) : [];
  let best = bodies.length - 1;
  let bestScore = -1;
  bodies.forEach((body, index) => {
    // A key that matches counts 2, a key that is there but differs 1.
    const score = keys.reduce((sum, key) => {
      if (!isRecord(body) || !(key in body)) return sum;
      return sum + (matchesSubset(ctx, body[key], (partial as Record<string, unknown>)[key]) ? 2 : 1);
    }, 0);
    if (score >= bestScore) [best, bestScore] = [index, score];
  });
  return best;
}
