// Issue 36 (5): a strict fake never serves a scripted function call to a request that does not
// offer that tool. Found with an @openai/agents triage app: its input guardrail runs in parallel,
// took the `transfer_to_Billing` call meant for the triage agent, and the error came from the SDK.
import { Agent, type InputGuardrail, OpenAIResponsesModel, run, setTracingDisabled } from "@openai/agents";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

setTracingDisabled(true);

describe("a scripted call to a tool the request does not offer", () => {
  test("the official client: a request with no tools gets a 400 naming the call and the tools offered (none)", async () => {
    const fake = fakeResponses().reply(turn.functionCall("transfer_to_Billing", {}));
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    await expect(client.responses.create({ model: "gpt-5", input: "My invoice is wrong." })).rejects.toMatchObject({
      status: 400,
      code: "invalid_scripted_call",
      message: expect.stringContaining(
        'the request offers no tools: a model cannot call "transfer_to_Billing" (tools: none)',
      ),
    });
  });

  test("@openai/agents: the guardrail's request is refused, not served the triage agent's handoff", async () => {
    const fake = fakeResponses();
    // The guardrail's request reaches the fake first, as in the report: the triage agent's waits a little.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (typeof init?.body === "string" && init.body.includes('"tools":[{'))
        await new Promise((r) => setTimeout(r, 50));
      return fake.fetch(input, init);
    };
    const client = new OpenAI({ apiKey: "k", fetch, maxRetries: 0 });
    const model = new OpenAIResponsesModel(client, "gpt-5");
    const billing = new Agent({ name: "Billing", instructions: "Fix invoices.", model });
    const checker = new Agent({
      name: "Guardrail check",
      instructions: "Is this about homework?",
      model,
      outputType: z.object({ homework: z.boolean() }),
    });
    const guardrail: InputGuardrail = {
      name: "homework",
      execute: async ({ input }) => {
        const verdict = await run(checker, input);
        return { outputInfo: verdict.finalOutput, tripwireTriggered: verdict.finalOutput?.homework ?? false };
      },
    };
    const triage = new Agent({
      name: "Triage",
      instructions: "Route the user.",
      model,
      handoffs: [billing],
      inputGuardrails: [guardrail],
    });
    // One reply, meant for the triage agent; the guardrail's request, sent beside it, must not take it.
    fake.reply(turn.functionCall("transfer_to_Billing", {}));
    await expect(run(triage, "My invoice is wrong.")).rejects.toThrow();
    const [guardrailRequest] = fake.requests;
    expect(guardrailRequest?.body).toMatchObject({ instructions: "Is this about homework?" });
    expect(guardrailRequest?.response).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "invalid_scripted_call",
          message: expect.stringContaining(
            'the request offers no tools: a model cannot call "transfer_to_Billing" (tools: none)',
          ),
        },
      },
    });
  });
});
