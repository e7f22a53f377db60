import { anthropicMessageOf, chatCompletionOf, converseResponseOf, geminiResponseOf } from "./answers.js";
import {
  converseAnswer,
  converseCall,
  converseGatedCalls,
  converseResultOf,
  converseUseOf,
  isConverseToolMessage,
} from "./converseBlocks.js";
import {
  geminiCallAlone,
  geminiCallItem,
  geminiCallOf,
  geminiGatedCalls,
  geminiId,
  geminiResponsePartOf,
} from "./geminiParts.js";
import { isArray, isRecord, readField } from "./internal/read.js";

/**
 * The other providers' wires, read as Open Responses items so that the conversation matchers take
 * their histories: Chat Completions messages (an assistant message's `tool_calls`, `tool` messages
 * answering them) and Anthropic Messages content blocks (`tool_use`, and `tool_result` in the next
 * user message). Framework-free: shapes only, as the `openai` and `@anthropic-ai/sdk` types have
 * them.
 *
 * An answer is read as one only in its own wire's company: a `tool` message beside the assistant
 * message whose `tool_calls` it answers, a `tool_result` beside `tool_use` blocks. A Chat tool
 * message answering a Responses `function_call` is a history no provider takes, and stays the
 * problem it is (`not_a_result`).
 */

export type Wire = "chat-completions" | "anthropic" | "gemini" | "bedrock";

/** One of a Chat Completions assistant message's `tool_calls`: `{ id, type: "function", function: { name, … } }`. */
export function isChatToolCall(
  value: unknown,
): value is { id: string; function: { name: string; arguments: unknown } } {
  const fn = readField(value, "function");
  return (
    readField(value, "type") === "function" &&
    typeof readField(value, "id") === "string" &&
    isRecord(fn) &&
    typeof fn.name === "string"
  );
}

/** An Anthropic `tool_use` block: `{ type: "tool_use", id, name, input }`. */
export function isToolUse(value: unknown): boolean {
  return (
    readField(value, "type") === "tool_use" &&
    typeof readField(value, "id") === "string" &&
    typeof readField(value, "name") === "string"
  );
}

/** An Anthropic `tool_result` block: `{ type: "tool_result", tool_use_id, content?, is_error? }`. */
export function isToolResult(value: unknown): boolean {
  return readField(value, "type") === "tool_result" && typeof readField(value, "tool_use_id") === "string";
}

function isChatAssistant(value: unknown): boolean {
  const calls = readField(value, "tool_calls");
  if (readField(value, "role") !== "assistant") return false;
  return (
    (isArray(calls) && calls.length > 0 && calls.every(isChatToolCall)) ||
    isLegacyCall(readField(value, "function_call"))
  );
}

/** A Chat message's legacy `function_call` (`{ name, arguments }`, a request that declared `functions`). */
function isLegacyCall(value: unknown): boolean {
  return typeof readField(value, "name") === "string" && typeof readField(value, "arguments") === "string";
}

/** A legacy `function` message: the answer to the last call of that name. */
function isLegacyAnswer(value: unknown): boolean {
  return readField(value, "role") === "function" && typeof readField(value, "name") === "string";
}

/**
 * The call id a legacy call is read under (the legacy shape has none: a call and its answer pair by
 * name and order).
 */
function legacyId(name: string, n: number): string {
  return `function_call:${name}:${n}`;
}

function isChatToolMessage(value: unknown): boolean {
  return (
    readField(value, "role") === "tool" &&
    typeof readField(value, "tool_call_id") === "string" &&
    readField(value, "type") === undefined
  );
}

function isAnthropicToolMessage(value: unknown): boolean {
  const role = readField(value, "role");
  const content = readField(value, "content");
  return (
    (role === "user" || role === "assistant") &&
    isArray(content) &&
    content.some((block) => isToolUse(block) || isToolResult(block) || isMcpToolUse(block))
  );
}

/** A call Anthropic's MCP connector made (`mcp_tool_use`): the server ran it, as a hosted tool. */
function isMcpToolUse(value: unknown): boolean {
  return readField(value, "type") === "mcp_tool_use" && typeof readField(value, "name") === "string";
}

