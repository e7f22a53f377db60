// A multi-agent @openai/agents app, tested as its users would: a triage agent with a hosted web
// search that hands off to a billing specialist (a function tool, and a refund that needs a human's
// approval), an input guardrail that runs its own agent in parallel, streaming. Replies are keyed
// by the agent that asks, so the guardrail never takes the triage agent's reply; the assertions
// are the toolkit's matchers on the SDK's own RunResult and on the fake.
import {
  Agent,
  type InputGuardrail,
  InputGuardrailTripwireTriggered,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
  webSearchTool,
} from "@openai/agents";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

setTracingDisabled(true);

function app(fake: ReturnType<typeof fakeResponses>) {
  // Each test builds its agents on its own client: the SDK caches models per default client.
  const model = new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch }), "gpt-5");
  const lookupInvoice = tool({
    name: "lookup_invoice",
    description: "An invoice by its number.",
    parameters: z.object({ invoice: z.string() }),
    execute: async ({ invoice }) => `Invoice ${invoice}: paid`,
  });
  const refundInvoice = tool({
    name: "refund_invoice",
    description: "Refund an invoice.",
    parameters: z.object({ invoice: z.string() }),
    needsApproval: true,
    execute: async ({ invoice }) => `Invoice ${invoice}: refunded`,
  });
  const billing = new Agent({
    name: "Billing",
    instructions: "You answer billing questions.",
    model,
    tools: [lookupInvoice, refundInvoice],
  });
  const checker = new Agent({
    name: "Abuse check",
    instructions: "Decide whether the message is abusive.",
    model,
    outputType: z.object({ abusive: z.boolean() }),
  });
  const abuse: InputGuardrail = {
    name: "abuse",
    execute: async ({ input, context }) => {
      const verdict = await run(checker, input, { context });
      return { outputInfo: verdict.finalOutput, tripwireTriggered: verdict.finalOutput?.abusive === true };
    },
  };
  const triage = new Agent({
    name: "Triage",
    instructions: "Route the customer to the right specialist.",
    model,
    tools: [webSearchTool()],
    handoffs: [billing],
    inputGuardrails: [abuse],
  });
  return { triage };
}

