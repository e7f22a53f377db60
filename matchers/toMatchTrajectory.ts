import { HANDOFF_PREFIX, handoffToolName } from "../src/frameworks.js";
import { isArray, isRecord } from "../src/internal/read.js";
import { type PinnedStep, pinnedStep, type TrajectoryStep, trajectoryOf } from "../src/trajectory.js";
import { alignedWith, diffOf, matchesSubset, requireConversation } from "./conversation.js";
import { expectedLine, hint, type MatcherContext, type MatcherResult, matcherError, receivedLine } from "./print.js";

/** How the run's steps are held to the expected ones (agentevals' four trajectory modes). */
export type TrajectoryOrder = "strict" | "unordered" | "subset" | "superset";

/** How a step's arguments are held to the expected ones. */
export type TrajectoryArgs = "exact" | "subset" | "superset" | "ignore";

export interface TrajectoryOptions {
  /**
   * `strict` (default): the same steps in the same order; `unordered`: the same steps in any order;
   * `subset`: every step of the run is among the expected; `superset`: every expected step is
   * among the run's.
   */
  order?: TrajectoryOrder;
  /**
   * Where an expected step gives `args`: `exact` (default, the runner's equality: asymmetric
   * matchers work inside), `subset` (the expected keys are in the run's, as `toMatchObject`),
   * `superset` (the run's keys are all expected), `ignore`.
   */
  args?: TrajectoryArgs;
  /** Per tool: its own argument mode, or a comparison of the run's arguments with the expected. */
  tools?: Record<string, { args?: TrajectoryArgs; compare?: (actual: unknown, expected: unknown) => boolean }>;
}

const NAME = "toMatchTrajectory";
const LABEL = "expected, options";
const ORDERS: readonly TrajectoryOrder[] = ["strict", "unordered", "subset", "superset"];
const ARGS: readonly TrajectoryArgs[] = ["exact", "subset", "superset", "ignore"];

/**
 * `expect(run).toMatchTrajectory(["lookup_order", { handoff: "Billing" }, { tool: "refund", args }])`:
 * the path the run took — its tool calls (with their arguments), handoffs and, where the expected path
 * names any, the assistant's messages — against the expected path, in the order `options.order` says.
 * A failure says where the run left the path.
 */
export function toMatchTrajectory(
  this: MatcherContext,
  conversation: unknown,
  expectedSteps: unknown,
  options: TrajectoryOptions = {},
): MatcherResult {
  requireConversation(this, NAME, LABEL, conversation);
  if (!isArray(expectedSteps))
    matcherError(
      this,
      NAME,
      LABEL,
      "expected",
      "a list of steps: a tool's name, or { tool, args?, agent? }, { handoff }, { message }",
      expectedSteps,
    );
  const wanted = expectedSteps.map((step, i) => {
    const pinned = pinnedStep(step);
    if (pinned === undefined)
      matcherError(
        this,
        NAME,
        LABEL,
        `expected[${i}]`,
        "a tool's name, or { tool, args?, agent? }, { handoff, agent? }, { message: string | RegExp, agent? }",
        step,
      );
    return pinned;
  });
  const checked = checkedOptions(this, options);
  const all = trajectoryOf(conversation);
  // the assistant's messages are steps only where the expected path names one
  const steps = wanted.some((step) => step.kind === "message") ? all : all.filter((step) => step.kind !== "message");
  const fits = (pinned: PinnedStep, step: TrajectoryStep) => stepFits(this, pinned, step, checked);
  const outcome =
    checked.order === "strict"
      ? strictOutcome(wanted, steps, fits)
      : matchedOutcome(this, wanted, steps, fits, checked, checked.order);
  const pass = outcome.pass;
  return {
    pass,
    message: () => {
      const lines = [hint(this, NAME, LABEL), ""];
      const path = wanted.map((step) => describePinned(this, step)).join(", ");
      lines.push(`Expected: ${this.isNot ? "not " : ""}the path [${path}] (order: ${checked.order})`);
      if (!this.isNot && !outcome.pass) lines.push(...outcome.why(this));
      lines.push("", `The run's path (${steps.length} step${steps.length === 1 ? "" : "s"}):`);
      lines.push(...runLines(this, steps, outcome.pass ? undefined : outcome.at));
      return lines.join("\n");
    },
  };
}