/** An `mcp_tool_use` block as the Responses API's item for an MCP call (no answer owed: the server answered). */
function mcpToolUseItem(block: unknown): Record<string, unknown> {
  return {
    type: "mcp_call",
    id: readField(block, "id"),
    name: readField(block, "name"),
    server_label: readField(block, "server_name"),
    arguments: inputText(block),
    status: "completed",
  };
}

/** A Gemini content that calls or answers: `{ role, parts: [{ functionCall } | { functionResponse }] }`. */
function isGeminiToolContent(value: unknown): boolean {
  const role = readField(value, "role");
  const parts = readField(value, "parts");
  return (
    (role === "user" || role === "model") &&
    isArray(parts) &&
    parts.some((part) => isRecord(readField(part, "functionCall")) || isRecord(readField(part, "functionResponse")))
  );
}

/** Which other wire a list of messages is, by its tool calls; undefined for anything else. */
export function wireOfList(list: readonly unknown[]): Wire | undefined {
  if (list.some(isChatAssistant)) return "chat-completions";
  if (list.some(isAnthropicToolMessage)) return "anthropic";
  if (list.some(isGeminiToolContent)) return "gemini";
  if (list.some(isConverseToolMessage)) return "bedrock";
  return undefined;
}

/**
 * Gemini contents as items: a model content's `functionCall` parts as calls, a user content's
 * `functionResponse` parts as their answers. A call without an `id` (the Gemini API's own answers
 * carry none) pairs with its answer by name and order, as the API pairs them.
 */
function geminiItems(list: readonly unknown[]): unknown[] {
  const made = new Map<string, number>();
  const answered = new Map<string, number>();
  return list.flatMap((content) => {
    if (!isGeminiToolContent(content)) return [content];
    const parts = readField(content, "parts");
    return (isArray(parts) ? parts : []).flatMap((part) => {
      const call = geminiCallOf(part);
      if (call !== undefined)
        return [
          geminiCallItem(call, typeof call.id === "string" ? call.id : geminiId(call.name, counted(made, call.name))),
        ];
      const response = geminiResponsePartOf(part);
      if (response === undefined) return [];
      const n = counted(answered, response.name);
      const id = typeof response.id === "string" ? response.id : geminiId(response.name, n);
      return [answer(id, JSON.stringify(response.response ?? {}))];
    });
  });
}

/** A list of the wire's messages as Open Responses items: calls and their answers; other messages as they are. */
export function wireItems(list: readonly unknown[], wire: Wire): unknown[] {
  // legacy calls by name: how many were made, how many answered
  const made = new Map<string, number>();
  const answered = new Map<string, number>();
  if (wire === "gemini") return geminiItems(list);
  if (wire === "bedrock")
    return list.flatMap((message) => {
      if (!isConverseToolMessage(message)) return [message];
      const content = readField(message, "content");
      return (isArray(content) ? content : []).flatMap((block) => {
        const use = converseUseOf(block);
        if (use !== undefined) return [converseCall(use)];
        const result = converseResultOf(block);
        return result === undefined ? [] : [converseAnswer(result)];
      });
    });
  return list.flatMap((message) => {
    if (wire === "chat-completions") {
      const legacy = readField(message, "function_call");
      if (readField(message, "role") === "assistant" && isLegacyCall(legacy)) {
        const name = readField(legacy, "name") as string;
        return [legacyCall(legacy, legacyId(name, counted(made, name)))];
      }
      if (isLegacyAnswer(message)) {
        const name = readField(message, "name") as string;
        return [answer(legacyId(name, counted(answered, name)), textOf(readField(message, "content")))];
      }
      if (isChatAssistant(message))
        return (readField(message, "tool_calls") as unknown[]).map((call) => chatCall(call));
      if (isChatToolMessage(message))
        return [answer(readField(message, "tool_call_id"), textOf(readField(message, "content")))];
      return [message];
    }
    if (!isAnthropicToolMessage(message)) return [message];
    return (readField(message, "content") as unknown[]).flatMap((block) => {
      if (isToolUse(block)) return [toolUseCall(block)];
      if (isToolResult(block)) return [toolResultAnswer(block)];
      if (isMcpToolUse(block)) return [mcpToolUseItem(block)];
      return [];
    });
  });
}

