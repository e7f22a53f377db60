import {
  type AgentSelector,
  agentCallsIn,
  agentCallsReadable,
  describeAgent,
  isAgent,
  isAgentSelector,
} from "../src/agentRuns.js";
import { alignedWith, diffOf } from "./conversation.js";
import {
  boundedList,
  expected,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  received,
  receivedText,
} from "./print.js";

const EXPECTED =
  "an @openai/agents RunResult (or its newItems), a Responses fake, or its request log: what tells each call's agent";

/**
 * `expect(result).toHaveAgentCalledTool("Billing", "lookup_invoice", args?)`: that agent called the
 * tool — with parsed arguments equal to `args` when given. On a `RunResult` each call's agent is
 * the SDK's own; on a fake's log an agent is known by the handoff that reached it (the first agent's
 * name is not on the wire). An agent is named, or told by what it sends:
 * `{ instructions: /route/i, tools: ["transfer_to_Billing"] }`.
 */
export function toHaveAgentCalledTool(
  this: MatcherContext,
  value: unknown,
  agent: string | AgentSelector,
  name: string,
  ...rest: [args?: unknown]
): MatcherResult {
  const label = rest.length > 0 ? "agent, name, args" : "agent, name";
  if (!agentCallsReadable(value)) matcherError(this, "toHaveAgentCalledTool", label, "received", EXPECTED, value);
  if (!(typeof agent === "string" && agent.trim() !== "") && !isAgentSelector(agent))
    matcherError(
      this,
      "toHaveAgentCalledTool",
      label,
      "agent",
      "an agent's name, or { instructions?: string | RegExp, tools?: string[] }",
      agent,
    );
  const calls = agentCallsIn(value);
  const named = calls.filter((found) => isAgent(found.agent, agent) && found.call.name === name);
  const pass =
    rest.length === 0
      ? named.length > 0
      : named.some((found) => this.equals(found.call.arguments, rest[0], this.customTesters));
  return {
    pass,
    message: () => {
      const who = typeof agent === "string" ? JSON.stringify(agent) : `the agent ${describeSelector(agent)}`;
      const wanted = `${who} to call ${JSON.stringify(name)}${rest.length > 0 ? ` with ${expected(this, rest[0], 200)}` : ""}`;
      const lines = [
        hint(this, "toHaveAgentCalledTool", label),
        "",
        `Expected: ${this.isNot ? "no call: " : ""}${wanted}`,
        `Received: ${receivedText(this, `${calls.length} call${calls.length === 1 ? "" : "s"}${calls.length ? ", by agent:" : ""}`)}`,
      ];
      if (calls.length > 0)
        lines.push(
          boundedList(
            calls.map(
              (found) =>
                `${describeAgent(found.agent)}: ${found.call.name} ${received(this, found.call.arguments, 200)}`,
            ),
          ),
        );
      const closest = named[0];
      if (!this.isNot && rest.length > 0 && closest) {
        const diff = diffOf(this, rest[0], alignedWith(this, closest.call.arguments, rest[0], false));
        if (diff) lines.push("", `Arguments of the agent's first call to ${JSON.stringify(name)}:`, diff);
      }
      return lines.join("\n");
    },
  };
}

function describeSelector(selector: AgentSelector): string {
  const parts = Object.entries(selector).map(
    ([key, value]) => `${key}: ${value instanceof RegExp ? String(value) : JSON.stringify(value)}`,
  );
  return `{ ${parts.join(", ")} }`;
}
