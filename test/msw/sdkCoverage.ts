// The one place that says which members of the installed SDKs' unions (`openai`,
// `@anthropic-ai/sdk`, `@google/genai`, `@aws-sdk/client-bedrock-runtime`) the fakes do not produce, and why.
// sdk-coverage.test.ts measures the rest:
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
  geminiPart: {
    audioMetadata: "audio output (not modelled)",
    audioTranscription: "audio output (not modelled)",
    documentMetadata: "a document's metadata, of input the app sends (the model never makes it)",
    fileData: "a file the app sends by URI: input, the model never makes it",
    functionResponse: "an answer the app sends: the model never answers its own calls",
    inlineData: "bytes the app sends, or images the model makes (image output is not modelled)",
    mediaProcessing: "media processing options of input the app sends",
    mediaResolution: "a media part's resolution, of input the app sends",
    partMetadata: "metadata of a part the app sends",
    speechMetadata: "speech output (not modelled)",
    spreadsheetMetadata: "a spreadsheet's metadata, of input the app sends",
    toolCall: "a server-side tool call of the Live and Interactions APIs (not modelled)",
    toolResponse: "a server-side tool's response of the Live and Interactions APIs (not modelled)",
    videoMetadata: "a video's offsets, of input the app sends",
  },
  geminiFinish: {
    BLOCKLIST: "blocked by a terms blocklist (no builder scripts it: turn.refusal is SAFETY)",
    CONTINUATION: "a continuation of a cut answer (not modelled)",
    ESCALATION: "an escalation by the safety systems (not modelled)",
    FINISH_REASON_UNSPECIFIED: "the enum's default: the API never sends it",
    IMAGE_OTHER: "image output (not modelled)",
    IMAGE_PROHIBITED_CONTENT: "image output (not modelled)",
    IMAGE_RECITATION: "image output (not modelled)",
    IMAGE_SAFETY: "image output (not modelled)",
    LANGUAGE: "an unsupported language (not modelled)",
    MALFORMED_FUNCTION_CALL: "a call the model could not form (turn.invalidCall is not on this wire yet)",
    MALFORMED_RESPONSE: "an answer the model could not form (not modelled)",
    MISSING_THOUGHT_SIGNATURE:
      "the fake refuses a request missing a signature with the API's 400, as Gemini 3 does, rather than ending a candidate",
    MODEL_ARMOR: "a Model Armor screen (Vertex AI; not modelled)",
    NO_IMAGE: "image output (not modelled)",
    OTHER: "an unspecified stop (no builder scripts it)",
    PROHIBITED_CONTENT: "blocked for prohibited content (no builder scripts it: turn.refusal is SAFETY)",
    PUP_LIMITED_DISABLED: "an account limit (not modelled)",
    RECITATION: "blocked for recitation (no builder scripts it: turn.refusal is SAFETY)",
    SPII: "blocked for personal data (no builder scripts it: turn.refusal is SAFETY)",
    TOO_MANY_TOOL_CALLS: "a tool-call limit (not modelled)",
    UNEXPECTED_TOOL_CALL: "a call to a function not declared (the strict fake refuses such a script instead)",
  },
  bedrockBlock: {
    $unknown: "the SDK's own member for a block it does not know: never on the wire",
    audio: "audio the app sends: input, the model never makes it",
    cachePoint: "a cache point the app marks in its request: input",
    citationsContent: "citations of documents the app sends (not modelled)",
    document: "a document the app sends: input",
    guardContent: "content the app asks a guardrail to assess: input",
    image: "an image the app sends (image output is not modelled)",
    searchResult: "a search result the app sends: input",
    toolAddition: "a tool the app adds mid-conversation: input",
    toolRemoval: "a tool the app removes mid-conversation: input",
    toolResult: "an answer the app sends: the model never answers its own calls",
    video: "a video the app sends: input",
  },
  bedrockEvent: {
    $unknown: "the SDK's own member for an event it does not know: never on the wire",
  },
  bedrockDelta: {
    $unknown: "the SDK's own member for a delta it does not know: never on the wire",
    citation: "citations of documents the app sends (not modelled)",
    image: "image output (not modelled)",
    toolResult: "a tool Bedrock runs itself streaming its result (not modelled: Converse runs none here)",
  },
  bedrockStop: {
    malformed_model_output: "an answer the model could not form (not modelled)",
    malformed_tool_use: "a call the model could not form (turn.invalidCall serves the broken call instead)",
    model_context_window_exceeded: "a prompt beyond the context window (not modelled)",
    stop_sequence: "a stop sequence reached (no builder scripts it)",
  },
};
