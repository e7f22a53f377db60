import { conversationItems } from "./conversation.js";
import { isArray, isRecord, readField } from "./internal/read.js";
import { genAiItems, parsed, type ReadSpan, traceSpans } from "./traces.js";

/**
 * The model calls a trace recorded, each as the Responses API would have carried it: what it was
 * asked (input items, instructions, tools) and what it answered (output items) — from an
 * OpenTelemetry GenAI `chat` span that captured its messages (`gen_ai.input.messages`,
 * `gen_ai.output.messages`), an `@openai/agents` response span as a processor receives it (its
 * `_input` and whole `_response`), or a generation span (Chat Completions messages). A model span
 * without its content is named, with how to capture it. What `agent-testkit trace` writes a
 * cassette from.
 */

/** One model call of a trace. */
export interface TraceModelCall {
  /** The span's id. */
  readonly span: string;
  /** The span as a message names it: its name and id. */
  readonly label: string;
  /**
   * The API it spoke where the trace says: `chat` for an `@openai/agents` generation span (Chat
   * Completions: `messages` and `response` are that API's), else `responses`.
   */
  readonly wire: "responses" | "chat";
  /** A Chat Completions call's messages as sent (system message included). */
  readonly messages: unknown[] | undefined;
  readonly model: string | undefined;
  readonly instructions: string | undefined;
  /** What the call was asked, as Responses input items. */
  readonly input: unknown[];
  /** What it answered, as Responses output items. */
  readonly output: unknown[];
  /** The whole answer, where the trace kept it (a `Response`, or a `chat.completion`). */
  readonly response: Record<string, unknown> | undefined;
  /** The function tools it was offered, as the Responses API declares them, where the trace says. */
  readonly tools: unknown[] | undefined;
  readonly usage: { readonly input_tokens: number; readonly output_tokens: number } | undefined;
}

/** A model span whose messages the trace did not capture. */
export interface TraceSpanLacking {
  readonly span: string;
  readonly label: string;
  /** What it lacks. */
  readonly lacks: string;
  /** How to capture it. */
  readonly capture: string;
}

const CHAT_OPERATIONS = new Set(["chat", "generate_content", "text_completion"]);

const OTEL_CAPTURE =
  "capture message content in the GenAI instrumentation (OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true, " +
  "or its own option: recordInputs / recordOutputs, captureMessageContent)";
const AGENTS_CAPTURE =
  "@openai/agents keeps a response's input and answer only on the live span (spanData._input and _response, " +
  "with sensitive data in traces on) and toJSON() drops them: write each span from a trace processor as " +
  "{ ...span.toJSON(), span_data: span.spanData }";

/** The model calls of a trace, in the order their spans began, and the model spans lacking their content. */
export function traceModelCalls(value: unknown): { calls: TraceModelCall[]; lacking: TraceSpanLacking[] } {
  const calls: TraceModelCall[] = [];
  const lacking: TraceSpanLacking[] = [];
  for (const span of traceSpans(value)) {
    const read = span.kind === "otel" ? otelCall(span) : agentsCall(span);
    if (read === undefined) continue;
    if ("lacks" in read) lacking.push(read);
    else calls.push(read);
  }
  return { calls, lacking };
}

const labelOf = (span: ReadSpan) => `${span.name || "span"} (span ${span.id})`;

/** What every model call of a span says first: which span, which API, which model. */
const callOf = (span: ReadSpan, wire: TraceModelCall["wire"], model: unknown) => ({
  span: span.id,
  label: labelOf(span),
  wire,
  model: typeof model === "string" ? model : undefined,
});

