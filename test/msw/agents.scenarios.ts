import { describe, expect, test } from "vitest";
import { examples } from "../../fixtures/factories/index.js";
import { agentStep, fakeAgents } from "../../fixtures/msw/index.js";
import type { Transport } from "./transports.js";

export const lookupOrder = { ...examples.lookupOrderTool, description: "Look up an order." };
export const salesReport = { ...examples.salesTool, description: "Sales report." };

const createBody = (input?: string) => ({
  agent: { model: "gpt-6-astra", instructions: "Look up orders.", tools: [lookupOrder, salesReport] as never },
  environment: { type: "openai_hosted" as const },
  ...(input === undefined ? {} : { input }),
});

export function agentsScenarios(transport: Transport): void {
  async function setup() {
    const fake = fakeAgents();
    const client = await transport.connect(fake);
    return { fake, client, sessions: client.beta.agents.sessions };
  }

  describe(`Agents fake through ${transport.name}`, () => {
    test("the SDK's session runner answers a scripted tool call with a paired tool_result", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("A-1042 is paid."));
      const session = await sessions.create(createBody());
      expect(session.status).toBe("idle");
      const result = await sessions
        .stream(session.id, {
          input: "Where is A-1042?",
          toolHandlers: { lookup_order: async ({ order_id }: { order_id: string }) => ({ order_id, status: "paid" }) },
        } as never)
        .finalResult();
      expect(result.output_text).toBe("A-1042 is paid.");
      expect(fake.toolResults).toHaveLength(1);
      const action = fake.items(session.id).find((i) => i.type === "function_call")!;
      expect(fake.toolResults[0]).toPairWithCall(action);
      expect(fake.toolResults[0]).toMatchObject({ success: true, output: '{"order_id":"A-1042","status":"paid"}' });
      const final = await sessions.retrieve(session.id);
      expect(final).toHaveNoPendingActions();
      expect(final.status).toBe("idle");
    });

    test("two parallel calls through the runner", async () => {
      const { fake, sessions } = await setup();
      fake.reply(
        agentStep.parallelCalls([
          ["lookup_order", { order_id: "A-1042" }],
          ["get_latest_sales_report", { region: "emea" }],
        ]),
        agentStep.message("Done."),
      );
      const session = await sessions.create(createBody());
      const result = await sessions
        .stream(session.id, {
          input: "Both please",
          toolHandlers: {
            lookup_order: async () => "paid",
            get_latest_sales_report: async ({ region }: { region: string }) => `report ${region}`,
          },
        } as never)
        .finalResult();
      expect(result.output_text).toBe("Done.");
      expect(fake.toolResults.map((r) => r.output)).toEqual(["paid", "report emea"]);
    });

    test("a failing handler sends success: false and the turn goes on", async () => {
      const { fake, sessions } = await setup();
      fake.reply(
        agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
        agentStep.message("Sorry, the lookup failed."),
      );
      const session = await sessions.create(createBody());
      const result = await sessions
        .stream(session.id, {
          input: "A-1042?",
          toolHandlers: {
            lookup_order: async () => {
              throw new Error("database down");
            },
          },
        } as never)
        .finalResult();
      expect(result.output_text).toBe("Sorry, the lookup failed.");
      expect(fake.toolResults[0]).toMatchObject({ success: false, error: expect.any(String) });
      expect(fake.toolResults[0]).toPairWithCall(fake.items(session.id).find((i) => i.type === "function_call")!);
    });
  });
}
