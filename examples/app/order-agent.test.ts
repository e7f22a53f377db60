// The order agent on the Agents API fake: the requires_action → tool_result flow, by hand and
// through the SDK's session runner.

import { agentStep } from "agent-testkit/msw";
import { agentTest } from "agent-testkit/vitest";
import OpenAI from "openai";
import { describe, expect } from "vitest";
import { answerRequiredActions, askOrderAgent, openOrderSession } from "./order-agent.js";

const client = () => new OpenAI({ apiKey: "test-key", maxRetries: 0 });

describe("order agent", () => {
  agentTest("answers a required action with a correctly pinned, serialized result", async ({ agents }) => {
    agents.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("A-1042 is paid."));
    const sessionId = await openOrderSession(client());
    await client().beta.agents.sessions.events.create(sessionId, {
      events: [
        {
          type: "agent.session.input.message",
          input: [{ role: "user", content: [{ type: "input_text", text: "Where is A-1042?" }] }],
        },
      ],
    });

    const waiting = await client().beta.agents.sessions.retrieve(sessionId);
    expect(waiting).toRequireAction({ name: "lookup_order", arguments: { order_id: "A-1042" } });

    expect(await answerRequiredActions(client(), sessionId)).toBe(1);
    expect(agents.toolResults[0]).toPairWithCall(waiting.required_actions[0]!);
    expect(JSON.parse(agents.toolResults[0]!.output as string)).toMatchObject({ order_id: "A-1042", status: "paid" });
    expect(await client().beta.agents.sessions.retrieve(sessionId)).toHaveNoPendingActions();
  });

  agentTest("a resend after a disconnect is accepted once and changes nothing", async ({ agents }) => {
    agents.reply(agentStep.functionCall("lookup_order", { order_id: "B-2001" }), agentStep.message("Shipped."));
    const sessionId = await openOrderSession(client());
    await client().beta.agents.sessions.events.create(sessionId, {
      events: [
        {
          type: "agent.session.input.message",
          input: [{ role: "user", content: [{ type: "input_text", text: "B-2001?" }] }],
        },
      ],
    });
    const waiting = await client().beta.agents.sessions.retrieve(sessionId);
    await answerRequiredActions(client(), sessionId);
    // the app thought the first send failed and sends the same result again
    const [action] = waiting.required_actions as Array<{ turn_id: string; call_id: string }>;
    await client().beta.agents.sessions.events.create(sessionId, {
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action!.turn_id,
          call_id: action!.call_id,
          success: true,
          output: "again",
        },
      ],
      "Idempotency-Key": `${action!.turn_id}:${action!.call_id}`,
    });
    expect(agents.toolResults).toHaveLength(1);
    expect(agents.events(sessionId).filter((e) => e.type === "agent.session.turn.completed")).toHaveLength(1);
  });

  agentTest("the SDK's runner calls our tool and returns the final answer", async ({ agents }) => {
    agents.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("Paid, $129.50."));
    const sessionId = await openOrderSession(client());
    expect(await askOrderAgent(client(), sessionId, "Where is A-1042?")).toBe("Paid, $129.50.");
    expect(agents.toolResults).toEqual([
      expect.objectContaining({ success: true, output: expect.stringContaining('"status":"paid"') }),
    ]);
  });
});