function otelCall(span: ReadSpan): TraceModelCall | TraceSpanLacking | undefined {
  const data = span.data;
  if (!CHAT_OPERATIONS.has(String(data["gen_ai.operation.name"]))) return undefined;
  const input = parsed(data["gen_ai.input.messages"]);
  const output = parsed(data["gen_ai.output.messages"]);
  if (!isArray(input) || !isArray(output)) {
    const missing = [
      ...(isArray(input) ? [] : ["gen_ai.input.messages"]),
      ...(isArray(output) ? [] : ["gen_ai.output.messages"]),
    ];
    return { span: span.id, label: labelOf(span), lacks: missing.join(" and "), capture: OTEL_CAPTURE };
  }
  const model = data["gen_ai.response.model"] ?? data["gen_ai.request.model"];
  const instructions = textOfParts(parsed(data["gen_ai.system_instructions"]));
  const tools = parsed(data["gen_ai.tool.definitions"]);
  const inputTokens = data["gen_ai.usage.input_tokens"];
  const outputTokens = data["gen_ai.usage.output_tokens"];
  return {
    ...callOf(span, "responses", model),
    messages: undefined,
    instructions,
    input: input.flatMap((message) => genAiItems(message, span.id, "input")),
    output: output.flatMap((message) => genAiItems(message, span.id, "output")),
    response: undefined,
    tools: isArray(tools) ? tools.flatMap(functionTool) : undefined,
    usage: usageOf(inputTokens, outputTokens),
  };
}

function agentsCall(span: ReadSpan): TraceModelCall | TraceSpanLacking | undefined {
  const data = span.data;
  if (data.type === "response") {
    const response = data._response;
    const input = data._input;
    if (!isRecord(response) || !isArray(readField(response, "output")) || input === undefined)
      return { span: span.id, label: labelOf(span), lacks: "its _input and _response", capture: AGENTS_CAPTURE };
    const model = readField(response, "model");
    const instructions = readField(response, "instructions");
    const tools = readField(response, "tools");
    const usage = readField(response, "usage");
    return {
      ...callOf(span, "responses", model),
      messages: undefined,
      instructions: typeof instructions === "string" ? instructions : undefined,
      input: typeof input === "string" ? [{ role: "user", content: input }] : isArray(input) ? input : [],
      output: readField(response, "output") as unknown[],
      response,
      tools: isArray(tools) ? tools.filter((tool) => readField(tool, "type") === "function") : undefined,
      usage: usageOf(readField(usage, "input_tokens"), readField(usage, "output_tokens")),
    };
  }
  if (data.type === "generation") {
    if (!isArray(data.input) || !isArray(data.output))
      return { span: span.id, label: labelOf(span), lacks: "its input and output", capture: AGENTS_CAPTURE };
    const system = data.input.find((message) => readField(message, "role") === "system");
    const content = readField(system, "content");
    // the SDK keeps the whole ChatCompletion; an exporter of its own may keep the messages only
    const completion = data.output.find((output) => readField(output, "object") === "chat.completion");
    const answered = isRecord(completion)
      ? asList(readField(completion, "choices")).map((choice) => readField(choice, "message"))
      : data.output;
    const usage = readField(completion, "usage");
    return {
      ...callOf(span, "chat", data.model),
      messages: data.input,
      instructions: typeof content === "string" ? content : undefined,
      input: conversationItems(data.input.filter((message) => message !== system)),
      output: conversationItems(answered.slice(0, 1)),
      response: isRecord(completion) ? completion : undefined,
      tools: undefined,
      usage: usageOf(readField(usage, "prompt_tokens"), readField(usage, "completion_tokens")),
    };
  }
  return undefined;
}

/** A GenAI tool definition (`{ type: "function", name, description, parameters }`) as a Responses function tool. */
function functionTool(tool: unknown): unknown[] {
  const name = readField(tool, "name") ?? readField(readField(tool, "function"), "name");
  if (typeof name !== "string") return [];
  const description = readField(tool, "description") ?? readField(readField(tool, "function"), "description");
  const parameters = readField(tool, "parameters") ?? readField(readField(tool, "function"), "parameters");
  return [
    {
      type: "function",
      name,
      ...(typeof description === "string" ? { description } : {}),
      parameters: isRecord(parameters) ? parameters : { type: "object", properties: {} },
      strict: false,
    },
  ];
}

/** System instructions as the conventions carry them: text parts (or a string). */
function textOfParts(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (!isArray(value)) return undefined;
  const text = value
    .map((part) => readField(part, "content"))
    .filter((content): content is string => typeof content === "string")
    .join("\n");
  return text === "" ? undefined : text;
}

function asList(value: unknown): unknown[] {
  return isArray(value) ? value : [];
}

/** Token counts where the trace has either. */
function usageOf(input: unknown, output: unknown): TraceModelCall["usage"] {
  if (typeof input !== "number" && typeof output !== "number") return undefined;
  return {
    input_tokens: typeof input === "number" ? input : 0,
    output_tokens: typeof output === "number" ? output : 0,
  };
}
