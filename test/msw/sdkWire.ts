// The `openai` SDK's wire types of the Agents API, as the tests check the fake's output at run
// time: JSON Schemas derived from the SDK's own declarations (ts-json-schema-generator), so that
// an SDK upgrade that changes a shape changes the check with it.
import type {
  AgentSession,
  AgentSessionEvent,
  AgentSessionInputParam,
  AgentSessionItem,
} from "openai/resources/beta/agents/agents";
import type { SessionArtifact, SessionArtifactDeleted } from "openai/resources/beta/agents/sessions/artifacts";
import type { SessionTrace } from "openai/resources/beta/agents/sessions/traces";
import type { Turn } from "openai/resources/beta/agents/sessions/turns/turns";

/** The shapes a client of the Agents API parses, by name. */
export interface AgentsWire {
  session: AgentSession;
  event: AgentSessionEvent;
  requiredAction: AgentSession["required_actions"][number];
  inputEvent: AgentSessionInputParam;
  item: AgentSessionItem;
  turn: Turn;
  artifact: SessionArtifact;
  artifactDeleted: SessionArtifactDeleted;
  trace: SessionTrace;
}

import type { Conversation, ConversationDeletedResource } from "openai/resources/conversations/conversations";
import type { ConversationItem, ConversationItemList } from "openai/resources/conversations/items";
import type { InputTokenCountResponse } from "openai/resources/responses/input-tokens";
import type {
  CompactedResponse,
  Response,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseStreamEvent,
  ResponsesServerEvent,
  Tool,
} from "openai/resources/responses/responses";

/** The shapes a client of the Responses API and conversations parses, by name. */
export interface ResponsesWire {
  response: Response;
  outputItem: ResponseOutputItem;
  /** What an application sends: the tools it declares, the items of its input. */
  tool: Tool;
  inputItem: ResponseInputItem;
  streamEvent: ResponseStreamEvent;
  webSocketEvent: ResponsesServerEvent;
  compacted: CompactedResponse;
  inputTokens: InputTokenCountResponse;
  conversation: Conversation;
  conversationDeleted: ConversationDeletedResource;
  conversationItem: ConversationItem;
  conversationItemList: ConversationItemList;
}

import type {
  Message as AnthropicMessage,
  MessageTokensCount,
  RawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/messages";
import type { ErrorResponse } from "@anthropic-ai/sdk/resources/shared";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";

/** The shapes a client of Chat Completions parses, by name (`openai`'s types). */
export interface ChatWire {
  completion: ChatCompletion;
  chunk: ChatCompletionChunk;
  toolCall: NonNullable<ChatCompletion["choices"][number]["message"]["tool_calls"]>[number];
}

/**
 * The shapes a client of Anthropic Messages parses, by name (`@anthropic-ai/sdk`'s types; its
 * stream's `ping` and `error` events are read by the SDK's stream, outside its event union).
 */
export interface AnthropicWire {
  message: AnthropicMessage;
  contentBlock: AnthropicMessage["content"][number];
  event: RawMessageStreamEvent;
  delta: Extract<RawMessageStreamEvent, { type: "content_block_delta" }>["delta"];
  count: MessageTokensCount;
  error: ErrorResponse;
}

import type {
  Candidate,
  CountTokensResponse,
  FinishReason,
  Model as GeminiModelInfo,
  Part as GeminiPart,
  GenerateContentResponsePromptFeedback,
  GenerateContentResponseUsageMetadata,
} from "@google/genai";

/**
 * The shapes a client of the Gemini API parses, by name (`@google/genai`'s declarations: its
 * `GenerateContentResponse` is a class of these fields and getters, so an answer is checked field by
 * field: each candidate, the usage, the prompt's feedback).
 */
export interface GeminiWire {
  candidate: Candidate;
  usage: GenerateContentResponseUsageMetadata;
  promptFeedback: GenerateContentResponsePromptFeedback;
  countTokens: CountTokensResponse;
  model: GeminiModelInfo;
  /** A content's part: its members are its fields (a part is told by which it sets), for SDK coverage. */
  part: GeminiPart;
  finishReason: FinishReason;
}

import type {
  ContentBlock as BedrockContentBlock,
  ContentBlockDelta as BedrockContentBlockDelta,
  CountTokensResponse as BedrockCountTokensResponse,
  StopReason as BedrockStopReason,
  ContentBlockDeltaEvent,
  ContentBlockStartEvent,
  ContentBlockStopEvent,
  ConverseResponse,
  ConverseStreamMetadataEvent,
  ConverseStreamOutput,
  MessageStartEvent,
  MessageStopEvent,
} from "@aws-sdk/client-bedrock-runtime";

/**
 * The shapes a client of Bedrock's Converse API parses, by name (`@aws-sdk/client-bedrock-runtime`'s
 * declarations; the SDK's `$metadata` is its own, not the wire's): an answer, each stream event by
 * its key, a CountTokens answer.
 */
export interface BedrockWire {
  converse: Omit<ConverseResponse, "$metadata">;
  messageStart: MessageStartEvent;
  contentBlockStart: ContentBlockStartEvent;
  contentBlockDelta: ContentBlockDeltaEvent;
  contentBlockStop: ContentBlockStopEvent;
  messageStop: MessageStopEvent;
  metadata: ConverseStreamMetadataEvent;
  countTokens: Omit<BedrockCountTokensResponse, "$metadata">;
  /** For SDK coverage: each union's members by the one field a member sets (a block, an event, a delta). */
  block: ToldBy<BedrockContentBlock>;
  event: ToldBy<ConverseStreamOutput>;
  delta: ToldBy<BedrockContentBlockDelta>;
  stopReason: BedrockStopReason;
}

/** The field each member of a union of objects sets (the SDK's members say the others are `never`). */
type ToldBy<Union> = Union extends unknown
  ? { [Key in keyof Union]-?: undefined extends Union[Key] ? never : Key }[keyof Union]
  : never;
