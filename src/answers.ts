// Another wire's recorded answer put back together, one reader for every use (the cassette gate,
// the prompt-cache report, a fake keeping a cassette's answers): a Chat Completions completion from
// its body or from its stream's chunks, an Anthropic message from its body or its stream's events.
import { isArray, isRecord, parsedJson, readField } from "./internal/read.js";

type Answer = { body?: unknown; events?: readonly unknown[] };
type Json = Record<string, unknown>;

/**
 * The completion of a Chat Completions answer: its JSON body, or its chunks put together (each
 * choice's text and refusal, its calls by `index` — id and name from the first piece, arguments
 * from all — its finish reason; the usage of the chunk that carries it). Undefined otherwise.
 */
export function chatCompletionOf(answer: Answer): Json | undefined {
  if (readField(answer.body, "object") === "chat.completion") return answer.body as Json;
  const chunks = isArray(answer.events)
    ? answer.events.filter((e): e is Json => isRecord(e) && e.object === "chat.completion.chunk")
    : [];
  const first = chunks[0];
  if (first === undefined) return undefined;
  const choices = new Map<number, { index: number; message: Json; finish_reason: unknown; logprobs: null }>();
  let usage: unknown;
  for (const chunk of chunks) {
    if (isRecord(chunk.usage)) usage = chunk.usage;
    for (const part of isArray(chunk.choices) ? chunk.choices : []) {
      const index = readField(part, "index");
      if (typeof index !== "number") continue;
      let choice = choices.get(index);
      if (!choice) {
        choice = {
          index,
          message: { role: "assistant", content: null, refusal: null },
          finish_reason: "stop",
          logprobs: null,
        };
        choices.set(index, choice);
      }
      absorbChunk(choice, part);
    }
  }
  const { choices: _, usage: __, ...rest } = first;
  return {
    ...rest,
    object: "chat.completion",
    choices: [...choices.values()].sort((a, b) => a.index - b.index),
    ...(usage === undefined ? {} : { usage }),
  };
}

function absorbChunk(choice: { message: Json; finish_reason: unknown }, part: unknown): void {
  const delta = readField(part, "delta");
  const { message } = choice;
  for (const key of ["content", "refusal"] as const) {
    const piece = readField(delta, key);
    // the first chunk's empty `content: ""` leaves a message of calls with no text at null, as the API does
    if (typeof piece === "string" && (piece !== "" || message[key] !== null))
      message[key] = `${(message[key] as string | null) ?? ""}${piece}`;
  }
  const finish = readField(part, "finish_reason");
  if (typeof finish === "string") choice.finish_reason = finish;
  const pieces = readField(delta, "tool_calls");
  for (const piece of isArray(pieces) ? pieces : []) {
    const index = readField(piece, "index");
    if (typeof index !== "number") continue;
    const calls = (message.tool_calls ??= []) as Array<{ id: unknown; type: "function"; function: Json }>;
    const call = (calls[index] ??= { id: undefined, type: "function", function: { name: undefined, arguments: "" } });
    const fn = readField(piece, "function");
    call.id ??= readField(piece, "id");
    call.function.name ??= readField(fn, "name");
    const args = readField(fn, "arguments");
    if (typeof args === "string") call.function.arguments += args;
  }
  // the legacy shape (a request that declared `functions`): one call, its name first, then its arguments
  const legacy = readField(delta, "function_call");
  if (legacy !== undefined && legacy !== null) {
    const call = (message.function_call ??= { name: undefined, arguments: "" }) as Json;
    call.name ??= readField(legacy, "name");
    const args = readField(legacy, "arguments");
    if (typeof args === "string") call.arguments = `${call.arguments as string}${args}`;
  }
}

/**
 * The message of an Anthropic Messages answer: its JSON body, or its events put together
 * (`message_start`'s message, each block from its start with its deltas applied — text, thinking,
 * signature, a tool's input JSON parsed at its stop, kept as text when it does not parse —
 * `message_delta`'s stop reason and usage). Undefined otherwise.
 */
