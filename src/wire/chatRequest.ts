// The body a client sends to `POST /chat/completions`: its schema first, the types beside it, held
// to the schema and to the `openai` SDK's params by the type tests. The schema says what the API
// refuses by shape, in its words (a message's role decides which fields it must have); rules
// across fields (a tool choice naming a declared tool, `top_logprobs` without `logprobs`) come after.
import { type BodySchema, METADATA, nullable, orNull, record, type SchemaNode, strings } from "./schema.js";

const { number, integer, string, boolean } = nullable;

export const CHAT_ROLES = ["system", "assistant", "user", "function", "tool", "developer"] as const;

/** A call in an assistant message: `{ id, type: "function", function: { name, arguments } }` or a custom tool's. */
export interface ChatRequestToolCall {
  id: string;
  type: "function" | "custom";
  function?: { name: string; arguments: string };
  custom?: { name: string; input: string };
}

/** A message of a Chat Completions request, as a client sends it (`role` says which fields it has). */
export interface ChatRequestMessage {
  role: (typeof CHAT_ROLES)[number];
  /** A string or content parts; an assistant's may be null (it made calls instead). */
  content?: string | ReadonlyArray<{ type: string }> | null;
  name?: string;
  /** An assistant message's calls. */
  tool_calls?: readonly ChatRequestToolCall[] | null;
  /** A tool message: the call it answers. */
  tool_call_id?: string;
  refusal?: string | null;
  audio?: unknown;
  function_call?: unknown;
}

/** A tool as a Chat Completions request declares it: `{ type: "function", function: { name, parameters, strict } }`. */
export interface ChatRequestTool {
  type: "function" | "custom";
  function?: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
  custom?: { name: string; description?: string; format?: unknown };
}

/** A legacy function declaration (`functions`), as the SDK still types it. */
export interface ChatRequestFunction {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

/** Which tool the model may or must call: a mode, or a named tool (`allowed_tools` lists several). */
export type ChatRequestToolChoice =
  | "none"
  | "auto"
  | "required"
  | { type: "function"; function: { name: string } }
  | { type: "custom"; custom: { name: string } }
  | { type: "allowed_tools"; allowed_tools: unknown };

/** What the answer must be: text, any JSON object, or JSON that fits a schema. */
export type ChatRequestResponseFormat =
  | { type: "text" }
  | { type: "json_object" }
  | {
      type: "json_schema";
      json_schema: { name: string; schema?: Record<string, unknown>; strict?: boolean | null; description?: string };
    };

/** The body of `POST /chat/completions`. */
export interface ChatCompletionsRequestBody {
  /** Required by the schema; a lax fake takes a body without it. */
  model?: string;
  messages?: ChatRequestMessage[];
  tools?: ChatRequestTool[] | null;
  tool_choice?: ChatRequestToolChoice | null;
  parallel_tool_calls?: boolean | null;
  response_format?: ChatRequestResponseFormat | null;
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean; include_obfuscation?: boolean } | null;
  n?: number | null;
  logprobs?: boolean | null;
  top_logprobs?: number | null;
  store?: boolean | null;
  metadata?: Record<string, string> | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  prompt_cache_key?: string | null;
  functions?: ChatRequestFunction[];
  function_call?: "none" | "auto" | { name: string };
  prompt_cache_options?: unknown;
  prompt_cache_retention?: "in_memory" | "24h" | null;
  audio?: unknown;
  frequency_penalty?: unknown;
  logit_bias?: unknown;
  modalities?: unknown;
  moderation?: unknown;
  prediction?: unknown;
  presence_penalty?: unknown;
  reasoning_effort?: unknown;
  safety_identifier?: unknown;
  seed?: unknown;
  service_tier?: unknown;
  stop?: unknown;
  temperature?: unknown;
  top_p?: unknown;
  user?: unknown;
  verbosity?: unknown;
  web_search_options?: unknown;
}

const CONTENT: SchemaNode = {
  anyOf: [{ type: "string" }, { type: "array", items: { type: "object" } }],
  description: "a string or an array of content parts",
};
const NAME = { type: "string" };

/** A call in an assistant message; an object where JSON text belongs is what a history from another wire sends. */
const TOOL_CALL: SchemaNode = {
  type: "object",
  required: ["id", "type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    record(
      {
        id: { type: "string" },
        type: strings("function"),
        function: record({ name: { type: "string" }, arguments: { type: "string" } }, ["name", "arguments"]),
      },
      ["id", "type", "function"],
    ),
    record(
      {
        id: { type: "string" },
        type: strings("custom"),
        custom: record({ name: { type: "string" }, input: { type: "string" } }, ["name", "input"]),
      },
      ["id", "type", "custom"],
    ),
  ],
};

