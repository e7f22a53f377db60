// The triage run the trajectory and trace tests drive through @openai/agents: a Triage agent that
// hands off to Billing, whose tool looks an order up.
import { Agent, type Model, OpenAIResponsesModel, tool } from "@openai/agents";
import OpenAI from "openai";
import { z } from "zod";
import type { fakeResponses } from "../../fixtures/msw/index.js";

/** `lookup_order({ id })`: "Order {id}: late". */
export function lookupOrderTool() {
  return tool({
    name: "lookup_order",
    description: "An order.",
    parameters: z.object({ id: z.string() }),
    execute: async ({ id }) => `Order ${id}: late`,
  });
}

/** Triage (handoffs: Billing) and Billing (tools: lookup_order), on a Responses model whose client calls `fake`. */
export function triageAgents(fake: ReturnType<typeof fakeResponses>) {
  return triageAgentsOn(new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch }), "gpt-5"));
}

/** The same agents on any model (a Chat Completions one). */
export function triageAgentsOn(model: Model) {
  const billing = new Agent({
    name: "Billing",
    instructions: "You refund orders.",
    model,
    tools: [lookupOrderTool()],
  });
  const triage = new Agent({ name: "Triage", instructions: "Route the customer.", model, handoffs: [billing] });
  return { model, billing, triage };
}
