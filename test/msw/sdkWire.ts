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