/**
 * Another wire's call (a Chat `tool_calls` entry, a `tool_use` block; an MCP tool call: the
 * Responses API's `mcp_call` item, or a call a fake MCP server recorded) as a `function_call`;
 * else the value.
 */
export function asWireCall(value: unknown): unknown {
  if (isChatToolCall(value)) return chatCall(value);
  const gemini = geminiCallOf(value);
  if (gemini !== undefined) return geminiCallAlone(gemini);
  const use = converseUseOf(value);
  if (use !== undefined) return converseCall(use);
  if (isToolUse(value)) return toolUseCall(value);
  if (readField(value, "type") === "mcp_call") return mcpItemCall(value);
  if (isRecordedMcpCall(value)) return recordedMcpCall(value);
  return value;
}

/** A call a fake MCP server recorded (`fake.calls`): `{ tool, arguments, session, … }`. */
function isRecordedMcpCall(value: unknown): value is { tool: string; arguments: unknown; session: string } {
  return (
    typeof readField(value, "tool") === "string" &&
    typeof readField(value, "session") === "string" &&
    readField(value, "type") === undefined &&
    isRecord(value) &&
    "arguments" in value
  );
}

/** An `mcp_call` item: the model's call of a remote server's tool (its execution's failure is the server's). */
function mcpItemCall(value: unknown): unknown {
  const status = readField(value, "status");
  return {
    type: "function_call",
    call_id: readField(value, "id"),
    name: readField(value, "name"),
    arguments: readField(value, "arguments"),
    status: status === "in_progress" || status === "calling" ? "in_progress" : "completed",
  };
}

function recordedMcpCall(value: { tool: string; arguments: unknown; session: string }): unknown {
  return {
    type: "function_call",
    call_id: value.session,
    name: value.tool,
    arguments: JSON.stringify(value.arguments ?? {}),
    status: "completed",
  };
}

/**
 * A pair of another wire (a `tool_result` and a `tool_use`; a Chat `tool` message and a
 * `tool_calls` entry; a Gemini `functionResponse` and `functionCall` part) as Open Responses items;
 * undefined when they are not one wire's pair.
 */
export function wirePair(result: unknown, call: unknown): { result: unknown; call: unknown } | undefined {
  if (isToolResult(result) && isToolUse(call)) return { result: toolResultAnswer(result), call: toolUseCall(call) };
  const geminiCall = geminiCallOf(call);
  const geminiAnswer = geminiResponsePartOf(result);
  if (geminiCall !== undefined && geminiAnswer !== undefined) {
    // by id where the call has one, else by name (as the API pairs a turn's parts)
    const byId = typeof geminiCall.id === "string";
    const answerId = byId ? geminiAnswer.id : geminiId(geminiAnswer.name, 1);
    return {
      result: answer(answerId, JSON.stringify(geminiAnswer.response ?? {})),
      call: geminiCallAlone(geminiCall),
    };
  }
  const use = converseUseOf(call);
  const answered = converseResultOf(result);
  if (use !== undefined && answered !== undefined) return { result: converseAnswer(answered), call: converseCall(use) };
  if (isChatToolMessage(result) && isChatToolCall(call))
    return {
      result: answer(readField(result, "tool_call_id"), textOf(readField(result, "content"))),
      call: chatCall(call),
    };
  return undefined;
}

/** The `name`'s count in `counts`, one more. */
function counted(counts: Map<string, number>, name: string): number {
  const n = (counts.get(name) ?? 0) + 1;
  counts.set(name, n);
  return n;
}

function legacyCall(call: unknown, callId: string): Record<string, unknown> {
  return {
    type: "function_call",
    call_id: callId,
    name: readField(call, "name"),
    arguments: readField(call, "arguments"),
    status: "completed",
  };
}

function chatCall(call: unknown): Record<string, unknown> {
  const fn = readField(call, "function") as Record<string, unknown>;
  return {
    type: "function_call",
    call_id: readField(call, "id"),
    name: fn.name,
    arguments: fn.arguments,
    status: "completed",
  };
}

// Anthropic's `input` is an object by design: as a replay to Responses would send it, a JSON string
function toolUseCall(block: unknown): Record<string, unknown> {
  return {
    type: "function_call",
    call_id: readField(block, "id"),
    name: readField(block, "name"),
    arguments: inputText(block),
    status: "completed",
  };
}

