// MSW 2 + openai 6 on Node 20: a streaming tool call served by the Responses fake.

import { createFactories, examples } from "agent-testkit/factories";
import { fakeResponses, turn } from "agent-testkit/msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";

const fake = fakeResponses({ tools: [examples.salesTool] });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

test("a streamed function call arrives whole, and the fake pairs our output", async () => {
  const client = new OpenAI({ apiKey: "test-key" });
  fake.reply(turn.functionCall("get_latest_sales_report", { region: "emea" }), turn.message("EMEA is flat."));
  const stream = await client.responses.create({ model: "gpt-5", input: "EMEA?", stream: true });
  let args = "";
  let final: OpenAI.Responses.Response | undefined;
  for await (const event of stream) {
    if (event.type === "response.function_call_arguments.delta") args += event.delta;
    if (event.type === "response.completed") final = event.response;
  }
  const call = final!.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
  expect(call).toBeReplayable([examples.salesTool]);
  expect(args).toBe(call.arguments);
  const next = await client.responses.create({
    model: "gpt-5",
    previous_response_id: final!.id,
    input: [{ type: "function_call_output", call_id: call.call_id, output: "flat" }],
  });
  expect(next.output_text).toBe("EMEA is flat.");
  expect(createFactories({ seed: 1 }).invalid.all().length).toBeGreaterThan(10);
});
