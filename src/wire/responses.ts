// The Open Responses wire shapes the factories build and the fakes send, declared once, held to
// the \`openai\` SDK's own types by the type tests (test/types/). Types only: nothing here runs.
import type { FunctionCallItem, FunctionCallOutputItem } from "../types.js";

export type ItemStatus = "in_progress" | "completed" | "incomplete";

export interface InputTextPart {
  type: "input_text";
  text: string;
}
/** A source a message's text cites. */
export interface UrlCitation {
  type: "url_citation";
  url: string;
  title: string;
  start_index: number;
  end_index: number;
}

export interface OutputTextPart {
  type: "output_text";
  text: string;
  /** A web search's sources, on the message after it (`url_citation` over the text); `[]` otherwise. */
  annotations: UrlCitation[];
  /** With `include: ["message.output_text.logprobs"]`: each token's log probability. */
  logprobs?: TokenLogprob[];
}

/** A refusal in place of the answer (`turn.refusal`): the model declines, saying why. */
export interface OutputRefusalPart {
  type: "refusal";
  refusal: string;
}

/** One token's log probability, with the likeliest alternatives (`top_logprobs` of them). */
export interface TokenLogprob {
  token: string;
  bytes: number[];
  logprob: number;
  top_logprobs: Array<{ token: string; bytes: number[]; logprob: number }>;
}

/**
 * An Open Responses `message` item (the spec's `Message`). An assistant message the factories
 * build holds text parts; one a response outputs may be a refusal (`AssistantPart`).
 */
export interface MessageItem<
  Role extends "user" | "assistant" | "system" | "developer" = "user" | "assistant" | "system" | "developer",
  AssistantPart extends OutputTextPart | OutputRefusalPart = OutputTextPart,
> {
  type: "message";
  id: string;
  status: ItemStatus;
  role: Role;
  content: Array<Role extends "assistant" ? AssistantPart : InputTextPart>;
}

/** An Open Responses `reasoning` item. */
export interface ReasoningItem {
  type: "reasoning";
  id: string;
  summary: Array<{ type: "summary_text"; text: string }>;
  /** Opaque; present when the request asked for `reasoning.encrypted_content` or had `store: false`. */
  encrypted_content?: string;
}

/** A compaction item: the context it replaced, opaque (`responses.compact`, or `context_management`). */
export interface CompactionItem {
  type: "compaction";
  id: string;
  encrypted_content: string;
}

/** A `function_call` as the factories build it: every field present. */
export interface BuiltFunctionCall extends FunctionCallItem {
  id: string;
  status: ItemStatus;
  /** The `namespace` tool the called function belongs to (a fake's call to a namespaced tool). */
  namespace?: string;
  /** The program that made the call (programmatic tool calling); absent: the model called it. */
  caller?: { type: "program"; caller_id: string };
}

/** A `function_call_output` as the factories build it. */
export interface BuiltFunctionCallOutput extends FunctionCallOutputItem {
  id: string;
  status: "completed";
}

/** A web search the model ran. */
export interface WebSearchCallItem {
  type: "web_search_call";
  id: string;
  status: "in_progress" | "searching" | "completed" | "failed" | "incomplete";
  action: { type: "search"; query: string; sources?: Array<{ type: "url"; url: string }> };
}

/** A file search over vector stores; `results` with `include: ["file_search_call.results"]`. */
export interface FileSearchCallItem {
  type: "file_search_call";
  id: string;
  status: "in_progress" | "searching" | "completed" | "incomplete" | "failed";
  queries: string[];
  results: Array<{
    file_id: string;
    filename: string;
    score: number;
    text: string;
    attributes: Record<string, string | number | boolean>;
  }> | null;
}

/** Code run in a container; `outputs` with `include: ["code_interpreter_call.outputs"]`. */
export interface CodeInterpreterCallItem {
  type: "code_interpreter_call";
  id: string;
  status: "in_progress" | "completed" | "incomplete" | "interpreting" | "failed";
  code: string | null;
  container_id: string;
  outputs: Array<{ type: "logs"; logs: string }> | null;
}

/** An image the model generated (`result`: base64). */
export interface ImageGenerationCallItem {
  type: "image_generation_call";
  id: string;
  status: "in_progress" | "completed" | "generating" | "failed";
  result: string | null;
  action: "generate" | "edit" | "auto";
  background: "transparent" | "opaque" | "auto";
  output_format: "png" | "webp" | "jpeg";
  quality: "low" | "medium" | "high" | "auto";
  size: string;
  revised_prompt: string;
}