const message = (role: string, properties: Record<string, SchemaNode>, required: string[]): SchemaNode =>
  record({ role: strings(role), name: NAME, ...properties }, ["role", ...required]);

const MESSAGE: SchemaNode = {
  type: "object",
  required: ["role"],
  discriminator: { propertyName: "role" },
  oneOf: [
    message("system", { content: CONTENT }, ["content"]),
    message(
      "assistant",
      {
        content: orNull(CONTENT),
        tool_calls: orNull({ type: "array", items: TOOL_CALL }),
        refusal: string,
      },
      [],
    ),
    message("user", { content: CONTENT }, ["content"]),
    message("function", { content: string, name: { type: "string" } }, ["content", "name"]),
    message("tool", { content: CONTENT, tool_call_id: { type: "string" } }, ["content", "tool_call_id"]),
    message("developer", { content: CONTENT }, ["content"]),
  ],
};

/** A function's name as the API allows it. */
const FUNCTION_NAME: SchemaNode = { type: "string", pattern: "^[a-zA-Z0-9_-]+$", maxLength: 64 };

const TOOL: SchemaNode = {
  type: "object",
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    record(
      {
        type: strings("function"),
        function: record(
          { name: FUNCTION_NAME, description: { type: "string" }, parameters: { type: "object" }, strict: boolean },
          ["name"],
        ),
      },
      ["type", "function"],
    ),
    record({ type: strings("custom"), custom: record({ name: FUNCTION_NAME, description: NAME }, ["name"]) }, [
      "type",
      "custom",
    ]),
  ],
};

const TOOL_CHOICE: SchemaNode = {
  anyOf: [
    strings("none", "auto", "required"),
    {
      type: "object",
      required: ["type"],
      discriminator: { propertyName: "type" },
      oneOf: [
        record({ type: strings("function"), function: record({ name: { type: "string" } }, ["name"]) }, [
          "type",
          "function",
        ]),
        record({ type: strings("custom"), custom: record({ name: { type: "string" } }, ["name"]) }, ["type", "custom"]),
        record({ type: strings("allowed_tools"), allowed_tools: { type: "object" } }, ["type", "allowed_tools"]),
      ],
    },
    { type: "null" },
  ],
  description: "'none', 'auto', 'required' or a named tool",
};

const RESPONSE_FORMAT: SchemaNode = orNull({
  type: "object",
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    record({ type: strings("text") }, ["type"]),
    record({ type: strings("json_object") }, ["type"]),
    record(
      {
        type: strings("json_schema"),
        json_schema: record(
          { name: { type: "string", minLength: 1 }, schema: { type: "object" }, strict: boolean, description: NAME },
          ["name"],
        ),
      },
      ["type", "json_schema"],
    ),
  ],
});

export const CHAT_CREATE_SCHEMA: BodySchema = {
  type: "object",
  required: ["model", "messages"],
  properties: {
    model: { type: "string", minLength: 1, "x-refusal": "you must provide a model parameter" },
    messages: { type: "array", minItems: 1, items: MESSAGE },
    tools: orNull({ type: "array", items: TOOL }),
    functions: {
      type: "array",
      items: record({ name: FUNCTION_NAME, description: NAME, parameters: { type: "object" } }, ["name"]),
    },
    tool_choice: TOOL_CHOICE,
    function_call: {
      anyOf: [strings("none", "auto"), record({ name: { type: "string" } }, ["name"])],
      description: "'none', 'auto' or { name }",
    },
    parallel_tool_calls: boolean,
    response_format: RESPONSE_FORMAT,
    stream: boolean,
    stream_options: orNull(record({ include_usage: { type: "boolean" }, include_obfuscation: { type: "boolean" } })),
    n: { type: ["integer", "null"], minimum: 1, maximum: 128 },
    logprobs: boolean,
    top_logprobs: { type: ["integer", "null"], minimum: 0, maximum: 20 },
    store: boolean,
    metadata: METADATA,
    max_tokens: integer,
    max_completion_tokens: integer,
    prompt_cache_key: string,
    prompt_cache_retention: orNull(strings("in_memory", "24h")),
    temperature: number,
    top_p: number,
  },
};
