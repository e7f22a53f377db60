// The one place that says which members of the installed SDKs' unions (`openai`,
// `@anthropic-ai/sdk`) the fakes do not produce, and why. sdk-coverage.test.ts measures the rest:
// a member that is neither produced nor listed here (a new one in a future SDK) fails that test
// with its name.

/** Union (a kind of sdkWire.ts) → member `type` → why the fakes do not produce it. */
export const NOT_PRODUCED: Record<string, Record<string, string>> = {
  outputItem: {
    additional_tools:
      "an item the application adds to its input (tools made available from that point); no builder makes it (turn.item serves one as given)",
    apply_patch_call_output: "an input item (the application's result of a patch): the model never makes it",
    computer_call_output: "an input item (the application's answer to a computer call): the model never makes it",
    custom_tool_call_output: "an input item (the application's answer to a custom tool call): the model never makes it",
    function_call_output: "an input item: the model never answers its own calls",
    local_shell_call_output: "an input item: the model never answers its own calls",
    mcp_approval_response: "an input item: the application answers an approval",
  },
  streamEvent: {
    "response.audio.delta": "audio output (not modelled)",
    "response.audio.done": "audio output (not modelled)",
    "response.audio.transcript.delta": "audio output (not modelled)",
    "response.audio.transcript.done": "audio output (not modelled)",
    "response.compaction.compacting": "compaction in a stream is one output item; the progress event is not sent",
    "response.reasoning_text.delta": "raw reasoning text (the fake streams summaries only)",
    "response.reasoning_text.done": "raw reasoning text (the fake streams summaries only)",
  },
  agentEvent: {
    "agent.session.environment.expired":
      "environment lifecycle beyond a disconnect and its reconnection (not modelled)",
    "agent.session.environment.failed": "environment lifecycle beyond a disconnect and its reconnection (not modelled)",
    "agent.session.environment.pending":
      "environment lifecycle beyond a disconnect and its reconnection (not modelled)",
    "agent.session.environment.ready": "environment lifecycle beyond a disconnect and its reconnection (not modelled)",
    "agent.session.environment.reset": "environment lifecycle beyond a disconnect and its reconnection (not modelled)",
    "agent.session.environment.suspended":
      "environment lifecycle beyond a disconnect and its reconnection (not modelled)",
    "agent.session.subagent.active": "a subagent's later lifecycle (the fake emits only its creation)",
    "agent.session.subagent.closed": "a subagent's later lifecycle (the fake emits only its creation)",
    "agent.session.turn.reasoning_summary_part.added": "no agentStep scripts reasoning yet",
    "agent.session.turn.reasoning_summary_part.done": "no agentStep scripts reasoning yet",
    "agent.session.turn.reasoning_summary_text.delta": "no agentStep scripts reasoning yet",
    "agent.session.turn.reasoning_summary_text.done": "no agentStep scripts reasoning yet",
    error: "the fake reports a failure as turn.failed and session.failed; the stream's error event is not sent",
  },
  requiredAction: {},
  inputEvent: {},
  chatToolCall: {
    custom: "custom tools with free-form input on Chat Completions (the Chat fake scripts function calls only)",
  },
  anthropicBlock: {
    bash_code_execution_tool_result: "Anthropic's code execution server tool (not modelled; only its web search is)",
    code_execution_tool_result: "Anthropic's code execution server tool (not modelled; only its web search is)",
    container_upload: "files uploaded to a code execution container (not modelled)",
    redacted_thinking:
      "thinking the safety systems redacted: no builder scripts it (the fake signs plain thinking blocks)",
    text_editor_code_execution_tool_result:
      "Anthropic's code execution server tool (not modelled; only its web search is)",
    tool_search_tool_result: "Anthropic's tool search server tool (not modelled)",
    web_fetch_tool_result: "Anthropic's web fetch server tool (not modelled; only its web search is)",
  },
  anthropicEvent: {},
  anthropicDelta: {},
};
