// Bedrock Converse's answers as the fakes send them and the core reads them: a `ConverseResponse`
// (the message, why it stopped, usage, latency) and the events of a ConverseStream, each an object
// with one key naming it as the AWS SDK yields them (`{ messageStart: { role } }`). Held to
// `@aws-sdk/client-bedrock-runtime`'s declarations by the type tests. Types only: nothing here runs.

/** A JSON value (what a call's `input` and a model's extra response fields are). */
export type JsonDocument = null | boolean | number | string | JsonDocument[] | { [key: string]: JsonDocument };

/** Why the model stopped, as the API names it. */
export type ConverseStopReason =
  | "end_turn"
  | "tool_use"
  | "max_tokens"
  | "stop_sequence"
  | "guardrail_intervened"
  | "content_filtered"
  | "malformed_model_output"
  | "malformed_tool_use"
  | "model_context_window_exceeded";

/** A block of the model's message (one field says which): text, a call, or its signed reasoning. */
export type ConverseOutputBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: JsonDocument } }
  | { reasoningContent: { reasoningText: { text: string; signature?: string } } };

/** The tokens a call took: the prompt's (and what of it was read from or written to the cache), the answer's. */
export interface ConverseUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

/** What a guardrail that intervened says it assessed. */
export interface ConverseTrace {
  guardrail?: { modelOutput?: string[]; actionReason?: string };
}

/** The answer to a Converse call. */
export interface ConverseResponse {
  output: { message: { role: "assistant"; content: ConverseOutputBlock[] } };
  stopReason: ConverseStopReason;
  usage: ConverseUsage;
  metrics: { latencyMs: number };
  additionalModelResponseFields?: { [key: string]: JsonDocument };
  trace?: ConverseTrace;
}

/** What a delta of a block carries (one field says which): text, a piece of a call's input (JSON text), reasoning. */
export type ConverseDelta =
  | { text: string }
  | { toolUse: { input: string } }
  | { reasoningContent: { text: string } | { signature: string } };

/** An exception a stream ends with (an exception frame): its name, and its message. */
export type ConverseStreamException =
  | "internalServerException"
  | "modelStreamErrorException"
  | "validationException"
  | "throttlingException"
  | "serviceUnavailableException";

/** One event of a ConverseStream, named by its one key (an exception's key its `:exception-type`). */
export type ConverseStreamEvent =
  | { messageStart: { role: "assistant" } }
  | { contentBlockStart: { contentBlockIndex: number; start: { toolUse: { toolUseId: string; name: string } } } }
  | { contentBlockDelta: { contentBlockIndex: number; delta: ConverseDelta } }
  | { contentBlockStop: { contentBlockIndex: number } }
  | { messageStop: { stopReason: ConverseStopReason; additionalModelResponseFields?: { [key: string]: JsonDocument } } }
  | { metadata: { usage: ConverseUsage; metrics: { latencyMs: number }; trace?: ConverseTrace } }
  | {
      [Name in ConverseStreamException]: { [Key in Name]: { message: string; originalStatusCode?: number } };
    }[ConverseStreamException];