/** The options, checked: a mistake in the test is a matcher error naming it. */
function checkedOptions(
  ctx: MatcherContext,
  options: unknown,
): Required<Omit<TrajectoryOptions, "tools">> & Pick<TrajectoryOptions, "tools"> {
  if (!isRecord(options)) matcherError(ctx, NAME, LABEL, "options", "{ order?, args?, tools? }", options);
  const order = options.order ?? "strict";
  if (!ORDERS.includes(order as TrajectoryOrder))
    matcherError(ctx, NAME, LABEL, "options.order", `one of ${ORDERS.map((o) => `"${o}"`).join(", ")}`, order);
  const args = options.args ?? "exact";
  if (!ARGS.includes(args as TrajectoryArgs))
    matcherError(ctx, NAME, LABEL, "options.args", `one of ${ARGS.map((a) => `"${a}"`).join(", ")}`, args);
  const tools = options.tools;
  if (tools !== undefined) {
    if (!isRecord(tools)) matcherError(ctx, NAME, LABEL, "options.tools", "{ [tool]: { args?, compare? } }", tools);
    for (const [name, spec] of Object.entries(tools)) {
      const fine =
        isRecord(spec) &&
        (spec.args === undefined || ARGS.includes(spec.args as TrajectoryArgs)) &&
        (spec.compare === undefined || typeof spec.compare === "function");
      if (!fine)
        matcherError(
          ctx,
          NAME,
          LABEL,
          `options.tools.${name}`,
          "{ args?: an argument mode, compare?: (actual, expected) => boolean }",
          spec,
        );
    }
  }
  return {
    order: order as TrajectoryOrder,
    args: args as TrajectoryArgs,
    ...(tools === undefined ? {} : { tools: tools as TrajectoryOptions["tools"] }),
  };
}

/** Whether a run's step fits an expected one: kind and name, agent where pinned, arguments as the mode says. */
function stepFits(
  ctx: MatcherContext,
  pinned: PinnedStep,
  step: TrajectoryStep,
  options: Pick<TrajectoryOptions, "args" | "tools">,
): boolean {
  if (pinned.agent !== undefined && pinned.agent !== step.agent) return false;
  if (pinned.kind === "tool" && step.kind === "tool") {
    if (pinned.tool !== step.tool) return false;
    if (pinned.args === undefined) return true;
    const own = options.tools?.[pinned.tool];
    if (own?.compare) return own.compare(step.args, pinned.args.value);
    return argsFit(ctx, own?.args ?? options.args ?? "exact", step.args, pinned.args.value);
  }
  if (pinned.kind === "handoff" && step.kind === "handoff")
    return handoffToolName(pinned.handoff).slice(HANDOFF_PREFIX.length) === step.handoff;
  if (pinned.kind === "message" && step.kind === "message")
    return pinned.text instanceof RegExp
      ? pinned.text.test(step.text)
      : ctx.equals(step.text, pinned.text, ctx.customTesters);
  return false;
}

function argsFit(ctx: MatcherContext, mode: TrajectoryArgs, actual: unknown, wanted: unknown): boolean {
  switch (mode) {
    case "ignore":
      return true;
    case "subset":
      return matchesSubset(ctx, actual, wanted);
    case "superset":
      return matchesSubset(ctx, wanted, actual);
    default:
      return ctx.equals(actual, wanted, ctx.customTesters);
  }
}

interface Outcome {
  readonly pass: boolean;
  /** The run's step a failure points at (the first divergence, or the first step left over). */
  readonly at?: number;
  why(ctx: MatcherContext): string[];
}

/** The same steps in the same order: the first step where they part. */
function strictOutcome(
  wanted: readonly PinnedStep[],
  steps: readonly TrajectoryStep[],
  fits: (pinned: PinnedStep, step: TrajectoryStep) => boolean,
): Outcome {
  const n = Math.min(wanted.length, steps.length);
  let i = 0;
  while (i < n && fits(wanted[i]!, steps[i]!)) i++;
  if (i === n && wanted.length === steps.length) return { pass: true, why: () => [] };
  return {
    pass: false,
    at: i,
    why: (ctx) => {
      const pinned = wanted[i];
      const step = steps[i];
      const lines = [`The run left the path at step ${i + 1}:`];
      lines.push(`  expected: ${pinned ? describePinned(ctx, pinned) : "the end of the path"}`);
      lines.push(`  the run:  ${step ? describeStep(ctx, step) : "nothing more (it ended there)"}`);
      if (pinned?.kind === "tool" && step?.kind === "tool" && pinned.tool === step.tool && pinned.args) {
        const diff = diffOf(ctx, pinned.args.value, alignedWith(ctx, step.args, pinned.args.value, false));
        if (diff) lines.push("", `Arguments of ${JSON.stringify(step.tool)} at step ${i + 1}:`, diff);
      }
      return lines;
    },
  };
}

