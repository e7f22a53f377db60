// A multi-agent @openai/agents app, tested as its users would: a triage agent that hands off to a
// billing specialist (which calls a function tool), an input guardrail that runs its own agent in
// parallel, streaming. Replies are keyed by the agent that asks, so the guardrail never takes the
// triage agent's reply; the assertions are the toolkit's matchers on the SDK's own RunResult.
import {
  Agent,
  type InputGuardrail,
  InputGuardrailTripwireTriggered,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
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
  const billing = new Agent({
    name: "Billing",
    instructions: "You answer billing questions.",
    model,
    tools: [lookupInvoice],
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
    expect(fake).toHaveHandedOffTo("Billing");
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
    await expect(run(app(fake).triage, "You are useless!")).rejects.toBeInstanceOf(InputGuardrailTripwireTriggered);
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
