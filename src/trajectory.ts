import { agentCallsIn, agentCallsReadable } from "./agentRuns.js";
import { callOfItem, conversationItems } from "./conversation.js";
import { HANDOFF_PREFIX } from "./frameworks.js";
import { isArray, isRecord, readField } from "./internal/read.js";
import { traceAgentOf } from "./traces.js";

/**
 * The path a run took, as one list whatever read it (a fake, a framework's result, a wire's
 * history): each tool it called with its arguments, each handoff, each message the assistant sent,
 * in order, with the agent that took the step where the value tells it. The matchers compare it
 * with an expected path (`toMatchTrajectory`); framework-free.
 */

/** One step of a run. */
export type TrajectoryStep =
  | {
      readonly kind: "tool";
      readonly tool: string;
      readonly args: unknown;
      readonly agent?: string;
      readonly call_id?: unknown;
    }
  | { readonly kind: "handoff"; readonly handoff: string; readonly agent?: string }
  | { readonly kind: "message"; readonly text: string; readonly agent?: string };

/** What a step of the expected path may say: a tool's name, or one of these. */
export type ExpectedStep =
  | string
  | { readonly tool: string; readonly args?: unknown; readonly agent?: string }
  | { readonly handoff: string; readonly agent?: string }
  | { readonly message: string | RegExp; readonly agent?: string };

/** The run's steps, in order (see {@link TrajectoryStep}). */
export function trajectoryOf(conversation: unknown): TrajectoryStep[] {
  const agents = agentsByCall(conversation);
  const steps: TrajectoryStep[] = [];
  for (const item of conversationItems(conversation)) {
    const call = callOfItem(item);
    if (call) {
      const agent = (typeof call.call_id === "string" ? agents.get(call.call_id) : undefined) ?? traceAgentOf(item);
      const by = agent === undefined ? {} : { agent };
      if (call.name.startsWith(HANDOFF_PREFIX))
        steps.push({ kind: "handoff", handoff: call.name.slice(HANDOFF_PREFIX.length), ...by });
      else
        steps.push({
          kind: "tool",
          tool: call.name,
          args: call.arguments,
          ...by,
          ...(call.call_id === undefined ? {} : { call_id: call.call_id }),
        });
      continue;
    }
    const text = assistantText(item);
    const agent = traceAgentOf(item);
    if (text !== undefined) steps.push({ kind: "message", text, ...(agent === undefined ? {} : { agent }) });
  }
  return steps;
}

/** The agent of each call, by its id, where the value tells it (an `@openai/agents` run, a Responses fake's log). */
function agentsByCall(conversation: unknown): Map<string, string> {
  const agents = new Map<string, string>();
  if (!agentCallsReadable(conversation)) return agents;
  // a named agent by its name; one reached by a handoff by the name its handoff tool carries
  for (const { agent, call } of agentCallsIn(conversation)) {
    if (typeof call.call_id !== "string" || agent.kind === "first") continue;
    agents.set(call.call_id, agent.kind === "named" ? agent.name : agent.tool.slice(HANDOFF_PREFIX.length));
  }
  return agents;
}

/** The text of an assistant message item (`output_text` parts, or a string), if it is one. */
function assistantText(item: unknown): string | undefined {
  if (readField(item, "role") !== "assistant") return undefined;
  const type = readField(item, "type");
  if (type !== undefined && type !== "message") return undefined;
  const content = readField(item, "content");
  if (typeof content === "string") return content === "" ? undefined : content;
  if (!isArray(content)) return undefined;
  const texts = content
    .map((part) => readField(part, "text"))
    .filter((text): text is string => typeof text === "string" && text !== "");
  return texts.length > 0 ? texts.join("") : undefined;
}

/** An expected step, read once: its kind, and what it pins. */
export type PinnedStep =
  | {
      readonly kind: "tool";
      readonly tool: string;
      readonly args?: { readonly value: unknown };
      readonly agent?: string;
    }
  | { readonly kind: "handoff"; readonly handoff: string; readonly agent?: string }
  | { readonly kind: "message"; readonly text: string | RegExp; readonly agent?: string };

/** An expected step as pinned, or undefined when it is no step (the matchers' usage error). */
export function pinnedStep(step: unknown): PinnedStep | undefined {
  if (typeof step === "string") return step === "" ? undefined : { kind: "tool", tool: step };
  if (!isRecord(step)) return undefined;
  const agent = step.agent;
  if (agent !== undefined && typeof agent !== "string") return undefined;
  const by = agent === undefined ? {} : { agent };
  const keys = Object.keys(step).filter((key) => key !== "agent");
  if (typeof step.tool === "string" && keys.every((key) => key === "tool" || key === "args"))
    return { kind: "tool", tool: step.tool, ...("args" in step ? { args: { value: step.args } } : {}), ...by };
  if (typeof step.handoff === "string" && keys.length === 1) return { kind: "handoff", handoff: step.handoff, ...by };
  if ((typeof step.message === "string" || step.message instanceof RegExp) && keys.length === 1)
    return { kind: "message", text: step.message, ...by };
  return undefined;
}
