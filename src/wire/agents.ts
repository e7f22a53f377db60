import type { RequiredAction } from "../types.js";

// Shapes of the `openai` package's `client.beta.agents` wire types (checked by type tests
// against openai's own declarations). Where the Agents API article and the SDK differ — e.g.
// the article's `agent_message { from, text }` is the SDK's `{ sender_agent_id,
// recipient_agent_id, content }` — the SDK wins: it is what real clients parse.

export interface AgentFunctionToolParam {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface SessionCreateBody {
  agent: {
    model: string;
    instructions: string;
    tools: AgentFunctionToolParam[];
    multi_agent?: { enabled: boolean; max_concurrent_subagents?: number };
  };
  environment: { type: "openai_hosted" } | { type: "none" };
  input: Array<{ type: "message"; role: "user"; content: Array<{ type: "input_text"; text: string }> }>;
}

export interface AgentSessionObject {
  id: string;
  object: "agent.session";
  agent: {
    id: string;
    instructions: string | null;
    model: string;
    multi_agent: { enabled: boolean; max_concurrent_subagents: number | null };
    name: string | null;
    reasoning: { effort: "low" | "medium" | "high" | null; summary: "auto" | null };
    service_tier: "auto" | "default";
    text: { format: { type: "text" }; verbosity: "low" | "medium" | "high" };
    tools: Array<{
      type: "function";
      name: string;
      description: string;
      parameters: Record<string, unknown>;
      defer_loading: boolean;
    }>;
  };
  created_at: number;
  environment: EnvironmentResource;
  error: string | null;
  last_active_at: number;
  metadata: Record<string, string>;
  required_actions: RequiredAction[];
  status: "idle" | "in_progress" | "requires_action" | "failed";
  usage: TokenUsage | null;
  vault_ids: string[];
  /** How long the session's prompt cache lives (openai ≥ 7.59); absent when not asked for. */
  prompt_cache_options?: { ttl: "30m" | "12h" } | null;
}

/** A session's execution environment, as the SDK types the resource. */
export type EnvironmentResource =
  | { type: "none" }
  | {
      type: "openai_hosted";
      id: string;
      capability_directories: string[];
      files: never[];
      network: { access: "enabled" | "disabled" | "restricted"; allowed_domains: string[] };
      packages: { npm: string[]; python: string[]; system: string[] };
      plugins: never[];
      skills: never[];
    }
  | {
      type: "self_hosted";
      id: string;
      capability_directories: string[];
      remote_url: string;
      workspace_directory: string;
    };

/** The failure codes the `openai` SDK gives a turn (`SessionTurnError["code"]`). */
export type TurnErrorCode =
  | "context_length_exceeded"
  | "max_output_tokens"
  | "usage_limit_exceeded"
  | "project_spend_limit_exceeded"
  | "organization_spend_limit_exceeded"
  | "organization_usage_limit_exceeded"
  | "billing_not_active"
  | "credit_balance_exhausted"
  | "rate_limit_exceeded"
  | "flex_unavailable"
  | "server_overloaded"
  | "cyber_policy"
  | "misalignment_policy_violation"
  | "connection_failed"
  | "server_error"
  | "authentication_error"
  | "invalid_request"
  | "resource_not_found"
  | "sandbox_error"
  | "executor_version_incompatible"
  | "active_turn_not_steerable"
  | "request_timeout"
  | "internal_error";

export interface TokenUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export interface TurnObject {
  id: string;
  object: "agent.session.turn";
  agent_id: string;
  session_id: string;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  error: { code: TurnErrorCode; message: string } | null;
  status: "queued" | "in_progress" | "waiting" | "completed" | "failed" | "cancelled";
  subagent_id: string | null;
  usage: TokenUsage | null;
}

export type AgentContent = { type: "output_text"; text: string };
type CallStatus = "in_progress" | "completed" | "failed" | "incomplete";

export interface CreateSubagentCallItem {
  type: "create_subagent_call";
  id: string;
  agent_id: string;
  content: AgentContent[];
  model: string | null;
  reasoning_effort: string | null;
  status: CallStatus;
  turn_id: string;
}
export interface SendSubagentInputCallItem {
  type: "send_subagent_input_call";
  id: string;
  content: AgentContent[];
  recipient_agent_id: string;
  sender_agent_id: string;
  status: CallStatus;
  turn_id: string;
}
export interface WaitForSubagentsCallItem {
  type: "wait_for_subagents_call";
  id: string;
  recipient_agent_ids: string[];
  sender_agent_id: string;
  status: CallStatus;
  turn_id: string;
}
export interface InterruptSubagentCallItem {
  type: "interrupt_subagent_call";
  id: string;
  recipient_agent_id: string;
  sender_agent_id: string;
  status: CallStatus;
  turn_id: string;
}
export interface AgentMessageItem {
  type: "agent_message";
  id: string;
  content: AgentContent[];
  recipient_agent_id: string;
  sender_agent_id: string;
  turn_id: string;
}
export type SubagentItem =
  | CreateSubagentCallItem
  | SendSubagentInputCallItem
  | WaitForSubagentsCallItem
  | InterruptSubagentCallItem
  | AgentMessageItem;

/** An event of one turn, as the Agents fake sends it (`f.agents.turnEvents`). */
export type TurnEvent =
  | {
      type: "agent.session.in_progress" | "agent.session.requires_action" | "agent.session.idle";
      event_id: string;
      session: AgentSessionObject;
    }
  | {
      type: "agent.session.turn.created" | "agent.session.turn.in_progress";
      event_id: string;
      session_id: string;
      turn_id: string;
      turn: TurnObject;
    }
  | {
      type: "agent.session.turn.completed";
      event_id: string;
      session_id: string;
      turn_id: string;
      turn: TurnObject;
      usage: TokenUsage | null;
    }
  | {
      type: "agent.session.turn.item.added" | "agent.session.turn.item.done";
      event_id: string;
      session_id: string;
      turn_id: string | null;
      output_index: number;
      item: Record<string, unknown>;
    }
  | {
      type: "agent.session.turn.content_part.added" | "agent.session.turn.content_part.done";
      event_id: string;
      session_id: string;
      turn_id: string;
      item_id: string;
      output_index: number;
      content_index: number;
      part: { type: "output_text"; text: string };
    }
  | {
      type: "agent.session.turn.output_text.delta";
      event_id: string;
      session_id: string;
      turn_id: string;
      item_id: string;
      output_index: number;
      content_index: number;
      delta: string;
    }
  | {
      type: "agent.session.turn.output_text.done";
      event_id: string;
      session_id: string;
      turn_id: string;
      item_id: string;
      output_index: number;
      content_index: number;
      text: string;
    }
  | {
      type: "agent.session.environment.disconnected";
      event_id: string;
      session_id: string;
      turn_id: string | null;
      environment: { id: string; error: null; status: "disconnected"; type: "self_hosted" };
    };
