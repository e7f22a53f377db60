// The body a client sends to `POST /responses` (and `/responses/compact`,
// `/responses/input_tokens`, a WebSocket `response.create`): its schema first, the type beside it,
// held to the schema and to the `openai` SDK's params by the type tests. Every field a client may
// send is named; the ones the fakes read are typed, the rest `unknown`.
import type { ResponseObject, TextFormat } from "./responses.js";
import { type BodySchema, METADATA, nullable, orNull, record, type SchemaNode, strings } from "./schema.js";

const { number, integer, string, boolean } = nullable;

export interface RequestItem {
  type?: string | null;
  id?: string | null;
  role?: string;
  content?: unknown;
  call_id?: string | null;
  name?: string | null;
  /** A string for a function call; other calls send other shapes (a tool search sends an object). */
  arguments?: unknown;
  output?: unknown;
  status?: string | null;
}

/** A tool as a request declares it (`type: "function"` with a `name` and `parameters`, or a hosted tool). */
export interface RequestTool {
  type: string;
  name?: string;
  description?: string | null;
  parameters?: unknown;
  strict?: boolean | null;
}

/**
 * The body of `POST /responses` (and of `/responses/compact`, `/responses/input_tokens`,
 * a WebSocket `response.create`): what `RESPONSES_CREATE_SCHEMA` lets through, field for field.
 */
export interface ResponsesRequestBody {
  model?: string | null;
  input?: string | RequestItem[] | null;
  instructions?: string | null;
  tools?: RequestTool[] | null;
  previous_response_id?: string | null;
  conversation?: unknown;
  stream?: boolean | null;
  store?: boolean | null;
  background?: boolean | null;
  metadata?: Record<string, string> | null;
  access_programs?: { cyber?: "standard" | "daybreak_blue" | "daybreak_red" };
  background_options?: { completion_window?: "soonest" | "2h" | "8h"; continuation_id?: string } | null;
  context_management?: Array<{ type: string; compact_threshold?: number | null }> | null;
  image?: { context_compression?: "auto" | "enabled" | "disabled" };
  include?: string[] | null;
  max_output_tokens?: number | null;
  max_tool_calls?: number | null;
  moderation?: {
    model: string;
    policy?: { input?: { mode: "score" | "block" } | null; output?: { mode: "score" | "block" } | null } | null;
  } | null;
  multi_agent?: unknown;
  parallel_tool_calls?: boolean | null;
  prompt?: { id: string; version?: string | null; variables?: Record<string, string | PromptVariable> | null } | null;
  prompt_cache_key?: string | null;
  prompt_cache_options?: {
    mode?: "implicit" | "explicit";
    ttl?: "30m" | "12h";
    prewarm?: boolean;
    comparison_response_id?: string | null;
  };
  prompt_cache_retention?: "in_memory" | "24h" | null;
  /** The response echoes it as sent. */
  reasoning?: ResponseObject["reasoning"];
  safety_identifier?: string | null;
  service_tier?: "auto" | "default" | "flex" | "scale" | "priority" | "fast" | "ultrafast" | null;
  stream_options?: { include_obfuscation?: boolean } | null;
  temperature?: number | null;
  /** The Open Responses document's; not in the `openai` SDK's params. */
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  text?: {
    /** The response's own forms: the schema checks a request's against them. */
    format?: TextFormat;
    verbosity?: "low" | "medium" | "high" | null;
  } | null;
  tool_choice?:
    | string
    | { type: string; name?: string | null; server_label?: string; mode?: string; tools?: unknown[] }
    | null;
  top_logprobs?: number | null;
  top_p?: number | null;
  truncation?: "auto" | "disabled" | null;
  user?: string | null;
}

/** A stored prompt's variable other than a string: an input part (text, image or file). */
export interface PromptVariable {
  type: "input_text" | "input_image" | "input_file";
}

/**
 * The create body's schema: the Open Responses document's envelope (vendored in the repository,
 * checked against this by a test), with the `openai` SDK's additions where the two differ (the SDK
 * wins: the values it may send are the ones a client sends). Items, tools and `multi_agent` are
 * checked by the fake's own rules after it, in the API's words.
 */
export const REQUEST_ITEM = record({
  type: string,
  id: string,
  role: { type: "string" },
  call_id: string,
  name: string,
  status: string,
});

/** A stored prompt's variable: a string, or an input part. */
const VARIABLE: SchemaNode = {
  anyOf: [{ type: "string" }, record({ type: strings("input_text", "input_image", "input_file") }, ["type"])],
};
export const REQUEST_TOOL = record(
  { type: { type: "string" }, name: { type: "string" }, description: string, strict: boolean },
  ["type"],
);