export function anthropicMessageOf(answer: Answer): Json | undefined {
  const body = answer.body;
  if (readField(body, "type") === "message" && readField(body, "role") === "assistant") return body as Json;
  if (!isArray(answer.events)) return undefined;
  let message: Json | undefined;
  const content: Json[] = [];
  const json = new Map<number, string>();
  for (const event of answer.events) {
    const type = readField(event, "type");
    if (type === "message_start") {
      const start = readField(event, "message");
      if (isRecord(start)) message = { ...start };
      continue;
    }
    if (message === undefined) continue;
    const index = readField(event, "index");
    if (type === "content_block_start" && typeof index === "number") {
      const block = readField(event, "content_block");
      if (isRecord(block)) content[index] = structuredClone(block);
    } else if (type === "content_block_delta" && typeof index === "number" && content[index]) {
      absorbDelta(content[index], readField(event, "delta"), json, index);
    } else if (type === "content_block_stop" && typeof index === "number" && json.has(index) && content[index]) {
      content[index].input = parsedJson(json.get(index));
    } else if (type === "message_delta") {
      const delta = readField(event, "delta");
      message.stop_reason = readField(delta, "stop_reason");
      const usage = readField(event, "usage");
      if (isRecord(usage)) message.usage = { ...(readField(message, "usage") as object), ...usage };
    }
  }
  return message && { ...message, content: content.filter((block) => block !== undefined) };
}

function absorbDelta(block: Json, delta: unknown, json: Map<number, string>, index: number): void {
  const type = readField(delta, "type");
  const field = type === "text_delta" ? "text" : type === "thinking_delta" ? "thinking" : undefined;
  if (field !== undefined)
    block[field] = `${(block[field] as string | undefined) ?? ""}${String(readField(delta, field) ?? "")}`;
  if (type === "signature_delta") block.signature = String(readField(delta, "signature") ?? "");
  if (type === "input_json_delta")
    json.set(index, (json.get(index) ?? "") + String(readField(delta, "partial_json") ?? ""));
}

/** A Gemini answer or stream chunk: it has `candidates` (or a prompt's `promptFeedback`) and a `responseId`. */
function isGeminiAnswer(value: unknown): value is Json {
  return isRecord(value) && (isArray(value.candidates) || isRecord(value.promptFeedback)) && "responseId" in value;
}

/**
 * The answer of a Gemini generate call: its JSON body, or its chunks (an SSE stream's events, or
 * the JSON array a stream without `alt=sse` sends) put together — each candidate's parts in order,
 * adjacent text pieces of the same kind joined, a signature kept on the part it came with; the last
 * finish reason and usage. Undefined otherwise.
 */
export function geminiResponseOf(answer: Answer): Json | undefined {
  if (isGeminiAnswer(answer.body)) return answer.body;
  const chunks = (isArray(answer.body) ? answer.body : isArray(answer.events) ? answer.events : []).filter(
    isGeminiAnswer,
  );
  const first = chunks[0];
  if (first === undefined) return undefined;
  const candidates = new Map<number, Json & { parts: Json[] }>();
  let usage: unknown;
  for (const chunk of chunks) {
    if (isRecord(chunk.usageMetadata)) usage = chunk.usageMetadata;
    for (const candidate of isArray(chunk.candidates) ? chunk.candidates : []) {
      const index = readField(candidate, "index") ?? 0;
      if (typeof index !== "number") continue;
      let whole = candidates.get(index);
      if (!whole) candidates.set(index, (whole = { index, parts: [] }));
      const finish = readField(candidate, "finishReason");
      if (finish !== undefined) whole.finishReason = finish;
      const ratings = readField(candidate, "safetyRatings");
      if (ratings !== undefined) whole.safetyRatings = ratings;
      const grounding = readField(candidate, "groundingMetadata");
      if (grounding !== undefined) whole.groundingMetadata = grounding;
      const pages = readField(candidate, "urlContextMetadata");
      if (pages !== undefined) whole.urlContextMetadata = pages;
      for (const part of asParts(readField(readField(candidate, "content"), "parts"))) absorbPart(whole.parts, part);
    }
  }
  return {
    ...first,
    candidates: [...candidates.values()].map(({ parts, ...rest }) =>
      parts.length > 0 ? { ...rest, content: { role: "model", parts } } : rest,
    ),
    ...(usage === undefined ? {} : { usageMetadata: usage }),
  };
}