/** A block's `input` as a replay to Responses would send it: JSON text. */
function inputText(block: unknown): string {
  const input = readField(block, "input");
  return typeof input === "string" ? input : JSON.stringify(input ?? {});
}

function toolResultAnswer(block: unknown): Record<string, unknown> {
  return answer(readField(block, "tool_use_id"), textOf(readField(block, "content") ?? ""));
}

function answer(callId: unknown, output: unknown): Record<string, unknown> {
  return { type: "function_call_output", call_id: callId, output };
}

/** Message content as text: a string, or the text of its text parts. */
function textOf(content: unknown): unknown {
  if (!isArray(content)) return content;
  const texts = content.filter((part) => readField(part, "type") === "text").map((part) => readField(part, "text"));
  return texts.length === content.length ? texts.join("") : content;
}

/**
 * The calls of a Chat Completions answer as Open Responses items: the first choice's `tool_calls`
 * of a completion (`object: "chat.completion"`), or of a stream's chunks put back together (each
 * call's id and name from its first piece, its arguments from all of them, by `index`). Empty for
 * any other answer.
 */
export function chatAnswerCalls(answer: { body?: unknown; events?: readonly unknown[] }): unknown[] {
  const message = readField(readField(readField(chatCompletionOf(answer), "choices"), "0"), "message");
  const calls = readField(message, "tool_calls");
  const legacy = readField(message, "function_call");
  if (isLegacyCall(legacy)) return [legacyCall(legacy, legacyId(readField(legacy, "name") as string, 1))];
  return isArray(calls) ? calls.filter(isChatToolCall).map(chatCall) : [];
}

/**
 * The calls of an Anthropic Messages answer as Open Responses items: the `tool_use` blocks of a
 * message (`type: "message"`), or of a stream's events put back together (each block's id and
 * name from its `content_block_start`, its input from the `input_json_delta` pieces). Empty for
 * any other answer.
 */
export function anthropicAnswerCalls(answer: { body?: unknown; events?: readonly unknown[] }): unknown[] {
  const content = readField(anthropicMessageOf(answer), "content");
  return isArray(content) ? content.filter(isToolUse).map(toolUseCall) : [];
}

/** The calls of a Gemini answer (its body, or its chunks put together) as the gate judges them; empty for any other. */
export function geminiAnswerCalls(answer: { body?: unknown; events?: readonly unknown[] }): unknown[] {
  const response = geminiResponseOf(answer);
  return response === undefined ? [] : (geminiGatedCalls(response) ?? []);
}

/** The calls of a Bedrock Converse answer (its body, or its stream's events put together) as the gate judges them. */
export function converseAnswerCalls(answer: { body?: unknown; events?: readonly unknown[] }): unknown[] {
  const response = converseResponseOf(answer);
  return response === undefined ? [] : (converseGatedCalls(response) ?? []);
}

/**
 * What a request body sends, as Open Responses items: a Responses request's `input` as it is, a
 * Chat Completions or Anthropic Messages request's `messages` read as items (calls and their
 * answers). Empty otherwise.
 */
export function requestItems(body: unknown): unknown[] {
  const input = readField(body, "input");
  if (isArray(input)) return input;
  const messages = readField(body, "messages") ?? readField(body, "contents");
  if (!isArray(messages)) return [];
  const wire = wireOfList(messages);
  return wire === undefined ? messages : wireItems(messages, wire);
}

/** A request and its answer on another wire, as the prompt-cache report reads a Responses one. */
export interface ResponsesShaped {
  body: Record<string, unknown>;
  answer: { body: Record<string, unknown> } | undefined;
}

/**
 * A Chat Completions, Anthropic Messages or Gemini request, and the answer it got, in the Responses
 * API's terms: its tools, its system prompt as `instructions` (Anthropic's `system`, Gemini's
 * `systemInstruction`; a Chat system message stays a message), its messages (Gemini's `contents`)
 * as `input`, and its answer as a response whose `output` is the assistant message and whose usage
 * says what the prompt cache held (Chat's `cached_tokens`; Anthropic's input, cache reads and
 * writes, of which the reads; Gemini's `cachedContentTokenCount`).
 */
