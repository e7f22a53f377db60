// The Agents fake on Node 20: openai 6 has no `beta.agents` (openai 7 needs Node ≥ 22), so a Node
// 20 project drives the fake over plain HTTP, as its own client code or another SDK would.
import { agentStep, fakeAgents } from "agent-testkit/msw";
import { expect, test } from "vitest";

const lookupOrder = {
  type: "function",
  name: "lookup_order",
  description: "Look up an order.",
  parameters: { type: "object", properties: { order_id: { type: "string" } } },
};
const headers = { authorization: "Bearer test-key", "openai-beta": "agents=v1", "content-type": "application/json" };

test("a session asks for a tool result and finishes once it gets one, over fake.fetch", async () => {
  const agents = fakeAgents().reply(
    agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
    agentStep.message("A-1042 is paid."),
  );
  const created = await agents.fetch("https://api.openai.com/v1/agents/sessions", {
    method: "POST",
    headers,
    body: JSON.stringify({
      agent: { model: "gpt-6-astra", tools: [lookupOrder] },
      environment: { type: "none" },
      input: "Where is A-1042?",
    }),
  });
  const session = (await created.json()) as {
    id: string;
    status: string;
    required_actions: Array<{ turn_id: string; call_id: string }>;
  };
  expect(session.status).toBe("requires_action");
  const [action] = session.required_actions;
  const answered = await agents.fetch(`https://api.openai.com/v1/agents/sessions/${session.id}/events`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action?.turn_id,
          call_id: action?.call_id,
          success: true,
          output: '{"status":"paid"}',
        },
      ],
    }),
  });
  expect(answered.status).toBe(200);
  expect(agents.sessions.get(session.id)?.status).toBe("idle");
  expect(agents).toHaveAnsweredCall(action, { status: "paid" });
});
