import { callsIn } from "../src/conversation.js";
import { HANDOFF_PREFIX, handoffToolName } from "../src/frameworks.js";
import { requireConversation } from "./conversation.js";
import {
  boundedList,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  receivedText,
} from "./print.js";

/**
 * `expect(result).toHaveHandedOffTo("Billing")`: an agent handed the conversation off to the agent
 * of that name — the model called its handoff tool, as `@openai/agents` renders it
 * (`transfer_to_Billing`). Received: a `RunResult` (or its items), a fake, or any conversation.
 */
export function toHaveHandedOffTo(this: MatcherContext, conversation: unknown, agent: string): MatcherResult {
  requireConversation(this, "toHaveHandedOffTo", "agent", conversation);
  if (typeof agent !== "string" || agent.trim() === "")
    matcherError(this, "toHaveHandedOffTo", "agent", "agent", "an agent's name", agent);
  const tool = handoffToolName(agent);
  const handoffs = callsIn(conversation)
    .map((call) => call.name)
    .filter((name) => name.startsWith(HANDOFF_PREFIX));
  const pass = handoffs.includes(tool);
  return {
    pass,
    message: () =>
      [
        hint(this, "toHaveHandedOffTo", "agent"),
        "",
        `Expected: ${expectedText(this, `${this.isNot ? "no " : "a "}handoff to ${JSON.stringify(agent)} (a call to ${tool})`)}`,
        `Received: ${receivedText(this, handoffs.length === 0 ? "no handoff at all" : `${handoffs.length} handoff${handoffs.length === 1 ? "" : "s"}:`)}`,
        ...(handoffs.length > 0 ? [boundedList(handoffs)] : []),
      ].join("\n"),
  };
}