export const RESPONSES_CREATE_SCHEMA: BodySchema = {
  type: "object",
  properties: {
    model: { type: ["string", "null"], description: "a non-empty string" },
    input: {
      anyOf: [{ type: "string" }, { type: "array", items: REQUEST_ITEM }, { type: "null" }],
      description: "a string or an array of items",
    },
    instructions: string,
    tools: { anyOf: [{ type: "array", items: REQUEST_TOOL }, { type: "null" }], description: "an array of tools" },
    previous_response_id: string,
    stream: boolean,
    store: boolean,
    background: boolean,
    metadata: METADATA,
    include: orNull({ type: "array", items: { type: "string" } }),
    temperature: number,
    top_p: number,
    presence_penalty: number,
    frequency_penalty: number,
    top_logprobs: { type: ["integer", "null"], minimum: 0, maximum: 20 },
    max_output_tokens: integer,
    max_tool_calls: integer,
    parallel_tool_calls: boolean,
    safety_identifier: string,
    prompt_cache_key: string,
    user: string,
    truncation: orNull(strings("auto", "disabled")),
    service_tier: orNull(strings("auto", "default", "flex", "scale", "priority", "fast", "ultrafast")),
    prompt_cache_retention: orNull(strings("in_memory", "24h")),
    stream_options: orNull(record({ include_obfuscation: { type: "boolean" } })),
    text: orNull(
      record({
        format: {
          type: "object",
          discriminator: { propertyName: "type" },
          required: ["type"],
          oneOf: [
            record({ type: strings("text") }, ["type"]),
            record({ type: strings("json_object") }, ["type"]),
            record(
              {
                type: strings("json_schema"),
                name: { type: "string" },
                schema: { type: "object" },
                description: { type: "string" },
                strict: boolean,
              },
              ["type", "name", "schema"],
            ),
          ],
        },
        verbosity: orNull(strings("low", "medium", "high")),
      }),
    ),
    reasoning: orNull(
      record({
        effort: orNull(strings("none", "minimal", "low", "medium", "high", "xhigh", "max")),
        summary: orNull(strings("auto", "concise", "detailed")),
        generate_summary: orNull(strings("auto", "concise", "detailed")),
        context: orNull(strings("auto", "current_turn", "all_turns")),
        mode: { type: "string" },
      }),
    ),
    tool_choice: {
      anyOf: [
        { type: "string" },
        record(
          {
            type: { type: "string" },
            name: string,
            server_label: { type: "string" },
            mode: { type: "string" },
            tools: { type: "array" },
          },
          ["type"],
        ),
        { type: "null" },
      ],
      description: "a string or an object with a 'type'",
    },
    context_management: orNull({
      type: "array",
      items: record({ type: { type: "string" }, compact_threshold: number }, ["type"]),
    }),
    prompt: {
      ...orNull(
        record(
          {
            id: { type: "string" },
            version: string,
            variables: orNull({ type: "object", additionalProperties: VARIABLE }),
          },
          ["id"],
        ),
      ),
      description: "an object with a string 'id'",
    },
    access_programs: record({ cyber: strings("standard", "daybreak_blue", "daybreak_red") }),
    background_options: {
      ...orNull(record({ completion_window: strings("soonest", "2h", "8h"), continuation_id: { type: "string" } })),
      description: '{ completion_window?: "soonest" | "2h" | "8h", continuation_id?: string }',
      "x-whole": true,
    },
    prompt_cache_options: {
      ...record({
        mode: strings("implicit", "explicit"),
        ttl: strings("30m", "12h"),
        prewarm: { type: "boolean" },
        comparison_response_id: string,
      }),
      description:
        '{ mode?: "implicit" | "explicit", ttl?: "30m" | "12h", prewarm?: boolean, comparison_response_id?: string | null }',
      "x-whole": true,
    },
    image: {
      ...record({ context_compression: strings("auto", "enabled", "disabled") }),
      description: '{ context_compression?: "auto" | "enabled" | "disabled" }',
      "x-whole": true,
    },
    moderation: {
      ...orNull(
        record(
          {
            model: { type: "string" },
            policy: orNull(
              record({
                input: orNull(record({ mode: strings("score", "block") }, ["mode"])),
                output: orNull(record({ mode: strings("score", "block") }, ["mode"])),
              }),
            ),
          },
          ["model"],
        ),
      ),
      description:
        '{ model: string, policy?: { input?: { mode: "score" | "block" }, output?: { mode: "score" | "block" } } }',
      "x-whole": true,
    },
  },
};
