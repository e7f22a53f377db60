import { isArray, isRecord, readField, readInherited } from "./internal/read.js";
import { asWireCall, wireItems, wireOfList } from "./wires.js";

/**
 * What the agent frameworks return, read as Open Responses items (function calls and their
 * outputs), so that the conversation matchers take a framework's own result with no adapter call:
 * `@openai/agents`' `RunResult` / `StreamedRunResult` (`history`, `newItems`, their `RunItem`s and
 * protocol items with `callId`), the AI SDK's `generateText` / `streamText` results (`steps` with
 * `toolCalls` and `toolResults`; a step's own `callId` is its generation's, never a tool call's),
 * its model messages (`tool-call` and `tool-result` parts) and UI messages (`tool-<name>` and
 * `dynamic-tool` parts), and LangChain.js messages
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
  if (kind === "openai-agents-result") return runResultItems(value);
  return normalizedItems(readInherited(value, "steps") as unknown[]);
}

/**
 * A `RunResult`'s items: its `history`, and the calls of `newItems` the history leaves out (an
 * interrupted run's history omits the call waiting for a human's approval).
 */
function runResultItems(result: unknown): unknown[] {
  const history = normalizedItems(readInherited(result, "history") as unknown[]);
  const known = new Set(history.map((item) => readField(item, "call_id")).filter((id) => id !== undefined));
  const pending = normalizedItems(readInherited(result, "newItems") as unknown[]).filter((item) => {
    const id = readField(item, "call_id");
    return readField(item, "type") === "function_call" && id !== undefined && !known.has(id);
  });
  return pending.length === 0 ? history : [...history, ...pending];
}

/**
 * A list's elements as Open Responses items: a framework's element becomes the items it stands for
 * (none, when it holds no call or output); an Open Responses item stays as it is. A `function_call`
 * with a `callId` is `@openai/agents`' only in a list that is the SDK's for sure (it holds a
 * `RunItem` or a `function_call_result`): elsewhere `callId` is the misspelt `call_id` it looks
 * like, and stays a problem.
 */
export function normalizedItems(given: readonly unknown[]): unknown[] {
  // another provider's history (Chat Completions, Anthropic Messages): its calls and answers as items
  const wire = wireOfList(given);
  const list = wire === undefined ? given : wireItems(given, wire);
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
  // another wire's call (a Chat `tool_calls` entry, an Anthropic `tool_use`) is unambiguous alone;
  // its answers are read only in their wire's company (wires.ts)
  if (!isFrameworkElement(value, protocolCalls)) return asWireCall(value);
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
  if (
    (type === "tool-call" || type === "tool-result" || type === "tool-error") &&
    readField(element, "toolCallId") !== undefined
  )
    return true;
  // an @openai/agents protocol item: its result type is the SDK's own; its call only in the SDK's company
  if (type === "function_call_result" && readField(element, "callId") !== undefined) return true;
  if (protocolCalls && type === "function_call" && readField(element, "callId") !== undefined) return true;
  if (type === "hosted_tool_call") return true;
  // one of a LangChain AIMessage's tool_calls
  if (isLangChainToolCall(element)) return true;
  // a LangChain message (a Chat Completions tool message, a plain object, is no result: not_a_result)
  if (isLangChainMessage(element)) return true;
  // an AI SDK UI message (useChat's, readUIMessageStream's) with tool parts, or one such part
  if (isUiToolPart(element)) return true;
  const parts = readField(element, "parts");
  if (isArray(parts) && parts.some(isUiToolPart)) return true;
  const role = readField(element, "role");
  return (role === "assistant" || role === "tool") && isArray(readField(element, "content"))
    ? (readField(element, "content") as unknown[]).some((part) => {
        const kind = readField(part, "type");
        return kind === "tool-call" || kind === "tool-result";
      })
    : false; // an AI SDK model message with tool parts
}

/** One of a LangChain `AIMessage`'s `tool_calls`: `{ type: "tool_call", id, name, args }`. */
function isLangChainToolCall(element: Record<string, unknown>): boolean {
  return (
    element.type === "tool_call" &&
    typeof element.id === "string" &&
    typeof element.name === "string" &&
    isRecord(element.args)
  );
}

/** A LangChain.js message: its class carries `lc_namespace` (what tells it from a plain Chat Completions message). */
export function isLangChainMessage(element: Record<string, unknown>): boolean {
  return (
    isArray(readInherited(element, "lc_namespace")) &&
    (isArray(readInherited(element, "tool_calls")) || typeof readInherited(element, "tool_call_id") === "string")
  );
}

