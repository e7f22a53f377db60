// The body a client sends to Anthropic's `POST /v1/messages` (and `/v1/messages/count_tokens`): its
// schema first, the types beside it, held to the schema and to `@anthropic-ai/sdk`'s params by the
// type tests. Anthropic validates with tagged unions, so its refusals name a block's type in the
// path (`messages.0.content.1.tool_use.id: Field required`); the fake words them so. Rules across
// fields and blocks (pairing, signatures, cache breakpoints, a tool's name) come after.
import { type BodySchema, nullable, orNull, record, type SchemaNode, strings } from "./schema.js";

const { number, integer, string, boolean } = nullable;

/**
 * A content block as sent (a text, an image, a tool_use, a tool_result, a thinking block, …): the
 * fields the schema checks typed (which a block has follows its `type`); every other field is
 * kept as sent (no index signature: the SDK's block types, interfaces, are assignable to it).
 */
export interface AnthropicRequestBlock {
  type: string;
  text?: string;
  /** An image's or document's source (an object), a search result's (a string). */
  source?: unknown;
  id?: string;
  name?: string;
  /** An object (the schema says so; the SDK types it `unknown`). */
  input?: unknown;
  tool_use_id?: string;
  is_error?: boolean | null;
  thinking?: string;
  signature?: string;
  data?: string;
  /** A tool result's content: a string, or blocks. */
  content?: unknown;
  cache_control?: unknown;
  citations?: unknown;
}

/** A system prompt's block: text (with its cache breakpoint and citations as sent). */
export type AnthropicRequestTextBlock = { type: "text"; text: string; cache_control?: unknown; citations?: unknown };

/**
 * A message of an Anthropic Messages request: a role, and a string or content blocks. A `system`
 * message (mid-conversation instructions, text only) is what `@anthropic-ai/sdk` 1.17 types as
 * `SystemMessageParam`.
 */
export interface AnthropicRequestMessage {
  role: "user" | "assistant" | "system";
  content: string | readonly AnthropicRequestBlock[];
}

/**
 * A tool as an Anthropic request declares it: `{ name, input_schema }`, or a server tool
 * (`{ type, name }`; a toolset, `{ type }` alone).
 */
export interface AnthropicRequestTool {
  name?: string;
  type?: string | null;
  input_schema?: Record<string, unknown>;
  description?: string;
  cache_control?: unknown;
}

/** Which tool the model may or must call. */
export type AnthropicRequestToolChoice =
  | { type: "auto" | "any" | "none"; disable_parallel_tool_use?: boolean }
  | { type: "tool"; name: string; disable_parallel_tool_use?: boolean };

/** Extended thinking: on with a budget, adaptive, between tool calls (`@anthropic-ai/sdk` 1.17), or off. */
export type AnthropicRequestThinking =
  | { type: "enabled"; budget_tokens: number; display?: unknown }
  | { type: "adaptive"; display?: unknown }
  | { type: "between_tools" }
  | { type: "disabled" };

/** A server of the MCP connector (`mcp_servers`, the `mcp-client` beta). */
export interface AnthropicRequestMcpServer {
  type: "url";
  url: string;
  name: string;
  authorization_token?: string | null;
  tool_configuration?: { enabled?: boolean | null; allowed_tools?: string[] | null } | null;
}

/** The body of `POST /v1/messages` (and of `/v1/messages/count_tokens`). */
export interface AnthropicMessagesRequestBody {
  /** Required by the schema; a lax fake takes a body without it. */
  model?: string;
  /** Required by a create's schema (not by count_tokens'). */
  max_tokens?: number;
  messages?: AnthropicRequestMessage[];
  system?: string | AnthropicRequestTextBlock[] | null;
  tools?: AnthropicRequestTool[] | null;
  tool_choice?: AnthropicRequestToolChoice | null;
  thinking?: AnthropicRequestThinking | null;
  stream?: boolean | null;
  mcp_servers?: AnthropicRequestMcpServer[] | null;
  metadata?: unknown;
  stop_sequences?: unknown;
  cache_control?: unknown;
  container?: unknown;
  diagnostics?: unknown;
  inference_geo?: unknown;
  /** Structured outputs: the answer's text held to `format.schema`. */
  output_config?: { format?: { type: "json_schema"; schema: Record<string, unknown> } | null; effort?: unknown } | null;
  service_tier?: unknown;
  speed?: unknown;
  user_profile_id?: unknown;
  workspace_id?: unknown;
  temperature?: unknown;
  top_p?: unknown;
  top_k?: unknown;
}

