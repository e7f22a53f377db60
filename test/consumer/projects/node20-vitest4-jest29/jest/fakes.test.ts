// Jest 29, CommonJS, no flags, Node 20, MSW 2, openai 6: the factories and the Responses fake,
// reached by a client built at the top level before server.listen(), with no API key.

import { createFactories, examples } from "agent-testkit/factories";
import { fakeResponses, turn } from "agent-testkit/msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";

const tools = [examples.salesTool, examples.lookupOrderTool];
const moduleLevel = new OpenAI({ maxRetries: 0 });
const fake = fakeResponses({ tools });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => fake.reset());
afterAll(() => server.close());

test("factories", () => {
  const f = createFactories({ seed: 2, tools });
  expect(f.functionCall({ name: "lookup_order" })).toBeReplayable(tools);
  for (const c of f.invalid.all()) if (c.check === "gate") expect(c.item).toHaveReplayReason(c.reason, c.tools);
});

test("the Responses fake on MSW 2", async () => {
  fake.reply(turn.functionCall("lookup_order", { order_id: "A-1042" }), turn.message("Paid."));
  const first = await moduleLevel.responses.create({ model: "gpt-5", input: "A-1042?" });
  expect(first.output[0]).toHaveStringArguments({ order_id: "A-1042" });
  const call = first.output[0] as { call_id: string };
  const second = await moduleLevel.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: call.call_id, output: "paid" }],
  });
  expect(second.output_text).toBe("Paid.");
});