describe("a triage app with a handoff and a parallel guardrail", () => {
  function scripted() {
    const fake = fakeResponses();
    // the guardrail's agent, whatever order its request arrives in
    fake.reply({ instructions: /abusive/ }, turn.message('{"abusive":false}'));
    // the triage agent (no handoff yet): the plain queue
    fake.reply(turn.handoff("Billing"));
    // after the handoff: the billing agent
    fake.reply(
      { agent: "Billing" },
      turn.functionCall("lookup_invoice", { invoice: "INV-7" }),
      turn.message("INV-7 is paid."),
    );
    return fake;
  }

  test("run(): the handoff, the specialist's tool, its answer; the guardrail took its own reply", async () => {
    const fake = scripted();
    const result = await run(app(fake).triage, "Is invoice INV-7 paid?");
    expect(result.finalOutput).toBe("INV-7 is paid.");
    expect(result.lastAgent?.name).toBe("Billing");
    expect(result).toHaveHandedOffTo("Billing");
    expect(result).not.toHaveHandedOffTo("Support");
    expect(result).toHaveCalledTool("lookup_invoice", { invoice: "INV-7" });
    expect(result).toHaveAllCallsPaired();
    expect(result).toHaveAgentCalledTool("Billing", "lookup_invoice", { invoice: "INV-7" });
    expect(result).toHaveAgentCalledTool("Triage", "transfer_to_Billing");
    expect(result).not.toHaveAgentCalledTool("Triage", "lookup_invoice");
    expect(result).not.toHaveTrippedGuardrail();
    expect(fake).toHaveHandedOffTo("Billing");
    // on the wire, an agent is known by the handoff that reached it
    expect(fake).toHaveAgentCalledTool("Billing", "lookup_invoice", { invoice: "INV-7" });
    expect(fake).not.toHaveAgentCalledTool("Support", "lookup_invoice");
    // the first agent, told by what it sends: its instructions, the tools it offers
    expect(fake).toHaveAgentCalledTool({ instructions: /Route the customer/ }, "transfer_to_Billing");
    expect(fake).toHaveAgentCalledTool({ tools: ["transfer_to_Billing", "web_search"] }, "transfer_to_Billing");
    expect(fake).not.toHaveAgentCalledTool({ instructions: /Route the customer/ }, "lookup_invoice");
    expect(result).toHaveAgentCalledTool({ tools: ["lookup_invoice", "refund_invoice"] }, "lookup_invoice");
    expect(result).toHaveAgentCalledTool({ tools: ["transfer_to_Billing"] }, "transfer_to_Billing");
    expect(fake.pending).toBe(0);
    expect(fake.requests).toHaveLength(4);
  });

  test("run(…, { stream: true }): the same, streamed", async () => {
    const fake = scripted();
    const result = await run(app(fake).triage, "Is invoice INV-7 paid?", { stream: true });
    for await (const _ of result.toStream()) void _;
    await result.completed;
    expect(result.finalOutput).toBe("INV-7 is paid.");
    expect(result).toHaveHandedOffTo("Billing");
    expect(result).toHaveCalledToolTimes("lookup_invoice", 1);
  });

  test("the guardrail trips: its own reply says so, and the run stops", async () => {
    const fake = fakeResponses();
    fake.reply({ instructions: /abusive/ }, turn.message('{"abusive":true}'));
    fake.reply(turn.handoff("Billing"));
    const running = run(app(fake).triage, "You are useless!");
    await expect(running).rejects.toBeInstanceOf(InputGuardrailTripwireTriggered);
    await expect(running).rejects.toHaveTrippedGuardrail("abuse");
    await expect(running).rejects.not.toHaveTrippedGuardrail("politeness");
  });

  test("a hosted web search, then a refund a human approves", async () => {
    const fake = fakeResponses();
    // the guardrail may run again when the run resumes: its reply stands
    fake.reply({ instructions: /abusive/ }, turn.message('{"abusive":false}').always());
    fake.reply(turn.webSearch("refund policy", { next: turn.handoff("Billing") }));
    fake.reply(
      { agent: "Billing" },
      turn.functionCall("refund_invoice", { invoice: "INV-7" }),
      turn.message("INV-7 is refunded."),
    );
    const { triage } = app(fake);
    const first = await run(triage, "Refund INV-7, please.");
    expect(first.interruptions).toHaveLength(1);
    // asked, not yet answered: the approval holds the call (the SDK's history leaves it out; newItems has it)
    expect(first).toHaveCalledTool("refund_invoice", { invoice: "INV-7" });
    expect(first).not.toHaveAllCallsPaired();
    expect(first).toHaveAgentCalledTool("Triage", "web_search");
    expect(first).toHaveAgentCalledTool("Billing", "refund_invoice", { invoice: "INV-7" });
    const [approval] = first.interruptions;
    first.state.approve(approval!);
    const result = await run(triage, first.state);
    expect(result.finalOutput).toBe("INV-7 is refunded.");
    expect(result).toHaveAllCallsPaired();
    expect(fake).toHaveAnsweredCall(approval!.rawItem, "Invoice INV-7: refunded");
    expect(fake.pending).toBe(0);
  });

  test("a selector whose replies were all taken is named in the refusal", async () => {
    const fake = fakeResponses();
    fake.reply({ instructions: /abusive/ }, turn.message('{"abusive":false}'));
    fake.reply(turn.handoff("Billing"));
    fake.reply({ agent: "Billing" }, turn.message("Paid."));
    await run(app(fake).triage, "Is invoice INV-7 paid?");
    const again = run(app(fake).triage, "And INV-8?");
    await expect(again).rejects.toThrow(/whose replies were all taken/);
  });
});
