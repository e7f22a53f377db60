import { Agent, OpenAIResponsesModel, run, setTracingDisabled } from "@openai/agents";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { checkPair } from "../../src/index.js";
import { expectSpecValid } from "./responses.scenarios.js";
import { salesReport } from "./salesTool.js";
import { strictServer } from "./server.js";

setTracingDisabled(true);
const server = strictServer();

function scriptToolLoop(fake: ReturnType<typeof fakeResponses>) {
  fake.respond(({ conversation }) => {
    const output = conversation.findLast((item) => (item as { type?: string }).type === "function_call_output") as
      | { call_id: string; output: string }
      | undefined;
    if (!output) return turn.functionCall("get_latest_sales_report", { region: "apac" });
    const call = conversation.find(
      (item) =>
        (item as { call_id?: string; type?: string }).type === "function_call" &&
        (item as { call_id: string }).call_id === output.call_id,
    );
    expect(checkPair(call, output)).toMatchObject({ ok: true });
    return turn.message(`Report: ${output.output}`);
  });
}

// Each test builds its agent on its own client: the Agents SDK caches models per default client.
function salesAgent(client: OpenAI) {
  return new Agent({
    name: "Sales",
    instructions: "Answer with the report.",
    model: new OpenAIResponsesModel(client, "gpt-5"),
    tools: [salesReport],
  });
}

describe.each([
  [
    "fake.fetch",
    (fake: ReturnType<typeof fakeResponses>) => salesAgent(new OpenAI({ apiKey: "test-key", fetch: fake.fetch })),
  ],
  [
    "fake.handlers",
    (fake: ReturnType<typeof fakeResponses>) => {
      server.use(...fake.handlers);
      return salesAgent(new OpenAI({ apiKey: "test-key" }));
    },
  ],
])("@openai/agents run() against the fake through %s", (_name, install) => {
  test("a tool loop completes: call → our output → final message", async () => {
    const fake = fakeResponses();
    const agent = install(fake);
    scriptToolLoop(fake);
    const result = await run(agent, "How are APAC sales?");
    expect(result.finalOutput).toBe("Report: sales report for apac");
    expect(fake.requests).toHaveLength(2);
    const second = fake.requests[1]!.body as { input: unknown[] };
    expect(second.input).toHaveAllCallsPaired();
    expect(second.input).toBePortable();
    expectSpecValid(fake);
  });

  test("the same loop with { stream: true }", async () => {
    const fake = fakeResponses();
    const agent = install(fake);
    scriptToolLoop(fake);
    const result = await run(agent, "How are APAC sales?", { stream: true });
    for await (const _ of result.toStream()) void _;
    await result.completed;
    expect(result.finalOutput).toBe("Report: sales report for apac");
    expect(fake.requests.every((r) => (r.body as { stream?: boolean }).stream === true)).toBe(true);
    expectSpecValid(fake);
  });
});
