/** Why an item may or may not be replayed, in the order the gate checks. */
export type GateReason =
  | "namespaced"
  | "not_function_call"
  | "status"
  | "arguments_type"
  | "arguments_parse"
  | "unknown_tool"
  | "arguments_schema"
  | "missing_signature"
  | "ok";

/** Every gate reason, in the order the gate checks them. */
export const GATE_REASONS: readonly GateReason[] = [
  "namespaced",
  "not_function_call",
  "status",
  "arguments_type",
  "arguments_parse",
  "unknown_tool",
  "arguments_schema",
  "missing_signature",
  "ok",
];

/** One JSON Schema violation: JSON Pointer into the arguments, Ajv keyword, message and params. */
export interface SchemaIssue {
  path: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

export interface GateResult {
  ok: boolean;
  reason: GateReason;
  /** One line that names the field, e.g. `status: status is "in_progress", expected "completed"`. */
  message: string;
  errors: SchemaIssue[];
  /** The parsed arguments, once the parse step passed. */
  arguments?: unknown;
}

export type JsonSchema = Record<string, unknown> | boolean;

/** A function tool as the Responses API declares it. */
export interface FunctionToolDefinition {
  type: "function";
  name: string;
  parameters?: JsonSchema | null;
  description?: string | null;
  strict?: boolean | null;
}

/** A function tool as Chat Completions declares it (accepted for convenience). */
export interface ChatFunctionToolDefinition {
  type: "function";
  function: { name: string; parameters?: JsonSchema | null; description?: string; strict?: boolean | null };
}

/** A tool as Anthropic Messages declares it (`@anthropic-ai/sdk`'s `Tool`): its schema is `input_schema`. */
export interface AnthropicToolDefinition {
  type?: "custom" | null;
  name: string;
  input_schema: JsonSchema;
  description?: string;
  strict?: boolean;
}

/** A tool as an MCP server declares it (`tools/list`): its schema is `inputSchema`. */
export interface McpToolDefinition {
  type?: undefined;
  name: string;
  inputSchema: JsonSchema;
  description?: string;
  title?: string;
  outputSchema?: JsonSchema;
}

/**
 * A function as Gemini declares it (`@google/genai`'s `FunctionDeclaration`): its schema is
 * `parametersJsonSchema`, or `parameters` in Google's OpenAPI subset (`type: "OBJECT"`).
 */
export interface GeminiFunctionDeclaration {
  type?: undefined;
  /** Optional as `@google/genai` types it; a declaration without one is a `ToolSpecError` at run time. */
  name?: string;
  description?: string;
  parameters?: unknown;
  parametersJsonSchema?: unknown;
}

/**
 * A Gemini tool of functions (`{ functionDeclarations: [...] }`, `@google/genai`'s `Tool`): each declaration is a
 * tool of the set.
 */
export interface GeminiFunctionTool {
  functionDeclarations?: readonly GeminiFunctionDeclaration[];
}

/**
 * A Bedrock Converse tool (`@aws-sdk/client-bedrock-runtime`'s `Tool`): a `toolSpec` is a function
 * (`{ name, inputSchema: { json } }`); a `cachePoint` or a `systemTool` in the list is left out.
 */
export interface ConverseTool {
  toolSpec?: { name?: string; description?: string; inputSchema?: unknown; strict?: boolean };
  cachePoint?: unknown;
  systemTool?: unknown;
}

export type ToolDefinition =
  | FunctionToolDefinition
  | ChatFunctionToolDefinition
  | AnthropicToolDefinition
  | McpToolDefinition
  | GeminiFunctionDeclaration;

/**
 * A function tool as a plain `const tools = [{ type: "function", … }]` declares it: TypeScript
 * widens `type` to `string` there. Accepted as it is; a `type` other than `"function"` is a
 * `ToolSpecError` at run time.
 */
export type ToolLike = (Omit<FunctionToolDefinition, "type"> | Omit<ChatFunctionToolDefinition, "type">) & {
  type: string;
};

/**
 * What the gate validates arguments against: a bare JSON Schema, one function tool
 * definition, or a tool set (picked by the item's `name`).
 */
export type ToolSpec =
  | JsonSchema
  | ToolDefinition
  | ToolLike
  | GeminiFunctionTool
  | ConverseTool
  | readonly (ToolDefinition | ToolLike | GeminiFunctionTool | ConverseTool)[];

/** Open Responses `function_call` item. */
export interface FunctionCallItem {
  type: "function_call";
  id?: string;
  call_id: string;
  name: string;
  arguments: string;
  status?: "in_progress" | "completed" | "incomplete";
}

/** A content part of a tool output: text, an image or a file (the spec's input content types). */
export type InputContentPart =
  | { type: "input_text"; text: string }
  | { type: "input_image"; detail: "low" | "high" | "auto"; image_url?: string | null; file_id?: string | null }
  | { type: "input_file"; file_id?: string | null; file_data?: string; file_url?: string; filename?: string };

/** Open Responses `function_call_output` item. */
export interface FunctionCallOutputItem {
  type: "function_call_output";
  id?: string;
  call_id: string;
  output: string | InputContentPart[];
  status?: "in_progress" | "completed" | "incomplete";
}

/** Agents API: a `function_call` in a session's `required_actions` (arguments are an object). */
export interface RequiredFunctionCall {
  type: "function_call";
  turn_id: string;
  call_id: string;
  name: string;
  arguments: unknown;
}

/** A field of a browser sign-in form the agent asks the application to fill. */
export interface BrowserAuthenticationField {
  id: string;
  label: string;
  required: boolean;
  type: string;
}

/** What a computer-use approval asks for: sign-in values for a form, or access to an origin. */
export type ComputerUseApprovalRequestKind =
  | {
      type: "browser_authentication";
      credential_origin: string | null;
      fields: BrowserAuthenticationField[];
      options: Array<{ id: string; field_ids: string[]; label: string }>;
      reason: string | null;
    }
  | { type: "browser_origin_access"; origin: string; reason: string | null };

/** Agents API: a `computer_use_approval_request` in a session's `required_actions`. */
export interface RequiredComputerUseApproval {
  type: "computer_use_approval_request";
  request_id: string;
  turn_id: string;
  request: ComputerUseApprovalRequestKind;
}

/** What an MCP approval asks for: to run a tool of an MCP server (openai ≥ 7.59). */
export interface McpToolCallApprovalRequest {
  type: "mcp_tool_call";
  server_label: string;
  name: string | null;
  arguments: unknown;
  message: string;
}

/** Agents API: an `mcp_approval_request` in a session's `required_actions` (openai ≥ 7.59). */
export interface RequiredMcpApproval {
  type: "mcp_approval_request";
  request_id: string;
  turn_id: string;
  request: McpToolCallApprovalRequest;
}

/** Agents API: an `environment_connection` in `required_actions`: a self-hosted environment must reconnect. */
export interface RequiredEnvironmentConnection {
  type: "environment_connection";
  environment_id: string;
}

/** Any entry of a session's `required_actions`, as the `openai` SDK types them. */
export type RequiredAction =
  | RequiredFunctionCall
  | RequiredMcpApproval
  | RequiredComputerUseApproval
  | RequiredEnvironmentConnection;

/** The approval requests among the required actions: answered by `request_id`. */
export type RequiredApproval = RequiredComputerUseApproval | RequiredMcpApproval;

/** The application's answer to a computer-use approval request. */
export type ComputerUseApprovalResponse =
  | {
      type: "browser_authentication";
      action: "submit";
      fields: Array<{ field_id: string; value: string }>;
      selected_option?: string | null;
    }
  | { type: "browser_authentication"; action: "cancel" }
  | { type: "browser_origin_access"; decision: "approve" | "deny" | "cancel" };

/** Agents API input event `agent.session.input.computer_use_approval_request_result`. */
export interface ApprovalResultEvent {
  type: "agent.session.input.computer_use_approval_request_result";
  request_id: string;
  response: ComputerUseApprovalResponse;
}

/** The application's answer to an MCP approval request. */
export interface McpApprovalResponse {
  type: "mcp_tool_call";
  decision: "approve" | "deny" | "cancel";
}

/** Agents API input event `agent.session.input.mcp_approval_request_result` (openai ≥ 7.59). */
export interface McpApprovalResultEvent {
  type: "agent.session.input.mcp_approval_request_result";
  request_id: string;
  response: McpApprovalResponse;
}

/** Either approval result: each answers the request with its `request_id`. */
export type AnyApprovalResultEvent = ApprovalResultEvent | McpApprovalResultEvent;

/** Agents API input event `agent.session.input.tool_result`. */
export interface ToolResultEvent {
  type: "agent.session.input.tool_result";
  turn_id: string;
  call_id: string;
  success: boolean;
  /** A string (serialize objects), or text parts; the SDK's image and file parts differ from Open Responses'. */
  output?: string | Array<{ type: "input_text"; text: string }> | null;
  error?: string | null;
}

export type PairReason =
  | "ok"
  | "call_not_pairable"
  | "not_a_result"
  | "call_id_mismatch"
  | "turn_id_mismatch"
  | "output_type"
  | "missing_error"
  | "request_id_mismatch"
  | "response_mismatch";

export const PAIR_REASONS: readonly PairReason[] = [
  "ok",
  "call_not_pairable",
  "not_a_result",
  "call_id_mismatch",
  "turn_id_mismatch",
  "output_type",
  "missing_error",
  "request_id_mismatch",
  "response_mismatch",
];

export interface PairResult {
  ok: boolean;
  reason: PairReason;
  message: string;
}
