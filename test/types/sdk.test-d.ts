// The fakes' wire types against the `openai` SDK's: what a client sends is what a fake accepts
// (every field the SDK sends is named), and what a fake answers is what a client parses.

import type { BetaMCPToolResultBlock, BetaMCPToolUseBlock } from "@anthropic-ai/sdk/resources/beta/messages";
import type {
  Tool as AnthropicTool,
  Message,
  MessageCountTokensParams,
  MessageCreateParams,
  MessageCreateParamsBase,
  MessageParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { ResponseObject, ResponseTool } from "agent-testkit/factories";
import type {
  AgentsAgentBody,
  AgentsCreateBody,
  AgentsEventsBody,
  AgentsInputBody,
  AgentsRecordedRequest,
  AgentsUpdateBody,
  AnthropicMessageObject,
  AnthropicMessagesRequestBody,
  AnthropicRecordedRequest,
  AnthropicRequestMessage,
  AnthropicRequestTool,
  ChatCompletionChunkObject,
  ChatCompletionObject,
  ChatCompletionsRequestBody,
  ChatRecordedRequest,
  ChatRequestMessage,
  ChatRequestTool,
  RequestItem,
  RequestTool,
  ResponsesRecordedRequest,
  ResponsesRequestBody,
} from "agent-testkit/msw";
import { expectTypeOf } from "expect-type";
import type { AgentSessionInputParam, AgentToolParam } from "openai/resources/beta/agents/agents";
import type { EventCreateParams } from "openai/resources/beta/agents/sessions/events";
import type {
  SessionCreateParams,
  SessionCreateParamsBase,
  SessionUpdateParams,
} from "openai/resources/beta/agents/sessions/sessions";
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionCreateParamsBase,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type {
  Response,
  ResponseCreateParams,
  ResponseCreateParamsBase,
  ResponseInputItem,
  Tool,
} from "openai/resources/responses/responses";

// What a client sends is what the fakes' log types accept.
declare function sent<T>(): T;
sent<ResponseCreateParams>() satisfies ResponsesRequestBody;
sent<ResponseInputItem>() satisfies RequestItem;
sent<Tool>() satisfies RequestTool;
sent<SessionCreateParams>() satisfies AgentsCreateBody;
sent<NonNullable<SessionCreateParams["agent"]>>() satisfies AgentsAgentBody;
sent<AgentToolParam>() satisfies RequestTool;
sent<SessionUpdateParams>() satisfies AgentsUpdateBody;
sent<EventCreateParams>() satisfies AgentsEventsBody;
sent<AgentSessionInputParam>() satisfies AgentsInputBody;

// Every field the SDK may send has a name in the body types (a new one fails here).
expectTypeOf<Exclude<keyof ResponseCreateParamsBase, keyof ResponsesRequestBody>>().toEqualTypeOf<never>();
expectTypeOf<Exclude<keyof SessionCreateParamsBase, keyof AgentsCreateBody>>().toEqualTypeOf<never>();
expectTypeOf<Exclude<keyof SessionUpdateParams, keyof AgentsUpdateBody>>().toEqualTypeOf<never>();
expectTypeOf<Exclude<keyof NonNullable<SessionCreateParams["agent"]>, keyof AgentsAgentBody>>().toEqualTypeOf<never>();

// What the Responses fake answers is what a client parses (`output_text` is the SDK's own addition).
// One field differs on purpose: the API spec requires `usage` and sends null until a response is
// done (`response.created`, a queued background run); the SDK types it optional and never null,
// which no client relies on. The fake sends what the wire carries.
sent<Omit<ResponseObject, "usage">>() satisfies Omit<Response, "output_text" | "usage">;
sent<NonNullable<ResponseObject["usage"]>>() satisfies NonNullable<Response["usage"]>;
// The response reports every kind of tool the SDK types (a new kind fails here), each as the SDK types it.
expectTypeOf<ResponseTool["type"]>().toEqualTypeOf<Tool["type"]>();
sent<ResponseTool>() satisfies Tool;

// A log entry's body is typed only on the route that parsed it.
declare const entry: ResponsesRecordedRequest;
expectTypeOf(entry.body).toBeUnknown();
if (entry.route === "responses.create") expectTypeOf(entry.body).toEqualTypeOf<ResponsesRequestBody>();
if (entry.route === null) expectTypeOf(entry.body).toBeUnknown();
declare const session: AgentsRecordedRequest;
if (session.route === "sessions.events") expectTypeOf(session.body.events).toEqualTypeOf<AgentsInputBody[]>();
if (session.route === "sessions.create") expectTypeOf(session.body).toEqualTypeOf<AgentsCreateBody>();

// Chat Completions: what a client sends is what the fake's log types accept, every field named;
// what the fake answers is what a client parses.
sent<ChatCompletionCreateParams>() satisfies ChatCompletionsRequestBody;
sent<ChatCompletionMessageParam>() satisfies ChatRequestMessage;
sent<ChatCompletionFunctionTool>() satisfies ChatRequestTool;
expectTypeOf<Exclude<keyof ChatCompletionCreateParamsBase, keyof ChatCompletionsRequestBody>>().toEqualTypeOf<never>();
sent<ChatCompletionObject>() satisfies ChatCompletion;
sent<ChatCompletionChunkObject>() satisfies ChatCompletionChunk;
declare const chat: ChatRecordedRequest;
if (chat.route === "chat.completions.create") expectTypeOf(chat.body).toEqualTypeOf<ChatCompletionsRequestBody>();
if (chat.route === null) expectTypeOf(chat.body).toBeUnknown();

// Anthropic Messages: what `@anthropic-ai/sdk` sends is what the fake's log types accept, every
// field named; the message the fake answers is the SDK's Message.
sent<MessageCreateParams>() satisfies AnthropicMessagesRequestBody;
sent<MessageCountTokensParams>() satisfies AnthropicMessagesRequestBody;
sent<MessageParam>() satisfies AnthropicRequestMessage;
sent<AnthropicTool>() satisfies AnthropicRequestTool;
expectTypeOf<Exclude<keyof MessageCreateParamsBase, keyof AnthropicMessagesRequestBody>>().toEqualTypeOf<never>();
// A text block that cites nothing has no citations field (as the API sends it; @ai-sdk/anthropic
// 3.x refuses a null there); the SDK's type names it required-nullable: a missing one reads as null.
type CitedAsTheSdkTypesIt<B> = B extends { type: "text"; citations?: infer C }
  ? Omit<B, "citations"> & { citations: Exclude<C, undefined> | null }
  : B;
// The MCP connector's blocks (a request naming mcp_servers, a beta) are the beta API's.
type McpBlocks = Extract<AnthropicMessageObject["content"][number], { type: "mcp_tool_use" | "mcp_tool_result" }>;
sent<
  Omit<AnthropicMessageObject, "content"> & {
    content: Array<CitedAsTheSdkTypesIt<Exclude<AnthropicMessageObject["content"][number], McpBlocks>>>;
  }
>() satisfies Message;
sent<Extract<McpBlocks, { type: "mcp_tool_use" }>>() satisfies BetaMCPToolUseBlock;
type McpResult = Extract<McpBlocks, { type: "mcp_tool_result" }>;
sent<
  Omit<McpResult, "content"> & { content: Array<McpResult["content"][number] & { citations: null }> }
>() satisfies BetaMCPToolResultBlock;
declare const claude: AnthropicRecordedRequest;
if (claude.route === "messages.create") expectTypeOf(claude.body).toEqualTypeOf<AnthropicMessagesRequestBody>();
if (claude.route === null) expectTypeOf(claude.body).toBeUnknown();

// The Gemini API: what `@google/genai` sends is what the fake's body declares (its `Content`,
// `Tool`, `ToolConfig`, `GenerationConfig` and `SafetySetting` as the REST body carries them).
import type {
  Content as GeminiSdkContent,
  GenerationConfig as GeminiSdkGenerationConfig,
  SafetySetting as GeminiSdkSafetySetting,
  Tool as GeminiSdkTool,
  ToolConfig as GeminiSdkToolConfig,
} from "@google/genai";
import type { GeminiGenerateRequestBody, GeminiRecordedRequest } from "agent-testkit/msw";

sent<GeminiSdkContent>() satisfies NonNullable<GeminiGenerateRequestBody["contents"]>[number];
sent<GeminiSdkTool>() satisfies NonNullable<GeminiGenerateRequestBody["tools"]>[number];
sent<GeminiSdkToolConfig>() satisfies NonNullable<GeminiGenerateRequestBody["toolConfig"]>;
sent<GeminiSdkGenerationConfig>() satisfies NonNullable<GeminiGenerateRequestBody["generationConfig"]>;
sent<GeminiSdkSafetySetting>() satisfies NonNullable<GeminiGenerateRequestBody["safetySettings"]>[number];

declare const gemini: GeminiRecordedRequest;
if (gemini.route === "models.generateContent") expectTypeOf(gemini.body).toEqualTypeOf<GeminiGenerateRequestBody>();

// Bedrock Converse: what `@aws-sdk/client-bedrock-runtime` sends is what the fake's body declares
// (the request without the model id, which is the path's; CountTokens' input); what the fake answers
// is the SDK's ConverseResponse (without the SDK's own `$metadata`) and each stream event one of its
// ConverseStreamOutput members.
import type {
  ConverseRequest as BedrockSdkConverseRequest,
  ConverseResponse as BedrockSdkConverseResponse,
  CountTokensRequest as BedrockSdkCountTokensRequest,
  InferenceConfiguration as BedrockSdkInferenceConfiguration,
  Message as BedrockSdkMessage,
  ConverseStreamOutput as BedrockSdkStreamOutput,
  SystemContentBlock as BedrockSdkSystemContentBlock,
  ToolConfiguration as BedrockSdkToolConfiguration,
} from "@aws-sdk/client-bedrock-runtime";
import type {
  BedrockRecordedRequest,
  ConverseCountTokensBody,
  ConverseMessage,
  ConverseRequestBody,
  ConverseResponse,
  ConverseStreamEvent,
  ConverseStreamException,
} from "agent-testkit/msw";

sent<BedrockSdkMessage>() satisfies ConverseMessage;
sent<BedrockSdkSystemContentBlock>() satisfies NonNullable<ConverseRequestBody["system"]>[number];
sent<BedrockSdkToolConfiguration>() satisfies NonNullable<ConverseRequestBody["toolConfig"]>;
sent<BedrockSdkInferenceConfiguration>() satisfies NonNullable<ConverseRequestBody["inferenceConfig"]>;
sent<Omit<BedrockSdkConverseRequest, "modelId">>() satisfies ConverseRequestBody;
// (an InvokeModel body is bytes to the SDK, base64 text on the wire)
sent<
  Extract<NonNullable<BedrockSdkCountTokensRequest["input"]>, { converse: unknown }>
>() satisfies ConverseCountTokensBody["input"];
expectTypeOf<
  Exclude<keyof Omit<BedrockSdkConverseRequest, "modelId">, keyof ConverseRequestBody>
>().toEqualTypeOf<never>();
sent<ConverseResponse>() satisfies Omit<BedrockSdkConverseResponse, "$metadata">;
// (an exception is a frame of its own kind, which the SDK raises as its exception class, not an event)
type ExceptionEvent = { [Name in ConverseStreamException]: { [Key in Name]: unknown } }[ConverseStreamException];
sent<Exclude<ConverseStreamEvent, ExceptionEvent>>() satisfies BedrockSdkStreamOutput;

declare const bedrock: BedrockRecordedRequest;
if (bedrock.route === "converse") expectTypeOf(bedrock.body).toEqualTypeOf<ConverseRequestBody>();
if (bedrock.route === "countTokens") expectTypeOf(bedrock.body).toEqualTypeOf<ConverseCountTokensBody>();
if (bedrock.route === null) expectTypeOf(bedrock.body).toBeUnknown();
