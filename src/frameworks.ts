import { isArray, isRecord, readField, readInherited } from "./internal/read.js";

/**
 * What the agent frameworks return, read as Open Responses items (function calls and their
 * outputs), so that the conversation matchers take a framework's own result with no adapter call:
 * `@openai/agents`' `RunResult` / `StreamedRunResult` (`history`, `newItems`, their `RunItem`s and
 * protocol items with `callId`), the AI SDK's `generateText` / `streamText` results (`steps` with
 * `toolCalls` and `toolResults`; a step's own `callId` is its generation's, never a tool call's),
 * its model messages (`tool-call` and `tool-result` parts), and LangChain.js messages
 * (`AIMessage.tool_calls`, `ToolMessage`). Framework-free: shapes only.
 */

/** Which framework result a value is, or undefined. */
export type FrameworkKind = "openai-agents-result" | "ai-sdk-result";

export function frameworkKind(value: unknown): FrameworkKind | undefined {
  if (!isRecord(value)) return undefined;
  // `history` is a getter that builds its list anew: asked whether it is there, not read, here
  if (isArray(readInherited(value, "newItems")) && "history" in value) return "openai-agents-result";
  const steps = readInherited(value, "steps");
  if (isArray(steps) && steps.every((step) => isArray(readInherited(step, "toolCalls")))) return "ai-sdk-result";
  return undefined;
}

/** The items a framework's result holds, in order (calls, then the outputs that answer them). */
export function frameworkItems(value: unknown, kind: FrameworkKind): unknown[] {
  if (kind === "openai-agents-result") return normalizedItems(readInherited(value, "history") as unknown[]);
  return normalizedItems(readInherited(value, "steps") as unknown[]);
}

/**
 * A list's elements as Open Responses items: a framework's element becomes the items it stands for
 * (none, when it holds no call or output); an Open Responses item stays as it is. A `function_call`
 * with a `callId` is `@openai/agents`' only in a list that is the SDK's for sure (it holds a
 * `RunItem` or a `function_call_result`): elsewhere `callId` is the misspelt `call_id` it looks
 * like, and stays a problem.
 */
export function normalizedItems(list: readonly unknown[]): unknown[] {
  if (!list.some((element) => isFrameworkElement(element, false))) return list as unknown[];
  return list.flatMap((element) => (isFrameworkElement(element, true) ? elementItems(element) : [element]));
}

/** Whether a value is certainly a framework's (a `callId` call alone is not: see {@link normalizedItems}). */
export function isFrameworkValue(value: unknown): boolean {
  return isFrameworkElement(value, false);
}

/**
 * One item as Open Responses has it: a framework's call or output (an `@openai/agents` `RunItem`
 * or `function_call_result`, an AI SDK tool call or result, a LangChain tool message) becomes its
 * item; a `function_call` with a `callId` too when `protocolCalls` (the other side of a pair is
 * certainly the SDK's); any other value stays as it is.
 */
export function asItem(value: unknown, protocolCalls = false): unknown {
  if (!isFrameworkElement(value, protocolCalls)) return value;
  const [item] = elementItems(value);
  return item === undefined ? value : item;
}

/**
 * Whether an element is a framework's rather than an Open Responses item; `protocolCalls`: count an
 * `@openai/agents` `function_call` with a `callId` (ambiguous alone) as the SDK's.
 */
function isFrameworkElement(element: unknown, protocolCalls: boolean): boolean {
  if (!isRecord(element)) return false;
  if (isRecord(readInherited(element, "rawItem"))) return true; // a RunItem
  if (isArray(readInherited(element, "toolCalls"))) return true; // an AI SDK step
  const type = readField(element, "type");
  // an AI SDK tool call or result
  if ((type === "tool-call" || type === "tool-result") && readField(element, "toolCallId") !== undefined) return true;
  // an @openai/agents protocol item: its result type is the SDK's own; its call only in the SDK's company
  if (type === "function_call_result" && readField(element, "callId") !== undefined) return true;
  if (protocolCalls && type === "function_call" && readField(element, "callId") !== undefined) return true;
  if (type === "hosted_tool_call") return true;
  // a LangChain message (a Chat Completions tool message, a plain object, is no result: not_a_result)
  if (isLangChainMessage(element)) return true;
  const role = readField(element, "role");
  return (role === "assistant" || role === "tool") && isArray(readField(element, "content"))
    ? (readField(element, "content") as unknown[]).some((part) => {
        const kind = readField(part, "type");
        return kind === "tool-call" || kind === "tool-result";
      })
    : false; // an AI SDK model message with tool parts
}