const STRING = { type: "string" } as const;
const block = (type: string, properties: Record<string, SchemaNode> = {}, required: string[] = []): SchemaNode =>
  record({ type: strings(type), ...properties }, ["type", ...required]);

/** The blocks a message may hold, each with the fields the API requires of it. */
const BLOCK: SchemaNode = {
  type: "object",
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    block("text", { text: STRING }, ["text"]),
    block("image", { source: { type: "object" } }, ["source"]),
    block("document", { source: { type: "object" } }, ["source"]),
    block("search_result"),
    // an input that is JSON text is what a history carried over from Chat Completions or Responses sends
    block("tool_use", { id: STRING, name: STRING, input: { type: "object", description: "a valid dictionary" } }, [
      "id",
      "name",
      "input",
    ]),
    block("tool_result", { tool_use_id: STRING, is_error: boolean }, ["tool_use_id"]),
    block("thinking", { thinking: STRING, signature: STRING }, ["thinking", "signature"]),
    block("redacted_thinking", { data: STRING }, ["data"]),
    block("server_tool_use"),
    block("web_search_tool_result"),
    block("web_fetch_tool_result"),
    block("code_execution_tool_result"),
    block("container_upload"),
    block("mcp_tool_use"),
    block("mcp_tool_result"),
  ],
};

const MESSAGE: SchemaNode = {
  ...record(
    {
      role: strings("user", "assistant", "system"),
      content: {
        anyOf: [STRING, { type: "array", items: BLOCK }],
        description: "a valid string or a valid list",
      },
    },
    ["role", "content"],
  ),
  description: "a valid dictionary or object to extract fields from",
};

const SYSTEM: SchemaNode = {
  anyOf: [STRING, { type: "array", items: block("text", { text: STRING }, ["text"]) }, { type: "null" }],
  description: "a valid string or a valid list",
};

const TOOL = {
  ...record({ name: STRING, type: string, input_schema: { type: "object" }, description: STRING }),
  description: "a valid dictionary or object",
};

const TOOL_CHOICE: SchemaNode = orNull({
  type: "object",
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    block("auto", { disable_parallel_tool_use: { type: "boolean" } }),
    block("any", { disable_parallel_tool_use: { type: "boolean" } }),
    block("tool", { name: STRING, disable_parallel_tool_use: { type: "boolean" } }, ["name"]),
    block("none"),
  ],
});

const THINKING: SchemaNode = orNull({
  type: "object",
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    block("enabled", { budget_tokens: { type: "integer", minimum: 1024 } }, ["budget_tokens"]),
    block("disabled"),
    block("adaptive"),
    block("between_tools"),
  ],
});

const MCP_SERVER: SchemaNode = record(
  {
    type: strings("url"),
    url: STRING,
    name: STRING,
    authorization_token: string,
    tool_configuration: orNull(record({ enabled: boolean, allowed_tools: orNull({ type: "array", items: STRING }) })),
  },
  ["type", "url", "name"],
);

const PROPERTIES: Record<string, SchemaNode> = {
  model: STRING,
  max_tokens: { type: "integer", minimum: 1 },
  messages: { type: "array", items: MESSAGE },
  system: SYSTEM,
  tools: orNull({ type: "array", items: TOOL }),
  tool_choice: TOOL_CHOICE,
  thinking: THINKING,
  stream: boolean,
  mcp_servers: orNull({ type: "array", items: MCP_SERVER }),
  metadata: orNull(record({ user_id: string })),
  output_config: orNull(
    record({
      format: orNull(record({ type: strings("json_schema"), schema: { type: "object" } }, ["type", "schema"])),
    }),
  ),
  temperature: number,
  top_p: number,
  top_k: integer,
};

/** A create body's schema (`POST /v1/messages`). */
export const ANTHROPIC_CREATE_SCHEMA: BodySchema = {
  type: "object",
  required: ["model", "max_tokens", "messages"],
  properties: PROPERTIES,
};

/** A count_tokens body's schema: a create's without `max_tokens`. */
export const ANTHROPIC_COUNT_TOKENS_SCHEMA: BodySchema = {
  type: "object",
  required: ["model", "messages"],
  properties: PROPERTIES,
};
