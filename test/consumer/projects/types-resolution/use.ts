// Every entry, as a project without msw uses them: the types resolve and check without skipLibCheck.
import { replayGate } from "agent-testkit";
import { createFactories } from "agent-testkit/factories";
import { agentMatchers } from "agent-testkit/matchers";
import type { McpFake, McpToolDeclaration } from "agent-testkit/mcp";
import { fakeAgents, fakeResponses, turn } from "agent-testkit/msw";

const fake = fakeResponses().reply(turn.message("Hi."));
export const fetchOnly: typeof fetch = fake.fetch;
export const agents = fakeAgents();
export const reason: string = replayGate({ type: "function_call" }).reason;
export const matchers = agentMatchers;
export const factories = createFactories({ seed: 1 });
// agent-testkit/mcp's types need neither msw nor the MCP SDK (its own declarations)
export const tool: McpToolDeclaration = { name: "search_docs", inputSchema: { type: "object" } };
export type Mcp = McpFake["calls"];