export function asResponsesExchange(
  body: Record<string, unknown>,
  answer: { body?: unknown; events?: readonly unknown[] } | undefined,
  wire: Wire,
): ResponsesShaped {
  const system = wire === "gemini" ? readField(body.systemInstruction, "parts") : body.system;
  const instructions =
    typeof system === "string"
      ? system
      : isArray(system)
        ? system.map((block) => textOf(readField(block, "text") ?? "")).join(wire === "gemini" ? "" : "\n")
        : undefined;
  const shaped: Record<string, unknown> = {
    ...(body.model === undefined ? {} : { model: body.model }),
    tools: wire === "bedrock" ? readField(body.toolConfig, "tools") : body.tools,
    ...(wire !== "chat-completions" && instructions ? { instructions } : {}),
    input: isArray(body.messages) ? body.messages : isArray(body.contents) ? body.contents : [],
    ...(typeof body.prompt_cache_key === "string" ? { prompt_cache_key: body.prompt_cache_key } : {}),
  };
  // the answer is told by its own shape (a Chat body may carry max_tokens too)
  const message =
    answer === undefined
      ? undefined
      : (chatAnswer(answer) ?? anthropicAnswer(answer) ?? geminiAnswer(answer) ?? converseExchangeAnswer(answer));
  return { body: shaped, answer: message && { body: { object: "response", ...message } } };
}

type Answer = { body?: unknown; events?: readonly unknown[] };

function usageOf(input: unknown, cached: unknown): Record<string, unknown> | undefined {
  return typeof input === "number" && typeof cached === "number"
    ? { input_tokens: input, input_tokens_details: { cached_tokens: cached } }
    : undefined;
}

function chatAnswer(answer: Answer): Record<string, unknown> | undefined {
  const completion = chatCompletionOf(answer);
  const message = readField(readField(readField(completion, "choices"), "0"), "message");
  if (!isRecord(message)) return undefined;
  const usage = readField(completion, "usage");
  const cached = readField(readField(usage, "prompt_tokens_details"), "cached_tokens");
  const figures = usageOf(readField(usage, "prompt_tokens"), cached ?? 0);
  return { output: [message], ...(figures ? { usage: figures } : {}) };
}

function geminiAnswer(answer: Answer): Record<string, unknown> | undefined {
  const response = geminiResponseOf(answer);
  if (response === undefined) return undefined;
  const content = readField(readField(readField(response, "candidates"), "0"), "content");
  const usage = readField(response, "usageMetadata");
  const figures = usageOf(readField(usage, "promptTokenCount"), readField(usage, "cachedContentTokenCount") ?? 0);
  return { output: isRecord(content) ? [content] : [], ...(figures ? { usage: figures } : {}) };
}

function converseExchangeAnswer(answer: Answer): Record<string, unknown> | undefined {
  const response = converseResponseOf(answer);
  if (response === undefined) return undefined;
  const message = readField(readField(response, "output"), "message");
  const usage = readField(response, "usage");
  const count = (key: string) => {
    const value = readField(usage, key);
    return typeof value === "number" ? value : 0;
  };
  const input = readField(usage, "inputTokens");
  const read = count("cacheReadInputTokens");
  const figures = usageOf(typeof input === "number" ? input + read + count("cacheWriteInputTokens") : undefined, read);
  return { output: isRecord(message) ? [message] : [], ...(figures ? { usage: figures } : {}) };
}

function anthropicAnswer(answer: Answer): Record<string, unknown> | undefined {
  const message = anthropicMessageOf(answer);
  if (message === undefined) return undefined;
  const content = readField(message, "content");
  const usage = readField(message, "usage");
  const count = (key: string) => {
    const value = readField(usage, key);
    return typeof value === "number" ? value : 0;
  };
  const input = readField(usage, "input_tokens");
  const read = count("cache_read_input_tokens");
  const figures = usageOf(
    typeof input === "number" ? input + read + count("cache_creation_input_tokens") : undefined,
    read,
  );
  return {
    output: [{ role: "assistant", content: isArray(content) ? content : [] }],
    ...(figures ? { usage: figures } : {}),
  };
}