/** The tools a remote MCP server lists. */
export interface McpListToolsItem {
  type: "mcp_list_tools";
  id: string;
  server_label: string;
  tools: Array<{ name: string; description: string | null; input_schema: unknown; annotations: unknown | null }>;
  error: string | null;
}

/** A call to a remote MCP server's tool, answered by the server. */
export interface McpCallItem {
  type: "mcp_call";
  id: string;
  server_label: string;
  name: string;
  arguments: string;
  status: "in_progress" | "completed" | "incomplete" | "calling" | "failed";
  output: string | null;
  error: McpCallError | null;
  approval_request_id: string | null;
}

/** Why an MCP call failed (the SDK's three kinds). */
export type McpCallError =
  | { type: "mcp_protocol_error"; code: number; message: string }
  | { type: "mcp_tool_execution_error"; content: unknown }
  | { type: "http_error"; code: number; message: string };

/** The model asks the app to approve an MCP call. */
export interface McpApprovalRequestItem {
  type: "mcp_approval_request";
  id: string;
  server_label: string;
  name: string;
  arguments: string;
}

/** An action on a computer, for the app to perform. */
export interface ComputerCallItem {
  type: "computer_call";
  id: string;
  call_id: string;
  status: "in_progress" | "completed" | "incomplete";
  action: ComputerAction;
  pending_safety_checks: Array<{ id: string; code?: string | null; message?: string | null }>;
}

/** What a computer call asks of the app (the SDK's actions). */
export type ComputerAction =
  | {
      type: "click";
      button: "left" | "right" | "wheel" | "back" | "forward";
      x: number;
      y: number;
      keys?: string[] | null;
    }
  | { type: "double_click"; x: number; y: number; keys: string[] | null }
  | { type: "drag"; path: Array<{ x: number; y: number }>; keys?: string[] | null }
  | { type: "keypress"; keys: string[] }
  | { type: "move"; x: number; y: number; keys?: string[] | null }
  | { type: "screenshot" }
  | { type: "scroll"; x: number; y: number; scroll_x: number; scroll_y: number; keys?: string[] | null }
  | { type: "type"; text: string }
  | { type: "wait" };

/** A command for the app's local shell. */
export interface LocalShellCallItem {
  type: "local_shell_call";
  id: string;
  call_id: string;
  status: "in_progress" | "completed" | "incomplete";
  action: {
    type: "exec";
    command: string[];
    env: Record<string, string>;
    timeout_ms: number | null;
    user: string | null;
    working_directory: string | null;
  };
}

/** Commands for the app's shell. */
export interface ShellCallItem {
  type: "shell_call";
  id: string;
  call_id: string;
  status: "in_progress" | "completed" | "incomplete";
  action: { commands: string[]; max_output_length: number | null; timeout_ms: number | null };
  environment: { type: "local" } | { type: "container_reference"; container_id: string } | null;
}

/** A file change for the app to apply. */
export interface ApplyPatchCallItem {
  type: "apply_patch_call";
  id: string;
  call_id: string;
  status: "in_progress" | "completed";
  operation:
    | { type: "create_file"; path: string; diff: string }
    | { type: "update_file"; path: string; diff: string }
    | { type: "delete_file"; path: string };
}

/** A call to a custom tool, its input free-form text. */
export interface CustomToolCallItem {
  type: "custom_tool_call";
  id: string;
  call_id: string;
  name: string;
  input: string;
}

/** What a shell command gave: its output streams and how it ended. */
export interface ShellResult {
  stdout: string;
  stderr: string;
  outcome: { type: "exit"; exit_code: number } | { type: "timeout" };
}

/** The output of commands a hosted container ran for the model (the provider's, not the app's). */
export interface ShellCallOutputItem {
  type: "shell_call_output";
  id: string;
  call_id: string;
  status: "in_progress" | "completed" | "incomplete";
  max_output_length: number | null;
  output: ShellResult[];
}

/** The model searches the request's deferred tools (`execution: "client"`: the app searches, and answers). */
export interface ToolSearchCallItem {
  type: "tool_search_call";
  id: string;
  call_id: string | null;
  execution: "server" | "client";
  status: "in_progress" | "completed" | "incomplete";
  arguments: unknown;
}

/** The tools a server-executed tool search loaded, for the model to call from now on. */
export interface ToolSearchOutputItem {
  type: "tool_search_output";
  id: string;
  call_id: string | null;
  execution: "server" | "client";
  status: "in_progress" | "completed" | "incomplete";
  /** The loaded tools, as the request declared them. */
  tools: ResponseTool[];
}