/** A LangChain.js message: its class carries `lc_namespace` (what tells it from a plain Chat Completions message). */
function isLangChainMessage(element: Record<string, unknown>): boolean {
  return (
    isArray(readInherited(element, "lc_namespace")) &&
    (isArray(readInherited(element, "tool_calls")) || typeof readInherited(element, "tool_call_id") === "string")
  );
}

function elementItems(element: unknown): unknown[] {
  const raw = readInherited(element, "rawItem");
  if (isRecord(raw)) return protocolItem(raw);
  const toolCallsOfStep = readInherited(element, "toolCalls");
  if (isArray(toolCallsOfStep))
    return [...toolCallsOfStep.flatMap(aiSdkPart), ...asList(readInherited(element, "toolResults")).flatMap(aiSdkPart)];
  const part = readField(element, "type");
  if (part === "tool-call" || part === "tool-result") return aiSdkPart(element);
  const type = readField(element, "type");
  if (type === "function_call" || type === "function_call_result" || type === "hosted_tool_call")
    return protocolItem(element as Record<string, unknown>);
  const toolCalls = readInherited(element, "tool_calls");
  if (isArray(toolCalls))
    return toolCalls.flatMap((call) => {
      const name = readField(call, "name");
      if (typeof name !== "string") return [];
      return [functionCall(readField(call, "id"), name, readField(call, "args"))];
    });
  const answered = readInherited(element, "tool_call_id");
  if (typeof answered === "string") return [functionOutput(answered, readInherited(element, "content"))];
  return asList(readField(element, "content")).flatMap(aiSdkPart);
}

/** An `@openai/agents` protocol item (`callId`, `function_call_result`) as an Open Responses item. */
function protocolItem(item: Record<string, unknown>): unknown[] {
  const type = readField(item, "type");
  if (type === "function_call") {
    const { callId, providerData: _data, ...rest } = item;
    return [{ ...rest, call_id: callId, status: readField(item, "status") ?? "completed" }];
  }
  if (type === "function_call_result") {
    const output = readField(item, "output");
    const text = isRecord(output) && output.type === "text" ? output.text : output;
    return [functionOutput(readField(item, "callId"), text)];
  }
  if (type === "hosted_tool_call") {
    // the provider's own item (a web search, …) when the SDK kept it
    const data = readField(item, "providerData");
    return isRecord(data) && typeof data.type === "string" ? [data] : [];
  }
  return [item];
}

/** An AI SDK `tool-call` or `tool-result` part (a step's, or a model message's) as an item. */
function aiSdkPart(part: unknown): unknown[] {
  const type = readField(part, "type");
  const id = readField(part, "toolCallId");
  const name = readField(part, "toolName");
  if (type === "tool-call" && typeof name === "string") return [functionCall(id, name, readField(part, "input"))];
  if (type === "tool-result") {
    const output = readField(part, "output");
    // a model message's result is typed (`{ type: "json" | "text", value }`); a step's is the value
    const value =
      isRecord(output) && typeof output.type === "string" && "value" in output ? readField(output, "value") : output;
    return [functionOutput(id, value)];
  }
  return [];
}

function functionCall(callId: unknown, name: string, args: unknown): Record<string, unknown> {
  return {
    type: "function_call",
    call_id: callId,
    name,
    arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
    status: "completed",
  };
}

function functionOutput(callId: unknown, output: unknown): Record<string, unknown> {
  return {
    type: "function_call_output",
    call_id: callId,
    output: typeof output === "string" || isArray(output) ? output : JSON.stringify(output ?? null),
  };
}

function asList(value: unknown): unknown[] {
  return isArray(value) ? value : [];
}

/** What `@openai/agents` calls every handoff tool: this, then the agent's name. */
export const HANDOFF_PREFIX = "transfer_to_";

/**
 * The tool a handoff to `agent` is, as `@openai/agents` renders it: `transfer_to_`, then the name
 * with every character that is not a letter or a digit as `_` (`"Billing agent"` →
 * `transfer_to_Billing_agent`).
 */
export function handoffToolName(agent: string): string {
  return `${HANDOFF_PREFIX}${agent.replace(/[^a-zA-Z0-9]/g, "_")}`;
}
