// What an application sends, one example of each member of the installed `openai` SDK's unions
// (every tool kind, every input item), for sdk-coverage.test.ts to send to the Responses fake.
// Each example is checked against the SDK's own shape there, so a wrong example fails too.
// The items that name what the fake made (a reasoning item, a compaction, a reference, an output
// for a call) are built there from a response it answered.

import { turn } from "../../fixtures/msw/index.js";

const schema = { type: "object", properties: { id: { type: "string" } }, additionalProperties: false };

/** One tool of each kind (`web_search` and `web_search_preview` under each of their names). */
export const TOOL_EXAMPLES: readonly Record<string, unknown>[] = [
  { type: "function", name: "lookup", description: "Look up.", parameters: schema, strict: true },
  { type: "file_search", vector_store_ids: ["vs_1"], max_num_results: 4 },
  { type: "computer" },
  { type: "computer_use_preview", display_width: 1024, display_height: 768, environment: "browser" },
  { type: "web_search", search_context_size: "low" },
  { type: "web_search_2025_08_26" },
  { type: "web_search_preview", search_context_size: "medium" },
  { type: "web_search_preview_2025_03_11" },
  { type: "mcp", server_label: "docs", server_url: "https://mcp.example/sse", require_approval: "never" },
  { type: "code_interpreter", container: { type: "auto" } },
  { type: "programmatic_tool_calling" },
  { type: "image_generation", quality: "low" },
  { type: "local_shell" },
  { type: "shell" },
  { type: "custom", name: "sql", description: "Run SQL." },
  {
    type: "namespace",
    name: "crm",
    description: "The CRM.",
    tools: [{ type: "function", name: "find_contact", parameters: schema }],
  },
  { type: "tool_search" },
  { type: "apply_patch" },
];

const call = { type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"id":"7"}', status: "completed" };

/** One input item of each kind that needs nothing the fake made (each sent alone, or after `before`). */
/** The client-executed calls the examples answer: an output is sent after its call, as an application sends it. */
const computerCall = {
  type: "computer_call",
  id: "cu_1",
  call_id: "call_cu",
  status: "completed",
  pending_safety_checks: [],
  action: { type: "click", button: "left", x: 10, y: 20 },
};
const localShellCall = {
  type: "local_shell_call",
  id: "ls_1",
  call_id: "call_ls",
  status: "completed",
  action: { type: "exec", command: ["ls"], env: {} },
};
const shellCall = { type: "shell_call", call_id: "call_sh", action: { commands: ["ls"] } };
const applyPatchCall = {
  type: "apply_patch_call",
  call_id: "call_ap",
  status: "completed",
  operation: { type: "create_file", path: "a.txt", diff: "+hello" },
};
const approvalRequest = {
  type: "mcp_approval_request",
  id: "mcpr_1",
  server_label: "docs",
  name: "search",
  arguments: "{}",
};
const customCall = { type: "custom_tool_call", call_id: "call_sql", name: "sql", input: "SELECT 1" };
const searchCall = { type: "tool_search_call", arguments: { query: "crm" }, execution: "client", call_id: "call_ts" };

