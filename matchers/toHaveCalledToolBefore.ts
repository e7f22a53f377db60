import { isRecord } from "../src/internal/read.js";
import { type TrajectoryStep, trajectoryOf } from "../src/trajectory.js";
import { requireConversation } from "./conversation.js";
import {
  boundedList,
  expectedLine,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  receivedLine,
} from "./print.js";

/** A call as `toHaveCalledToolBefore` names it: the tool's name, or its name and arguments. */
export type CallPattern = string | { tool: string; args?: unknown };

const NAME = "toHaveCalledToolBefore";
const LABEL = "first, second";
const PATTERN = "a tool's name, or { tool, args? } (args: the runner's equality; asymmetric matchers work inside)";

/**
 * `expect(run).toHaveCalledToolBefore("lookup_order", "refund_order")`: some call to the first
 * (with those arguments, when given) came before some call to the second.
 */
export function toHaveCalledToolBefore(
  this: MatcherContext,
  conversation: unknown,
  first: CallPattern,
  second: CallPattern,
): MatcherResult {
  requireConversation(this, NAME, LABEL, conversation);
  const a = patternOf(this, "first", first);
  const b = patternOf(this, "second", second);
  const calls = trajectoryOf(conversation).filter(
    (step): step is Extract<TrajectoryStep, { kind: "tool" }> => step.kind === "tool",
  );
  const fits = (pattern: { tool: string; args?: { value: unknown } }, step: (typeof calls)[number]) =>
    step.tool === pattern.tool &&
    (pattern.args === undefined || this.equals(step.args, pattern.args.value, this.customTesters));
  const firstAt = calls.findIndex((step) => fits(a, step));
  const lastAt = calls.findLastIndex((step) => fits(b, step));
  const pass = firstAt !== -1 && lastAt !== -1 && firstAt < lastAt;
  return {
    pass,
    message: () => {
      const show = (p: { tool: string; args?: { value: unknown } }) =>
        `${p.tool}${p.args ? ` ${expectedLine(this, p.args.value, 200)}` : ""}`;
      const where = (at: number, label: string) =>
        at === -1
          ? `no call to ${label}`
          : `the ${at === firstAt ? "first" : "last"} call to ${label} is call ${at + 1}`;
      return [
        hint(this, NAME, LABEL),
        "",
        `Expected: a call to ${show(a)} ${this.isNot ? "not " : ""}before a call to ${show(b)}`,
        `Received: ${where(firstAt, show(a))}; ${where(lastAt, show(b))}`,
        "",
        `The run's calls (${calls.length}):`,
        boundedList(calls.map((step, i) => `${i + 1}. ${step.tool} ${receivedLine(this, step.args, 200)}`)),
      ].join("\n");
    },
  };
}

function patternOf(ctx: MatcherContext, label: string, value: unknown): { tool: string; args?: { value: unknown } } {
  if (typeof value === "string" && value !== "") return { tool: value };
  if (
    isRecord(value) &&
    typeof value.tool === "string" &&
    Object.keys(value).every((key) => key === "tool" || key === "args")
  )
    return { tool: value.tool, ...("args" in value ? { args: { value: value.args } } : {}) };
  return matcherError(ctx, NAME, LABEL, label, PATTERN, value);
}