/**
 * Steps paired one to one regardless of order (a maximum matching, so that a loose expected step
 * never takes the only run step a stricter one fits): which expected steps and which run steps are
 * left unpaired. Kept near linear on long runs: an expected step that pins plain arguments exactly
 * pairs by a hash of the step (identical run steps are interchangeable, so pairing it first loses
 * nothing); the rest take the first free step of their tool that fits, and only what is left
 * searches for an augmenting path.
 */
function matchedOutcome(
  ctx: MatcherContext,
  wanted: readonly PinnedStep[],
  steps: readonly TrajectoryStep[],
  fits: (pinned: PinnedStep, step: TrajectoryStep) => boolean,
  options: Pick<TrajectoryOptions, "args" | "tools">,
  order: Exclude<TrajectoryOrder, "strict">,
): Outcome {
  const ownerOf = new Array<number>(steps.length).fill(-1);
  const pairedWanted = new Uint8Array(wanted.length);
  const pair = (i: number, j: number) => {
    ownerOf[j] = i;
    pairedWanted[i] = 1;
  };
  // 1. exact pins: by the step's hash
  const byHash = new Map<string, number[]>();
  // (identical run steps are interchangeable only while no expected step tells them apart by agent)
  const hashable = (ctx.customTesters ?? []).length === 0 && wanted.every((pinned) => pinned.agent === undefined);
  if (hashable)
    steps.forEach((step, j) => {
      const hash = hashOfStep(step);
      if (hash === undefined) return;
      let list = byHash.get(hash);
      if (!list) byHash.set(hash, (list = []));
      list.push(j);
    });
  if (hashable)
    wanted.forEach((pinned, i) => {
      const hash = hashOfPinned(pinned, options);
      if (hash === undefined) return;
      const j = byHash.get(hash)?.pop();
      if (j !== undefined) pair(i, j);
    });
  // 2. the rest: the first free step of its tool that fits (no table when the hashes paired every expected step)
  const byKey = new Map<string, number[]>();
  if (!pairedWanted.every((paired) => paired === 1))
    steps.forEach((step, j) => {
      const key = keyOf(step);
      let list = byKey.get(key);
      if (!list) byKey.set(key, (list = []));
      list.push(j);
    });
  const candidates = (i: number) => byKey.get(keyOf(wanted[i]!)) ?? [];
  const cursor = new Map<string, number>();
  for (let i = 0; i < wanted.length; i++) {
    if (pairedWanted[i]) continue;
    const key = keyOf(wanted[i]!);
    const list = candidates(i);
    let k = cursor.get(key) ?? 0;
    while (k < list.length && ownerOf[list[k]!] !== -1) k++;
    cursor.set(key, k);
    for (let m = k; m < list.length; m++) {
      const j = list[m]!;
      if (ownerOf[j] === -1 && fits(wanted[i]!, steps[j]!)) {
        pair(i, j);
        break;
      }
    }
  }
  // 3. what is left: an augmenting path, if there is one
  // one visited mark per search (a stamp), not an array per search: many unpaired steps stay linear in memory
  const seen = new Int32Array(steps.length);
  let stamp = 0;
  const tryPair = (i: number): boolean => {
    for (const j of candidates(i)) {
      if (seen[j] === stamp || !fits(wanted[i]!, steps[j]!)) continue;
      seen[j] = stamp;
      if (ownerOf[j] === -1 || tryPair(ownerOf[j]!)) {
        pair(i, j);
        return true;
      }
    }
    return false;
  };
  const unpairedWanted: number[] = [];
  for (let i = 0; i < wanted.length; i++) {
    if (pairedWanted[i]) continue;
    stamp++;
    if (!tryPair(i)) unpairedWanted.push(i);
  }
  const unpairedSteps = steps.flatMap((_, j) => (ownerOf[j] === -1 ? [j] : []));
  const missing = order === "subset" ? [] : unpairedWanted;
  const extra = order === "superset" ? [] : unpairedSteps;
  const pass = missing.length === 0 && extra.length === 0;
  return {
    pass,
    ...(extra[0] === undefined ? {} : { at: extra[0] }),
    why: (ctx) => [
      ...(missing.length > 0
        ? [
            `Expected steps the run never took (${missing.length}):`,
            ...missing.slice(0, 20).map((i) => `  ${describePinned(ctx, wanted[i]!)}`),
            ...(missing.length > 20 ? [`  … ${missing.length - 20} more`] : []),
          ]
        : []),
      ...(extra.length > 0
        ? [
            `Steps of the run the expected path ${order === "subset" ? "does not allow" : "does not have"} (${extra.length}):`,
            ...extra.slice(0, 20).map((j) => `  step ${j + 1}: ${describeStep(ctx, steps[j]!)}`),
            ...(extra.length > 20 ? [`  … ${extra.length - 20} more`] : []),
          ]
        : []),
    ],
  };
}

