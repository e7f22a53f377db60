import { isArray, isRecord, readField } from "./internal/read.js";

// Bedrock Converse's calls and answers read once, whatever the value holds: a `toolUse` or
// `toolResult` block becomes a plain snapshot (a getter that throws, a revoked Proxy: read as
// nothing), and the Open Responses item it stands for.

/** A `toolUse` block the app answers, read: `{ toolUse: { toolUseId, name, input } }`. */
export interface ConverseUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** A `toolUse` block read once (a `server_tool_use`, a tool Bedrock ran itself, is none); else undefined. */
export function converseUseOf(value: unknown): ConverseUse | undefined {
  if (!isRecord(value) || readField(value, "type") !== undefined) return undefined;
  const use = readField(value, "toolUse");
  const id = readField(use, "toolUseId");
  const name = readField(use, "name");
  if (typeof id !== "string" || typeof name !== "string" || readField(use, "type") === "server_tool_use")
    return undefined;
  return { id, name, input: readField(use, "input") };
}

/** A `toolResult` block (`{ toolResult: { toolUseId, content: [{ text } | { json }], status? } }`) read once. */
export function converseResultOf(value: unknown): { id: string; content: unknown } | undefined {
  if (!isRecord(value) || readField(value, "type") !== undefined) return undefined;
  const result = readField(value, "toolResult");
  const id = readField(result, "toolUseId");
  return typeof id === "string" ? { id, content: readField(result, "content") } : undefined;
}

/** A `toolUse` as the `function_call` it stands for: its `input` as JSON text. */
export function converseCall(use: ConverseUse): Record<string, unknown> {
  return {
    type: "function_call",
    call_id: use.id,
    name: use.name,
    arguments: use.input === undefined ? "{}" : isRecord(use.input) ? JSON.stringify(use.input) : use.input,
    status: "completed",
  };
}

/** A `toolResult` as its answer: the text of its `text` blocks, its `json` blocks as JSON. */
export function converseAnswer(result: { id: string; content: unknown }): Record<string, unknown> {
  const output = isArray(result.content)
    ? result.content
        .map((part) => {
          const json = readField(part, "json");
          if (json !== undefined) return JSON.stringify(json);
          const text = readField(part, "text");
          return typeof text === "string" ? text : "";
        })
        .join("")
    : "";
  return { type: "function_call_output", call_id: result.id, output };
}

/** A Converse message that calls or answers: `{ role, content: [{ toolUse } | { toolResult } | …] }`. */
export function isConverseToolMessage(value: unknown): boolean {
  const role = readField(value, "role");
  const content = readField(value, "content");
  return (
    (role === "user" || role === "assistant") &&
    isArray(content) &&
    content.some((block) => converseUseOf(block) !== undefined || converseResultOf(block) !== undefined)
  );
}

/**
 * The calls of a Converse answer (`{ output: { message }, stopReason }`) or of an assistant message,
 * as the gate judges them: its `toolUse` blocks. Undefined for anything else.
 */
export function converseGatedCalls(value: unknown): unknown[] | undefined {
  const answer = readField(readField(value, "output"), "message");
  const message = answer ?? value;
  const content = readField(message, "content");
  if (readField(message, "role") !== "assistant" || !isArray(content)) return undefined;
  const uses = content.flatMap((block) => {
    const use = converseUseOf(block);
    return use === undefined ? [] : [converseCall(use)];
  });
  // a message alone is Converse's only by its toolUse blocks (an answer, by its output)
  return answer === undefined && uses.length === 0 ? undefined : uses;
}