function asParts(value: unknown): Json[] {
  return isArray(value) ? value.filter(isRecord) : [];
}

/** A streamed part joined to the one before it when both are text of the same kind and the first is unsigned. */
function absorbPart(parts: Json[], part: Json): void {
  const last = parts.at(-1);
  const joinable =
    last !== undefined &&
    typeof last.text === "string" &&
    typeof part.text === "string" &&
    last.thought === part.thought &&
    last.thoughtSignature === undefined;
  if (!joinable) {
    parts.push({ ...part });
    return;
  }
  last.text = `${last.text as string}${part.text as string}`;
  if (part.thoughtSignature !== undefined) last.thoughtSignature = part.thoughtSignature;
}

/**
 * The response of a Bedrock Converse answer: its JSON body (`{ output: { message }, stopReason }`),
 * or a ConverseStream's events put back together (each block by `contentBlockIndex`: text and
 * reasoning joined, a call's `input` from its JSON pieces; the stop reason, the usage and metrics).
 */
export function converseResponseOf(answer: Answer): Json | undefined {
  if (isRecord(answer.body) && isRecord(readField(answer.body, "output"))) return answer.body;
  const events = isArray(answer.events) ? answer.events.filter(isRecord) : [];
  if (!events.some((event) => isRecord(event.messageStart))) return undefined;
  const blocks = new Map<number, Json>();
  const inputs = new Map<number, string>();
  const out: Json = { output: { message: { role: "assistant", content: [] } } };
  const blockAt = (index: unknown): Json | undefined => {
    if (typeof index !== "number") return undefined;
    let block = blocks.get(index);
    if (!block) blocks.set(index, (block = {}));
    return block;
  };
  for (const event of events) {
    const start = readField(event.contentBlockStart, "start");
    const use = readField(start, "toolUse");
    const started = blockAt(readField(event.contentBlockStart, "contentBlockIndex"));
    if (started && isRecord(use)) started.toolUse = { toolUseId: use.toolUseId, name: use.name, input: {} };
    const index = readField(event.contentBlockDelta, "contentBlockIndex");
    const delta = readField(event.contentBlockDelta, "delta");
    const block = blockAt(index);
    if (block && isRecord(delta)) absorbConverseDelta(block, delta, inputs, index as number);
    if (isRecord(event.messageStop)) out.stopReason = event.messageStop.stopReason;
    if (isRecord(event.metadata)) Object.assign(out, event.metadata);
  }
  for (const [index, text] of inputs) {
    const use = readField(blocks.get(index), "toolUse");
    if (isRecord(use)) use.input = parsedJson(text) ?? text;
  }
  (readField(readField(out, "output"), "message") as { content: Json[] }).content = [...blocks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, block]) => block);
  return out;
}

function absorbConverseDelta(block: Json, delta: Json, inputs: Map<number, string>, index: number): void {
  if (typeof delta.text === "string") block.text = `${typeof block.text === "string" ? block.text : ""}${delta.text}`;
  const input = readField(delta.toolUse, "input");
  if (typeof input === "string") inputs.set(index, `${inputs.get(index) ?? ""}${input}`);
  const reasoning = delta.reasoningContent;
  if (!isRecord(reasoning)) return;
  const held = (block.reasoningContent ??= { reasoningText: { text: "" } }) as { reasoningText: Json };
  if (typeof reasoning.text === "string") held.reasoningText.text = `${held.reasoningText.text}${reasoning.text}`;
  if (typeof reasoning.signature === "string") held.reasoningText.signature = reasoning.signature;
}
