// Type tests for the factories: precise item types, and the Agents API shapes assignable to the
// `openai` SDK's own wire types (the SDK is what real clients parse).

import type { FunctionCallItem, RequiredAction, RequiredFunctionCall, ToolResultEvent } from "agent-testkit";
import { checkPair, replayGate } from "agent-testkit";
import {
  type BuiltFunctionCall,
  type BuiltFunctionCallOutput,
  createFactories,
  type InvalidCase,
  type MessageItem,
  type ResponseObject,
} from "agent-testkit/factories";
import { expectTypeOf } from "expect-type";
import type {
  AgentCreateSubagentCallItem,
  AgentInterruptSubagentCallItem,
  AgentSendSubagentInputCallItem,
  AgentSession,
  AgentSessionItem,
  AgentSessionRequiresActionEvent,
  AgentWaitForSubagentsCallItem,
} from "openai/resources/beta/agents/agents";
import type { EventCreateParams } from "openai/resources/beta/agents/sessions/events";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import type { Turn } from "openai/resources/beta/agents/sessions/turns/turns";
import type {
  Response,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseOutputMessage,
} from "openai/resources/responses/responses";

const f = createFactories({ seed: 1 });

expectTypeOf(f.functionCall()).toEqualTypeOf<BuiltFunctionCall>();
expectTypeOf(f.functionCall()).toExtend<FunctionCallItem>();
f.functionCall() satisfies ResponseFunctionToolCall;
f.functionCall() satisfies ResponseInputItem;
expectTypeOf(f.functionCallOutput(f.functionCall())).toEqualTypeOf<BuiltFunctionCallOutput>();
f.functionCallOutput(f.functionCall()) satisfies ResponseInputItem.FunctionCallOutput;
expectTypeOf(f.message()).toEqualTypeOf<MessageItem<"user">>();
expectTypeOf(f.message({ role: "assistant" })).toEqualTypeOf<MessageItem<"assistant">>();
f.message({ role: "assistant" }) satisfies ResponseOutputMessage;
expectTypeOf(f.response()).toEqualTypeOf<ResponseObject>();
f.response().output satisfies Response["output"];
// the items of hosted and client-executed tools, and the outputs that answer the client-executed ones
f.toolCall("web_search_call") satisfies ResponseOutputItem;
f.toolCall("computer_call") satisfies ResponseOutputItem;
expectTypeOf(f.toolCall("shell_call").type).toEqualTypeOf<"shell_call">();
f.toolOutput(f.toolCall("computer_call")) satisfies ResponseInputItem;
f.toolOutput(f.toolCall("shell_call")) satisfies ResponseInputItem;
f.toolOutput(f.toolCall("mcp_approval_request")) satisfies ResponseInputItem;
f.toolCall("shell_call_output") satisfies ResponseOutputItem;
f.toolCall("tool_search_call") satisfies ResponseOutputItem;
f.toolCall("tool_search_output") satisfies ResponseOutputItem;
f.toolCall("program") satisfies ResponseOutputItem;
f.toolCall("program_output") satisfies ResponseOutputItem;
f.toolOutput(f.toolCall("tool_search_call", { execution: "client" })) satisfies ResponseInputItem;
f.functionCall() satisfies ResponseOutputItem;
expectTypeOf(f.conversation()).toEqualTypeOf<
  [MessageItem<"user">, BuiltFunctionCall, BuiltFunctionCallOutput, MessageItem<"assistant">]
>();
expectTypeOf(f.invalid.all()).toEqualTypeOf<InvalidCase[]>();

f.agents.session() satisfies AgentSession;
f.agents.sessionCreate() satisfies SessionCreateParamsNonStreaming;
expectTypeOf(f.agents.requiredAction()).toEqualTypeOf<RequiredFunctionCall>();
f.agents.requiredAction() satisfies AgentSession["required_actions"][number];
expectTypeOf(f.agents.toolResult(f.agents.requiredAction())).toEqualTypeOf<ToolResultEvent>();
({ events: [f.agents.toolResult(f.agents.requiredAction())] }) satisfies EventCreateParams;
f.agents.turn() satisfies Turn;
const [create, send, wait, interrupt, message] = f.agents.subagentItems();
create satisfies AgentCreateSubagentCallItem;
send satisfies AgentSendSubagentInputCallItem;
wait satisfies AgentWaitForSubagentsCallItem;
interrupt satisfies AgentInterruptSubagentCallItem;
message satisfies AgentSessionItem;
declare const requiresAction: Extract<
  ReturnType<typeof f.agents.turnEvents>[number],
  { type: "agent.session.requires_action" }
>;
requiresAction satisfies AgentSessionRequiresActionEvent;