export const INPUT_EXAMPLES: readonly { item: Record<string, unknown>; before?: Record<string, unknown>[] }[] = [
  { item: { role: "user", content: "What changed?" } },
  { item: { type: "message", role: "developer", content: [{ type: "input_text", text: "Be brief." }] } },
  {
    item: {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "Up 4%.", annotations: [] }],
    },
  },
  { item: call },
  { item: { type: "function_call_output", call_id: "call_1", output: '{"ok":true}' }, before: [call] },
  {
    item: { type: "file_search_call", id: "fs_1", status: "completed", queries: ["refund policy"], results: null },
  },
  {
    item: {
      type: "web_search_call",
      id: "ws_1",
      status: "completed",
      action: { type: "search", query: "weather" },
    },
  },
  { item: computerCall },
  {
    item: {
      type: "computer_call_output",
      call_id: "call_cu",
      output: { type: "computer_screenshot", image_url: "data:image/png;base64,iVBORw0KGgo=" },
    },
    before: [computerCall],
  },
  { item: searchCall },
  // the app's answer to a client-executed search names a search of the conversation, as the API checks
  { item: { type: "tool_search_output", call_id: "call_ts", execution: "client", tools: [] }, before: [searchCall] },
  { item: { type: "additional_tools", role: "developer", tools: [{ type: "web_search" }] } },
  { item: { type: "configuration_update", text: { format: { type: "text" } } } },
  { item: { type: "compaction_trigger" } },
  { item: { type: "image_generation_call", id: "ig_1", status: "completed", result: "iVBORw0KGgo=" } },
  {
    item: {
      type: "code_interpreter_call",
      id: "ci_1",
      status: "completed",
      container_id: "cntr_1",
      code: "print(1)",
      outputs: [{ type: "logs", logs: "1" }],
    },
  },
  { item: localShellCall },
  { item: { type: "local_shell_call_output", id: "call_ls", output: "README.md" }, before: [localShellCall] },
  { item: shellCall },
  {
    item: {
      type: "shell_call_output",
      call_id: "call_sh",
      output: [{ stdout: "README.md", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
    },
    before: [shellCall],
  },
  { item: applyPatchCall },
  {
    item: { type: "apply_patch_call_output", call_id: "call_ap", status: "completed", output: "Done." },
    before: [applyPatchCall],
  },
  {
    item: {
      type: "mcp_list_tools",
      id: "mcpl_1",
      server_label: "docs",
      tools: [{ name: "search", input_schema: { type: "object" } }],
    },
  },
  { item: approvalRequest },
  { item: { type: "mcp_approval_response", approval_request_id: "mcpr_1", approve: true }, before: [approvalRequest] },
  {
    item: {
      type: "mcp_call",
      id: "mcp_1",
      server_label: "docs",
      name: "search",
      arguments: "{}",
      output: "[]",
      status: "completed",
    },
  },
  { item: customCall },
  { item: { type: "custom_tool_call_output", call_id: "call_sql", output: "1" }, before: [customCall] },
  { item: { type: "program", id: "prog_1", call_id: "call_prog", code: "return 1", fingerprint: "fp_1" } },
  {
    item: { type: "program_output", id: "progo_1", call_id: "call_prog", result: "1", status: "completed" },
  },
];

/** A tool of every kind whose items the fake scripts, declared as an application declares them. */
export const HOSTED_TOOLS = [
  { type: "web_search" },
  { type: "file_search", vector_store_ids: ["vs_68a1b2c3"] },
  { type: "code_interpreter", container: { type: "auto" } },
  { type: "image_generation", partial_images: 1 },
  { type: "mcp", server_label: "docs", server_url: "https://mcp.example.com/sse", require_approval: "never" },
  { type: "computer", display_width: 1024, display_height: 768, environment: "browser" },
  { type: "local_shell" },
  { type: "shell" },
  { type: "apply_patch" },
  { type: "custom", name: "run_sql", description: "Runs one SQL query." },
] as const;

/** A turn of every tool item the fake scripts: each builder, with its defaults. */
export const TOOL_TURNS = [
  turn.webSearch("weather in Paris", { sources: [{ url: "https://weather.example/paris", title: "Paris weather" }] }),
  turn.fileSearch(["refund policy"]),
  turn.codeInterpreter("print(6 * 7)", { logs: "42\n" }),
  turn.imageGeneration("a lighthouse at dusk"),
  turn.mcpListTools("docs", [{ name: "search_docs", description: "Searches the docs." }]),
  turn.mcpCall("docs", "search_docs", { query: "refunds" }, { output: "30 days" }),
  turn.mcpCall("docs", "search_docs", { query: "refunds" }, { error: "server unreachable" }),
  turn.mcpListTools("docs", [], { error: "unauthorized" }),
  turn.mcpApprovalRequest("docs", "delete_page", { id: 7 }),
  turn.computerCall({ type: "click", button: "left", x: 10, y: 20 }),
  turn.localShellCall(["ls", "-la"]),
  turn.shellCall(["git status", "git diff --stat"]),
  turn.applyPatch({ type: "update_file", path: "README.md", diff: "@@ -1 +1 @@\n-old\n+new" }),
  turn.customToolCall("run_sql", "SELECT 1"),
];

/**
 * Turns whose tool runs over several items, each with the tools that make it run so: a shell in a
 * hosted container, a tool search by the server and by the client, a program that ran to its end
 * and one that calls a function.
 */
export const RUN_TURNS: ReadonlyArray<readonly [ReturnType<typeof turn.message>, readonly unknown[]]> = [
  [
    turn.shellCall(["ls", "false"], {
      results: [{ stdout: "notes.txt\n" }, { stderr: "failed\n", outcome: { type: "exit", exit_code: 1 } }],
    }),
    [{ type: "shell", environment: { type: "container_auto" } }],
  ],
  [
    turn.toolSearch({ query: "weather" }, { next: turn.message("Loaded.") }),
    [
      { type: "tool_search" },
      { type: "function", name: "get_weather", parameters: { type: "object" }, strict: false, defer_loading: true },
    ],
  ],
  [
    turn.toolSearch({ query: "weather" }),
    [{ type: "tool_search", execution: "client", parameters: { type: "object" } }],
  ],
  [turn.program("return 6 * 7;", { result: "42" }), [{ type: "programmatic_tool_calling" }]],
  [
    turn.program("return await tools.lookup({});", { calls: [["lookup", {}]] }),
    [
      { type: "programmatic_tool_calling" },
      {
        type: "function",
        name: "lookup",
        parameters: { type: "object" },
        strict: false,
        allowed_callers: ["programmatic"],
      },
    ],
  ],
];