/** A run step's hash: its tool and arguments as canonical JSON (undefined when they are no JSON). */
function hashOfStep(step: TrajectoryStep): string | undefined {
  if (step.kind !== "tool") return undefined;
  const args = canonicalJson(step.args);
  return args === undefined ? undefined : `${step.tool}\u0000${args}`;
}

/**
 * An expected step's hash, when it pins its tool's arguments exactly with plain JSON (no asymmetric
 * matcher, no tool comparison): else undefined.
 */
function hashOfPinned(pinned: PinnedStep, options: Pick<TrajectoryOptions, "args" | "tools">): string | undefined {
  if (pinned.kind !== "tool" || pinned.args === undefined) return undefined;
  const own = options.tools?.[pinned.tool];
  if (own?.compare || (own?.args ?? options.args ?? "exact") !== "exact") return undefined;
  const args = canonicalJson(pinned.args.value);
  return args === undefined ? undefined : `${pinned.tool}\u0000${args}`;
}

/** Plain JSON with its keys sorted, or undefined for anything else (a matcher, a function, undefined inside). */
function canonicalJson(value: unknown, depth = 0): string | undefined {
  if (depth > 32) return undefined;
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const entry of value) {
      const part = canonicalJson(entry, depth + 1);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return `[${parts.join(",")}]`;
  }
  if (!isRecord(value) || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const part = canonicalJson(value[key], depth + 1);
    if (part === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}:${part}`);
  }
  return `{${parts.join(",")}}`;
}

function keyOf(step: PinnedStep | TrajectoryStep): string {
  if (step.kind === "tool") return `tool:${step.tool}`;
  // an expected handoff names the agent; the run's is its tool's name (the same, sanitized: idempotent)
  if (step.kind === "handoff") return `handoff:${handoffToolName(step.handoff).slice(HANDOFF_PREFIX.length)}`;
  return "message";
}

function by(agent: string | undefined): string {
  return agent === undefined ? "" : ` (agent ${JSON.stringify(agent)})`;
}

/** An expected step as a message shows it, its arguments by the runner's printer (matchers as it prints them). */
function describePinned(ctx: MatcherContext, step: PinnedStep): string {
  if (step.kind === "tool")
    return `${step.tool}${step.args ? ` ${expectedLine(ctx, step.args.value, 200)}` : ""}${by(step.agent)}`;
  if (step.kind === "handoff") return `handoff → ${step.handoff}${by(step.agent)}`;
  return `message ${step.text instanceof RegExp ? String(step.text) : expectedLine(ctx, step.text, 200)}${by(step.agent)}`;
}

/** A step of the run as a message shows it. */
function describeStep(ctx: MatcherContext, step: TrajectoryStep): string {
  if (step.kind === "tool") return `${step.tool} ${receivedLine(ctx, step.args, 200)}${by(step.agent)}`;
  if (step.kind === "handoff") return `handoff → ${step.handoff}${by(step.agent)}`;
  return `message ${receivedLine(ctx, step.text, 200)}${by(step.agent)}`;
}

/** The run's whole path, one step a line, the step a failure points at marked (at most 40 lines around it). */
function runLines(ctx: MatcherContext, steps: readonly TrajectoryStep[], at: number | undefined): string[] {
  if (steps.length === 0) return ["  (no steps)"];
  const from = at === undefined ? 0 : Math.max(0, Math.min(at - 20, steps.length - 40));
  const to = Math.min(steps.length, from + 40);
  const lines = steps
    .slice(from, to)
    .map((step, k) => `${from + k === at ? "→" : " "} ${from + k + 1}. ${describeStep(ctx, step)}`);
  if (at !== undefined && at >= steps.length) lines.push(`→ ${steps.length + 1}. (the run ended)`);
  if (from > 0) lines.unshift(`  … ${from} earlier step${from === 1 ? "" : "s"}`);
  if (to < steps.length) lines.push(`  … ${steps.length - to} more`);
  return lines;
}