// Approvals and environment connections: what the SDK's types accept.
f.agents.approvalRequest() satisfies AgentSession["required_actions"][number];
f.agents.approvalRequest({ kind: "browser_origin_access" }) satisfies AgentSession["required_actions"][number];
f.agents.environmentConnection() satisfies AgentSession["required_actions"][number];
({ events: [f.agents.approvalResult(f.agents.approvalRequest())] }) satisfies EventCreateParams;
({ events: [f.agents.approvalResult(f.agents.approvalRequest(), "deny")] }) satisfies EventCreateParams;
declare const anyAction: RequiredAction;
anyAction satisfies AgentSession["required_actions"][number];
declare const sdkAction: AgentSession["required_actions"][number];
sdkAction satisfies RequiredAction;
for (const event of f.agents.turnEvents({ actions: [f.agents.approvalRequest()] })) void event;
// openai 7.59 added MCP approvals: the factories follow, both ways; 7.60 dropped the budget_reached status.
f.agents.mcpApprovalRequest() satisfies AgentSession["required_actions"][number];
({ events: [f.agents.mcpApprovalResult(f.agents.mcpApprovalRequest(), "deny")] }) satisfies EventCreateParams;
declare const sdkMcp: Extract<AgentSession["required_actions"][number], { type: "mcp_approval_request" }>;
sdkMcp satisfies RequiredAction;
// @ts-expect-error openai 7.60 has no budget_reached status
f.agents.session({ status: "budget_reached" });
// @ts-expect-error an approval result answers an approval request
f.agents.approvalResult(f.agents.requiredAction());

// @ts-expect-error a tool result needs the action's pins
f.agents.toolResult({ call_id: "call_1" });
// @ts-expect-error output and error exclude each other
f.agents.toolResult(f.agents.requiredAction(), { output: "x", error: "y" });
// @ts-expect-error not a role
f.message({ role: "tool" });

// The documented invalid.all() pattern: narrowing on `check` types `reason` for each matcher.
{
  const cases: InvalidCase[] = f.invalid.all();
  for (const { item, reason, check, call, tools } of cases) {
    if (check === "gate") {
      expectTypeOf(reason).toEqualTypeOf<import("agent-testkit").GateReason>();
      replayGate(item, tools);
    } else {
      expectTypeOf(reason).toEqualTypeOf<import("agent-testkit").PairReason>();
      checkPair(call, item);
    }
  }
}

// The Responses fake's new surface: its clock, WebSocket handlers, conversation items, reasoning turns.
{
  const { fakeResponses, turn } = await import("agent-testkit/msw");
  const fake = fakeResponses({ clock: "manual", background: { queuedMs: 5, runMs: 10 }, webSocketLimitMs: 1000 });
  expectTypeOf(fake.clock.advance).returns.toEqualTypeOf<Promise<void>>();
  expectTypeOf(fake.clock.now()).toEqualTypeOf<number>();
  expectTypeOf(fake.webSocketHandlers).toEqualTypeOf<import("msw").WebSocketHandler[]>();
  expectTypeOf(fake.requests[0]!.transport).toEqualTypeOf<"http" | "websocket">();
  expectTypeOf(fake.conversationItems("conv_1")).toEqualTypeOf<ReadonlyArray<Record<string, unknown>>>();
  fake.reply(turn.reasoning("Thinking", turn.functionCall("lookup_order")), turn.reasoning());
  // @ts-expect-error the clock option is a function or "manual"
  fakeResponses({ clock: "real" });
  // A reasoning and a compaction item the fake sends are the SDK's own output items.
  const output = {} as ResponseObject["output"][number];
  if (output.type === "reasoning")
    output satisfies import("openai/resources/responses/responses").ResponseReasoningItem;
  if (output.type === "compaction")
    output satisfies import("openai/resources/responses/responses").ResponseCompactionItem;
}

// The hosted multi-agent beta's items are the beta SDK's output items, both ways.
import type { MultiAgentCallItem, MultiAgentCallOutputItem, MultiAgentMessageItem } from "agent-testkit/msw";
import type { BetaResponseOutputItem } from "openai/resources/beta/responses/responses";

declare const multiAgentCall: MultiAgentCallItem;
declare const multiAgentOutput: MultiAgentCallOutputItem;
declare const agentMessage: MultiAgentMessageItem;
multiAgentCall satisfies BetaResponseOutputItem;
multiAgentOutput satisfies BetaResponseOutputItem;
agentMessage satisfies BetaResponseOutputItem;
declare const sdkMultiAgentCall: Extract<BetaResponseOutputItem, { type: "multi_agent_call" }>;
expectTypeOf(sdkMultiAgentCall.action).toEqualTypeOf<MultiAgentCallItem["action"]>();
