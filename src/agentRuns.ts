import { callsIn, conversationKind, type FoundCall } from "./conversation.js";
import { asItem, HANDOFF_PREFIX, handoffToolName, lastHandoff } from "./frameworks.js";
import { finalResponse, isArray, isRecord, readField, readInherited } from "./internal/read.js";

/**
 * Multi-agent runs, read agent by agent: which agent made each call, and which guardrails ran and
 * tripped. An `@openai/agents` `RunResult` says both (each `RunItem` carries its agent; the result
 * keeps every guardrail's verdict); a fake's request log says only what is on the wire, where an
 * agent is named by the handoff that reached it. Framework-free: shapes only.
 */

/** The agent a call was made by, as far as the received value tells it. */
export type CallingAgent =
  /** Named by the framework (`RunItem.agent.name`). */
  | { kind: "named"; name: string }
  /** Reached by a handoff: the request continued a conversation whose last handoff was this tool. */
  | { kind: "handed-off"; tool: string }
  /** The run's first agent: no handoff before the request (its name is not on the wire). */
  | { kind: "first" };

export interface AgentCall {
  agent: CallingAgent;
  call: FoundCall;
}

/** Whether a value's calls can be told agent by agent: a `RunResult`, its `newItems`, a Responses fake or its log. */
export function agentCallsReadable(value: unknown): boolean {
  if (isRunItems(value) || isRunResult(value)) return true;
  const kind = conversationKind(value);
  return kind === "responses-fake" || kind === "requests";
}

/** Every call, with the agent that made it, in order; none when the value cannot tell ({@link agentCallsReadable}). */
export function agentCallsIn(value: unknown): AgentCall[] {
  const runItems = isRunItems(value)
    ? value
    : isRunResult(value)
      ? (readInherited(value, "newItems") as unknown[])
      : undefined;
  if (runItems)
    return runItems.flatMap((runItem) => {
      const name = readField(readInherited(runItem, "agent"), "name");
      const agent: CallingAgent = typeof name === "string" ? { kind: "named", name } : { kind: "first" };
      return callsIn([asItem(runItem, true)]).map((call) => ({ agent, call }));
    });
  const kind = conversationKind(value);
  if (kind !== "responses-fake" && kind !== "requests") return [];
  return logCalls(kind === "requests" ? (value as unknown[]) : (readField(value, "requests") as unknown[]));
}

/** Whether `agent` names the agent that made a call. */
export function isAgent(agent: CallingAgent, name: string): boolean {
  if (agent.kind === "named") return agent.name === name;
  return agent.kind === "handed-off" && agent.tool === handoffToolName(name);
}

/** An agent as a message names it. */
export function describeAgent(agent: CallingAgent): string {
  if (agent.kind === "named") return agent.name;
  if (agent.kind === "handed-off") return `${agent.tool.slice(HANDOFF_PREFIX.length)} (after ${agent.tool})`;
  return "the first agent (before any handoff)";
}

function isRunResult(value: unknown): boolean {
  return isRecord(value) && isArray(readInherited(value, "newItems")) && "history" in value;
}

function isRunItems(value: unknown): value is unknown[] {
  return isArray(value) && value.length > 0 && value.every((item) => isRecord(readInherited(item, "rawItem")));
}

/**
 * A request log's calls by agent: a request's agent is the target of the last handoff in the
 * conversation it continues (its input, and the responses its `previous_response_id` chain names).
 * Only the last handoff of each response is kept, never the conversation.
 */
function logCalls(requests: readonly unknown[]): AgentCall[] {
  const handoffAfter = new Map<string, string | undefined>();
  const calls: AgentCall[] = [];
  for (const request of requests) {
    const body = readField(request, "body");
    const previous = readField(body, "previous_response_id");
    const input = readField(body, "input");
    const before = typeof previous === "string" ? handoffAfter.get(previous) : undefined;
    const handoff = (isArray(input) ? lastHandoff(input) : undefined) ?? before;
    const response = finalResponse(readField(request, "response") as never);
    const output = readField(response, "output");
    const items = isArray(output) ? output : [];
    const id = readField(response, "id");
    if (typeof id === "string") handoffAfter.set(id, lastHandoff(items) ?? handoff);
    const agent: CallingAgent = handoff === undefined ? { kind: "first" } : { kind: "handed-off", tool: handoff };
    for (const call of callsIn(items)) calls.push({ agent, call });
  }
  return calls;
}

/** A guardrail's verdict, as `@openai/agents` keeps it. */
export interface GuardrailVerdict {
  name: string;
  kind: "input" | "output" | "tool_input" | "tool_output";
  tripped: boolean;
  /** The guardrail's `outputInfo`. */
  info: unknown;
}

const RESULT_LISTS = [
  ["inputGuardrailResults", "input"],
  ["outputGuardrailResults", "output"],
  ["toolInputGuardrailResults", "tool_input"],
  ["toolOutputGuardrailResults", "tool_output"],
] as const;

/**
 * The guardrails that ran: a `RunResult`'s (streamed too), or the one a tripwire error carries
 * (`InputGuardrailTripwireTriggered` and its kin, which a tripped run rejects with); undefined for
 * a value that is neither.
 */
export function guardrailVerdicts(value: unknown): GuardrailVerdict[] | undefined {
  if (!isRecord(value)) return undefined;
  const lists = RESULT_LISTS.map(([key, kind]) => [readInherited(value, key), kind] as const);
  if (lists.every(([list]) => isArray(list)))
    return lists.flatMap(([list, kind]) => (list as unknown[]).flatMap((result) => verdictOf(result, kind)));
  const carried = readInherited(value, "result");
  if (value instanceof Error && isRecord(readField(carried, "guardrail"))) {
    const type = readField(readField(carried, "guardrail"), "type");
    const kind = RESULT_LISTS.find(([, k]) => k === type)?.[1] ?? "input";
    return verdictOf(carried, kind);
  }
  return undefined;
}

function verdictOf(result: unknown, kind: GuardrailVerdict["kind"]): GuardrailVerdict[] {
  const name = readField(readField(result, "guardrail"), "name");
  const output = readField(result, "output");
  if (typeof name !== "string" || !isRecord(output)) return [];
  // tool guardrails say what to do (`behavior`); the others whether their tripwire fired
  const behavior = readField(readField(output, "behavior"), "type");
  const tripped = behavior === undefined ? output.tripwireTriggered === true : behavior !== "allow";
  return [{ name, kind, tripped, info: output.outputInfo }];
}
