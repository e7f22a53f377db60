// The bodies a client sends to the Agents API's sessions (create, update, an events batch): their
// schemas first, the types beside them, held to the `openai` SDK's params by the type tests.
import { REQUEST_ITEM, REQUEST_TOOL, type RequestItem, type RequestTool } from "./responsesRequest.js";
import { type BodySchema, METADATA, nullable, orNull, record, type SchemaNode, strings } from "./schema.js";

const { number, string } = nullable;

const AGENT_SCHEMA: SchemaNode = record({
  model: { type: "string" },
  name: { type: "string" },
  instructions: string,
  tools: { anyOf: [{ type: "array", items: REQUEST_TOOL }, { type: "null" }], description: "an array of tools" },
  multi_agent: orNull(record({ enabled: { type: "boolean" }, max_concurrent_subagents: number }, ["enabled"])),
  reasoning: orNull(
    record({
      effort: orNull(strings("none", "minimal", "low", "medium", "high", "xhigh", "max")),
      summary: orNull(strings("auto", "concise", "detailed")),
    }),
  ),
  service_tier: orNull(strings("auto", "default", "flex", "priority", "fast", "ultrafast")),
});
const SESSION_INPUT: SchemaNode = {
  anyOf: [{ type: "string" }, { type: "array", items: REQUEST_ITEM }, { type: "null" }],
  description: "a string or an array of messages",
};

/**
 * A session create body's schema (`POST /agents/sessions`), as the `openai` SDK's params type it.
 * Which fields are required together (an environment; an agent or its id; input for some
 * environments) and `prompt_cache_options` are the fake's own rules, after it.
 */
export const AGENTS_CREATE_SCHEMA: BodySchema = {
  type: "object",
  properties: {
    agent: AGENT_SCHEMA,
    agent_id: { type: "string" },
    environment: {
      type: "object",
      required: ["type"],
      discriminator: { propertyName: "type" },
      oneOf: [
        record({ type: strings("none") }, ["type"]),
        record(
          {
            type: strings("openai_hosted"),
            environment_id: { type: "string" },
            container_size: { type: "string" },
            env: orNull({ type: "object", additionalProperties: { type: "string" } }),
          },
          ["type"],
        ),
        record(
          { type: strings("self_hosted"), workspace_directory: { type: "string" }, remote_url: { type: "string" } },
          ["type", "workspace_directory"],
        ),
      ],
    },
    input: SESSION_INPUT,
    metadata: METADATA,
    stream: { type: "boolean" },
  },
};

/** A session update body's schema (`POST /agents/sessions/{id}`). */
export const AGENTS_UPDATE_SCHEMA: BodySchema = {
  type: "object",
  properties: {
    agent: AGENT_SCHEMA,
    metadata: METADATA,
  },
};

/** An events batch body's schema (`POST /agents/sessions/{id}/events`). */
export const AGENTS_EVENTS_SCHEMA: BodySchema = {
  type: "object",
  required: ["events"],
  properties: {
    events: {
      type: "array",
      items: record(
        {
          type: { type: "string" },
          turn_id: { type: "string" },
          call_id: string,
          success: { type: "boolean" },
          error: string,
          request_id: { type: "string" },
          id: { type: "string" },
        },
        ["type"],
      ),
    },
    stream: { type: "boolean" },
  },
};

/** The agent a session body configures. */
export interface AgentsAgentBody {
  model?: string;
  name?: string;
  instructions?: string | null;
  tools?: RequestTool[] | null;
  compaction?: unknown;
  experimental?: unknown;
  multi_agent?: { enabled: boolean; max_concurrent_subagents?: number | null } | null;
  reasoning?: {
    effort?: "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max" | null;
    summary?: "auto" | "concise" | "detailed" | null;
  } | null;
  service_tier?: "auto" | "default" | "flex" | "priority" | "fast" | "ultrafast" | null;
  text?: unknown;
}

/** A session's environment: none, hosted by OpenAI (a new one, or an existing one by id), or the app's own. */
export type AgentsEnvironmentBody =
  | { type: "none" }
  | { type: "openai_hosted"; environment_id?: string; container_size?: string; env?: Record<string, string> | null }
  | { type: "self_hosted"; workspace_directory: string; remote_url?: string; capability_directories?: unknown };

/** The body of `POST /agents/sessions`. */
export interface AgentsCreateBody {
  agent?: AgentsAgentBody;
  agent_id?: string;
  environment?: AgentsEnvironmentBody;
  input?: string | RequestItem[] | null;
  metadata?: Record<string, string> | null;
  stream?: boolean;
  prompt_cache_options?: unknown;
  review?: unknown;
  stream_options?: unknown;
  vault_ids?: unknown;
}

/** The body of `POST /agents/sessions/{id}` (an update). */
export interface AgentsUpdateBody {
  agent?: AgentsAgentBody;
  metadata?: Record<string, string> | null;
  prompt_cache_options?: unknown;
  review?: unknown;
}

/** One event of a `POST /agents/sessions/{id}/events` batch (a tool result, an approval, a message, a cancel). */
export interface AgentsInputBody {
  type: string;
  turn_id?: string;
  call_id?: string | null;
  success?: boolean;
  output?: unknown;
  error?: string | null;
  request_id?: string;
  response?: unknown;
  input?: unknown;
  id?: string;
}

/** The body of `POST /agents/sessions/{id}/events`. */
export interface AgentsEventsBody {
  events: AgentsInputBody[];
  stream?: boolean;
}