function elementItems(element: unknown): unknown[] {
  const raw = readInherited(element, "rawItem");
  if (isRecord(raw)) return protocolItem(raw);
  const toolCallsOfStep = readInherited(element, "toolCalls");
  if (isArray(toolCallsOfStep)) {
    // a step's content holds its calls and their answers in order, a failed tool's `tool-error`
    // too (the SDK sends the error back to the model: an answer); toolResults has no errors
    const content = readInherited(element, "content");
    // the model's text in a step is its message (what a trajectory's `{ message }` reads)
    if (isArray(content)) return content.flatMap((part) => stepText(part) ?? aiSdkPart(part));
    return [...toolCallsOfStep.flatMap(aiSdkPart), ...asList(readInherited(element, "toolResults")).flatMap(aiSdkPart)];
  }
  const part = readField(element, "type");
  if (part === "tool-call" || part === "tool-result" || part === "tool-error") return aiSdkPart(element);
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
  if (isUiToolPart(element)) return uiToolPart(element);
  if (isRecord(element) && isLangChainToolCall(element))
    return [functionCall(element.id, element.name as string, element.args)];
  const parts = readField(element, "parts");
  if (isArray(parts)) return parts.filter(isUiToolPart).flatMap(uiToolPart);
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

/**
 * An AI SDK `tool-call`, `tool-result` or `tool-error` part (a step's, or a model message's) as an
 * item: a tool's error is its answer (the SDK sends it to the model).
 */
function aiSdkPart(part: unknown): unknown[] {
  const type = readField(part, "type");
  const id = readField(part, "toolCallId");
  const name = readField(part, "toolName");
  if (type === "tool-call" && typeof name === "string") return [functionCall(id, name, readField(part, "input"))];
  if (type === "tool-error") {
    const error = readField(part, "error");
    return [functionOutput(id, error instanceof Error ? error.message : error)];
  }
  if (type === "tool-result") {
    const output = readField(part, "output");
    // a model message's result is typed (`{ type: "json" | "text", value }`); a step's is the value
    const value =
      isRecord(output) && typeof output.type === "string" && "value" in output ? readField(output, "value") : output;
    return [functionOutput(id, value)];
  }
  return [];
}

/** A step's `text` part as the assistant message it is (an Open Responses message item), if it is one. */
function stepText(part: unknown): unknown[] | undefined {
  const text = readField(part, "text");
  if (readField(part, "type") !== "text" || typeof text !== "string" || text === "") return undefined;
  return [{ type: "message", role: "assistant", content: [{ type: "output_text", text }] }];
}

/** A UI message's tool part: `tool-<name>` (a static tool) or `dynamic-tool`, with its `toolCallId`. */
function isUiToolPart(part: unknown): boolean {
  const type = readField(part, "type");
  return (
    typeof type === "string" &&
    (type.startsWith("tool-") || type === "dynamic-tool") &&
    typeof readField(part, "toolCallId") === "string" &&
    typeof readField(part, "state") === "string"
  );
}

/**
 * A UI tool part as items: its call (in progress while its input streams), and its answer once
 * there is one — the output, the error text (`output-error`), or the denial the SDK sends the model
 * (`output-denied`). A call waiting for its output or an approval is a call alone.
 */
function uiToolPart(part: unknown): unknown[] {
  const type = readField(part, "type") as string;
  const name = type === "dynamic-tool" ? readField(part, "toolName") : type.slice("tool-".length);
  if (typeof name !== "string") return [];
  const id = readField(part, "toolCallId");
  const state = readField(part, "state");
  const call = functionCall(id, name, readField(part, "input"));
  if (state === "input-streaming") return [{ ...call, status: "in_progress" }];
  if (state === "output-available") return [call, functionOutput(id, readField(part, "output"))];
  if (state === "output-error") return [call, functionOutput(id, readField(part, "errorText"))];
  if (state === "output-denied")
    return [
      call,
      functionOutput(id, { type: "execution-denied", reason: readField(readField(part, "approval"), "reason") }),
    ];
  return [call];
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

/** The handoff tool the items called last (`transfer_to_…`), if any. */
export function lastHandoff(items: readonly unknown[]): string | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    const name = readField(item, "name");
    if (readField(item, "type") === "function_call" && typeof name === "string" && name.startsWith(HANDOFF_PREFIX))
      return name;
  }
  return undefined;
}