/** JavaScript the model wrote to call tools (programmatic tool calling); its calls name it as their caller. */
export interface ProgramItem {
  type: "program";
  id: string;
  call_id: string;
  code: string;
  /** Opaque: sent back unchanged with the program. */
  fingerprint: string;
}

/** What a program returned, when it finished. */
export interface ProgramOutputItem {
  type: "program_output";
  id: string;
  call_id: string;
  result: string;
  status: "completed" | "incomplete";
}

/** An output item of a hosted, built-in or client-executed tool, as the SDK types it. */
export type ToolItem =
  | WebSearchCallItem
  | FileSearchCallItem
  | CodeInterpreterCallItem
  | ImageGenerationCallItem
  | McpListToolsItem
  | McpCallItem
  | McpApprovalRequestItem
  | ComputerCallItem
  | LocalShellCallItem
  | ShellCallItem
  | ShellCallOutputItem
  | ApplyPatchCallItem
  | CustomToolCallItem
  | ToolSearchCallItem
  | ToolSearchOutputItem
  | ProgramItem
  | ProgramOutputItem;

/** The output item types of hosted, built-in and client-executed tools the fakes script. */
export type ToolItemType = ToolItem["type"];

/** What a response's `output` holds: the model's items (its messages are the assistant's). */
export type OutputItem =
  | MessageItem<"assistant", OutputTextPart | OutputRefusalPart>
  | BuiltFunctionCall
  | BuiltFunctionCallOutput
  | ReasoningItem
  | CompactionItem
  | ToolItem;

/** A full response object, as `POST /responses` returns it. */
/** The codes a failed response's `error` may carry (the API's closed list, as the `openai` SDK types it). */
export type ResponseErrorCode =
  | "server_error"
  | "rate_limit_exceeded"
  | "invalid_prompt"
  | "data_residency_mismatch"
  | "bio_policy"
  | "misalignment_policy_violation"
  | "vector_store_timeout"
  | "invalid_image"
  | "invalid_image_format"
  | "invalid_base64_image"
  | "invalid_image_url"
  | "image_too_large"
  | "image_too_small"
  | "image_parse_error"
  | "image_content_policy_violation"
  | "invalid_image_mode"
  | "image_file_too_large"
  | "unsupported_image_media_type"
  | "empty_image_file"
  | "failed_to_download_image"
  | "image_file_not_found";

/** Which tools the model may or must call (the API's forms, as the `openai` SDK types them). */
export type ToolChoice =
  | "auto"
  | "none"
  | "required"
  | { type: "function" | "custom"; name: string }
  | { type: "mcp"; server_label: string; name?: string | null }
  | { type: "allowed_tools"; mode: "auto" | "required"; tools: Array<Record<string, unknown>> }
  | {
      type:
        | "file_search"
        | "web_search_preview"
        | "computer"
        | "computer_use_preview"
        | "computer_use"
        | "web_search_preview_2025_03_11"
        | "image_generation"
        | "code_interpreter"
        | "apply_patch"
        | "shell"
        | "programmatic_tool_calling";
    };

/** A response's text format: plain text, any JSON object, or JSON that follows a schema. */
export type TextFormat =
  | { type: "text" }
  | { type: "json_object" }
  | {
      type: "json_schema";
      name: string;
      schema: Record<string, unknown>;
      description?: string;
      strict?: boolean | null;
    };

/** A stored prompt's variable that is not a string: text, an image or a file. */
export type PromptPart =
  | { type: "input_text"; text: string }
  | {
      type: "input_image";
      detail: "low" | "high" | "auto" | "original";
      file_id?: string | null;
      image_url?: string | null;
    }
  | {
      type: "input_file";
      detail?: "auto" | "low" | "high";
      file_data?: string;
      file_id?: string | null;
      file_url?: string;
      filename?: string;
    };

/** A function tool as a response reports it: the request's fields, with null for what it left out. */
export interface EchoedFunctionTool {
  type: "function";
  name: string;
  description: string | null;
  parameters: Record<string, unknown> | null;
  strict: boolean | null;
  allowed_callers?: Array<"direct" | "programmatic"> | null;
  defer_loading?: boolean;
  output_schema?: Record<string, unknown> | null;
}

/**
 * A tool of another kind as a response reports it: as the request sent it. The type names the
 * fields each kind requires; the others are there as sent.
 */
