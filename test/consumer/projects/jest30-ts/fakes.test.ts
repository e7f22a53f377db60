// The factories and both fakes in Jest's CommonJS mode with no flags (this project compiles to
// CommonJS), with MSW 2 (MSW 3 is ESM-only). The client below is built at the top level, before
// server.listen(), with no API key: the setup entry makes both work.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "@jest/globals";
import { createFactories, examples } from "agent-testkit/factories";
import { agentStep, fakeAgents, fakeResponses, turn } from "agent-testkit/msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";

const tools = [examples.salesTool, examples.lookupOrderTool];
const moduleLevel = new OpenAI({ maxRetries: 0 });
const fake = fakeResponses({ tools });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => fake.reset());
afterAll(() => server.close());

describe("agent-testkit's fixtures in Jest, CommonJS, no flags", () => {
  test("factories", () => {
    const f = createFactories({ seed: 2, tools });
    expect(f.functionCall({ name: "lookup_order" })).toBeReplayable(tools);
    for (const c of f.invalid.all()) {
      if (c.check === "gate") expect(c.item).toHaveReplayReason(c.reason, c.tools);
      else expect(c.item).not.toPairWithCall(c.call as object);
    }
  });

  test("the Responses fake on MSW, reached by a client built before listen()", async () => {
    fake.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }), turn.message("Up 4%."));
    const first = await moduleLevel.responses.create({ model: "gpt-5", input: "How is APAC?" });
    expect(first.output[0]).toBeReplayable(tools);
    const call = first.output[0] as { call_id: string };
    const second = await moduleLevel.responses.create({
      model: "gpt-5",
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "report" }],
    });
    expect(second.output_text).toBe("Up 4%.");
    const sent = fake.requests[1];
    if (sent?.route !== "responses.create") throw new Error("expected a parsed create request");
    expect(sent.body.input?.[0]).toPairWithCall(first.output[0]);
  });

  test("the Agents fake through fake.fetch", async () => {
    const agents = fakeAgents().reply(
      agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
      agentStep.message("Paid."),
    );
    const sessions = new OpenAI({ fetch: agents.fetch, maxRetries: 0 }).beta.agents.sessions;
    const session = await sessions.create({
      agent: { model: "gpt-6-astra", tools: [examples.lookupOrderTool] },
      environment: { type: "openai_hosted" },
      input: "A-1042?",
    } as unknown as SessionCreateParamsNonStreaming);
    expect(session).toRequireAction({ name: "lookup_order", arguments: { order_id: "A-1042" } });
    const [action] = (session as unknown as { required_actions: Array<{ turn_id: string; call_id: string }> })
      .required_actions;
    await sessions.events.create(session.id, {
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action!.turn_id,
          call_id: action!.call_id,
          success: true,
          output: "paid",
        },
      ],
    });
    expect(await sessions.retrieve(session.id)).toHaveNoPendingActions();
    expect(agents.toolResults[0]).toPairWithCall(agents.items(session.id).find((i) => i.type === "function_call"));
  });
});
