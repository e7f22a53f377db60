// agentTest from the packed package: MSW 3 + openai 7, a fake per test.

import { turn } from "agent-testkit/msw";
import { agentTest } from "agent-testkit/vitest";
import OpenAI from "openai";
import { expect } from "vitest";

agentTest("the app's client reaches the test's own fake", async ({ responses }) => {
  responses.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }));
  const client = new OpenAI({ apiKey: "test-key" });
  const tools: OpenAI.Responses.FunctionTool[] = [
    {
      type: "function",
      name: "get_latest_sales_report",
      parameters: { type: "object", properties: { region: { type: "string" } }, required: ["region"] },
      strict: false,
    },
  ];
  // the request offers the tool: a strict fake serves a call only to a request that does
  const response = await client.responses.create({ model: "gpt-5", input: "APAC?", tools });
  expect(response.output[0]).toHaveStringArguments({ region: "apac" });
  expect(responses.requests).toHaveLength(1);
});