export type HostedTool =
  | {
      type:
        | "computer"
        | "web_search"
        | "web_search_2025_08_26"
        | "web_search_preview"
        | "web_search_preview_2025_03_11"
        | "image_generation"
        | "local_shell"
        | "shell"
        | "apply_patch"
        | "tool_search"
        | "programmatic_tool_calling";
    }
  | { type: "file_search"; vector_store_ids: string[] }
  | {
      type: "computer_use_preview";
      display_height: number;
      display_width: number;
      environment: "windows" | "mac" | "linux" | "ubuntu" | "browser";
    }
  | { type: "mcp"; server_label: string }
  | { type: "code_interpreter"; container: string | { type: "auto" } }
  | { type: "custom"; name: string }
  | {
      type: "namespace";
      name: string;
      description: string;
      tools: Array<{ type: "function"; name: string } | { type: "custom"; name: string }>;
    };

/** What a moderation model found in a response's input or output (or why it could not run). */
export type ModerationOutcome =
  | {
      type: "moderation_result";
      model: string;
      flagged: boolean;
      categories: Record<string, boolean>;
      category_scores: Record<string, number>;
      category_applied_input_types: Record<string, Array<"text" | "image">>;
    }
  | { type: "error"; code: string; message: string };

/** A reasoning item of the input the model did not see, and why. */
export interface InputTransformation {
  id: string;
  type: "reasoning";
  action: "removed";
  reason: "organization_mismatch" | "end_user_mismatch" | "model_mismatch" | "prefix_mismatch" | "turn_boundary";
}

/** A tool a response reports (`response.tools`), as the `openai` SDK's `Tool` types it. */
export type ResponseTool = EchoedFunctionTool | HostedTool;

export interface ResponseObject {
  id: string;
  object: "response";
  created_at: number;
  completed_at: number | null;
  status: "completed" | "incomplete" | "in_progress" | "failed" | "queued" | "cancelled";
  incomplete_details: { reason: "max_output_tokens" | "content_filter" | "max_messages" | "steered" } | null;
  model: string;
  previous_response_id: string | null;
  instructions: string | null;
  output: OutputItem[];
  error: { code: ResponseErrorCode; message: string } | null;
  /** The tools the request declared, as it sent them (see `ResponseTool`). */
  tools: ResponseTool[];
  /** As the request sent it (`"auto"` when it sent none). */
  tool_choice: ToolChoice;
  truncation: "auto" | "disabled";
  parallel_tool_calls: boolean;
  /** As the request sent it (`{ format: { type: "text" } }` when it sent none). */
  text: { format: TextFormat; verbosity?: "low" | "medium" | "high" | null };
  top_p: number;
  presence_penalty: number;
  frequency_penalty: number;
  top_logprobs: number;
  temperature: number;
  /** As the request sent it (null when it sent none). */
  reasoning: {
    effort?: "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max" | null;
    summary?: "auto" | "concise" | "detailed" | null;
    generate_summary?: "auto" | "concise" | "detailed" | null;
    context?: "auto" | "current_turn" | "all_turns" | null;
    mode?: string;
  } | null;
  /** As the request sent them (absent when it sent none). */
  user?: string;
  prompt_cache_retention?: "in_memory" | "24h" | null;
  /** The image context policy applied, when the request chose one (`enabled` or `disabled`). */
  image?: { context_compression: "enabled" | "disabled" };
  /** The moderation of the input and the output, when the request asked for it. */
  moderation?: { input: ModerationOutcome; output: ModerationOutcome };
  /** The reasoning items of the input withheld from the model, in input order (absent when none was). */
  input_transformations?: InputTransformation[];
  /** The prompt-caching options applied, when the request sent some (the API's defaults for what it left out). */
  prompt_cache_options?: { mode: "implicit" | "explicit"; ttl: "30m" | "12h"; comparison_response_id?: string | null };
  /** Null while a response is not done (the spec: required and nullable; the SDK types it optional). */
  usage: {
    input_tokens: number;
    output_tokens: number;
    total_tokens: number;
    input_tokens_details: { cached_tokens: number; cache_write_tokens: number };
    output_tokens_details: { reasoning_tokens: number };
  } | null;
  max_output_tokens: number | null;
  max_tool_calls: number | null;
  store: boolean;
  background: boolean;
  service_tier: "auto" | "default" | "flex" | "scale" | "priority" | "fast" | "ultrafast" | null;
  metadata: Record<string, string>;
  safety_identifier: string | null;
  prompt_cache_key: string | null;
  /** The access program the response ran under (openai ≥ 7.59); null: the standard one. */
  access_programs: { cyber: "standard" | "daybreak_blue" | "daybreak_red" } | null;
  /** The conversation this response read and added to (`conversation` on create). */
  conversation?: { id: string } | null;
  /** The stored prompt the request named, as sent. */
  prompt?: { id: string; version?: string | null; variables?: Record<string, string | PromptPart> | null } | null;
}
