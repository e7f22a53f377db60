import { callsIn, conversationKind, type FoundCall } from "./conversation.js";
import { asItem, frameworkKind, HANDOFF_PREFIX, handoffToolName, lastHandoff } from "./frameworks.js";
import { finalResponse, isArray, isRecord, readField, readInherited } from "./internal/read.js";

/**
 * Multi-agent runs, read agent by agent: which agent made each call, and which guardrails ran and
 * tripped. An `@openai/agents` `RunResult` says both (each `RunItem` carries its agent; the result
 * keeps every guardrail's verdict); a fake's request log says only what is on the wire, where an
 * agent is named by the handoff that reached it. Framework-free: shapes only.
 */

/** The agent a call was made by, as far as the received value tells it. */
export type CallingAgent = (
  | /** Named by the framework (`RunItem.agent.name`). */
  { kind: "named"; name: string }
  /** Reached by a handoff: the request continued a conversation whose last handoff was this tool. */
  | { kind: "handed-off"; tool: string }
  /** The run's first agent: no handoff before the request (its name is not on the wire). */
  | { kind: "first" }
) & {
  /** Its instructions, when they are a string. */
  instructions?: string;
  /** The tools it offers the model, by name (a handoff's `transfer_to_…` too; a hosted tool by its type). */
  tools: string[];
};

/** An agent told by what it sends, where its name is not known: every field given must fit. */
export interface AgentSelector {
  /** Its instructions: equal to a string, or matching a RegExp. */
  instructions?: string | RegExp;
  /** Tools it offers, by name: each must be offered. */
  tools?: readonly string[];
}

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
      const agent = runItemAgent(readInherited(runItem, "agent"));
      return callsIn([asItem(runItem, true)]).map((call) => ({ agent, call }));
    });
  const kind = conversationKind(value);
  if (kind !== "responses-fake" && kind !== "requests") return [];
  return logCalls(kind === "requests" ? (value as unknown[]) : (readField(value, "requests") as unknown[]));
}

/** Whether `wanted` (a name, or what the agent sends) is the agent that made a call. */
export function isAgent(agent: CallingAgent, wanted: string | AgentSelector): boolean {
  if (typeof wanted !== "string") {
    const { instructions, tools } = wanted;
    if (instructions !== undefined) {
      const got = agent.instructions;
      if (got === undefined || (typeof instructions === "string" ? got !== instructions : !instructions.test(got)))
        return false;
    }
    return tools === undefined || tools.every((tool) => agent.tools.includes(tool));
  }
  if (agent.kind === "named") return agent.name === wanted;
  return agent.kind === "handed-off" && agent.tool === handoffToolName(wanted);
}

/** Whether a value is an {@link AgentSelector}: a plain object of its fields only, at least one. */
export function isAgentSelector(value: unknown): value is AgentSelector {
  if (!isRecord(value) || isArray(value)) return false;
  const keys = Object.keys(value);
  const text = (v: unknown) => v === undefined || typeof v === "string" || v instanceof RegExp;
  return (
    keys.length > 0 &&
    keys.every((key) => key === "instructions" || key === "tools") &&
    text(value.instructions) &&
    (value.tools === undefined || (isArray(value.tools) && value.tools.every((t) => typeof t === "string")))
  );
}

/** A `RunItem`'s agent: its name, its instructions when they are a string, its tools and handoffs by name. */
function runItemAgent(agent: unknown): CallingAgent {
  const name = readField(agent, "name");
  const instructions = readField(agent, "instructions");
  const tools = asNames(readField(agent, "tools"), (tool) => readField(tool, "name"));
  const handoffs = asNames(readField(agent, "handoffs"), (handoff) => {
    const target = readField(handoff, "toolName") ?? readField(handoff, "name");
    return typeof target === "string" && target.startsWith(HANDOFF_PREFIX)
      ? target
      : typeof target === "string"
        ? handoffToolName(target)
        : undefined;
  });
  return {
    ...(typeof name === "string" ? { kind: "named" as const, name } : { kind: "first" as const }),
    ...(typeof instructions === "string" ? { instructions } : {}),
    tools: [...tools, ...handoffs],
  };
}

function asNames(list: unknown, name: (element: unknown) => unknown): string[] {
  return isArray(list) ? list.map(name).filter((n): n is string => typeof n === "string") : [];
}

/** An agent as a message names it. */
export function describeAgent(agent: CallingAgent): string {
  if (agent.kind === "named") return agent.name;
  if (agent.kind === "handed-off") return `${agent.tool.slice(HANDOFF_PREFIX.length)} (after ${agent.tool})`;
  return "the first agent (before any handoff)";
}

/** An `@openai/agents` `RunResult` (streamed too), as the framework readers recognise it. */
function isRunResult(value: unknown): boolean {
  return frameworkKind(value) === "openai-agents-result";
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
    const instructions = readField(body, "instructions");
    const agent: CallingAgent = {
      ...(handoff === undefined ? { kind: "first" as const } : { kind: "handed-off" as const, tool: handoff }),
      ...(typeof instructions === "string" ? { instructions } : {}),
      tools: asNames(readField(body, "tools"), (tool) => readField(tool, "name") ?? readField(tool, "type")),
    };
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
