// The example app's suite: the official client against the Responses fake, with the matchers
// and the factories. Run by `npm test` and `npm run demo`.

import { createFactories } from "agent-testkit/factories";
import { turn } from "agent-testkit/msw";
import { agentTest } from "agent-testkit/vitest";
import OpenAI from "openai";
import { describe, expect } from "vitest";
import { answer, CUT_OFF } from "./assistant.js";
import { tools } from "./tools.js";

const client = () => new OpenAI({ apiKey: "test-key", maxRetries: 0 });

describe("sales assistant", () => {
  agentTest("runs the sales report tool and answers", async ({ responses }) => {
    responses.reply(
      turn.functionCall("get_latest_sales_report", { region: "apac" }),
      turn.message("APAC revenue is $12.4M."),
    );
    expect(await answer(client(), "How is APAC doing?")).toBe("APAC revenue is $12.4M.");

    const [first, second] = responses.requests;
    expect(first!.response.body).toMatchObject({ output: [expect.toBeReplayable(tools)] });
    const input = (second!.body as { input: unknown[] }).input;
    expect(input[0]).toPairWithCall((first!.response.body as { output: unknown[] }).output[0] as object);
    expect(input[0]).toMatchObject({ output: expect.stringContaining('"revenue_musd":12.4') });
  });

  agentTest("answers parallel calls in one request", async ({ responses }) => {
    responses.reply(
      turn.parallelCalls([
        ["lookup_order", { order_id: "A-1042" }],
        ["lookup_order", { order_id: "B-2001" }],
      ]),
      turn.message("Both found."),
    );
    expect(await answer(client(), "Where are A-1042 and B-2001?")).toBe("Both found.");
    const conversation = [
      ...(responses.requests[0]!.response.body as { output: unknown[] }).output,
      ...(responses.requests[1]!.body as { input: unknown[] }).input,
    ];
    expect(conversation).toHaveAllCallsPaired();
    expect(conversation).toBePortable();
  });

  agentTest("never runs a tool on arguments the schema rejects; tells the model why", async ({ responses }) => {
    const f = createFactories({ seed: 7, tools: [...tools] });
    const bad = f.invalid.schemaViolation("pattern");
    const { name, arguments: args } = bad.item as { name: string; arguments: string };
    responses.reply(turn.invalidCall(name, args), turn.message("Please give a valid order id."));
    expect(await answer(client(), "Where is my order?")).toBe("Please give a valid order id.");
    const output = (responses.requests[1]!.body as { input: Array<{ output: string }> }).input[0]!.output;
    expect(JSON.parse(output).error).toMatch(/^arguments_schema: \/order_id must match pattern/);
  });

  agentTest("a truncated call is neither run nor answered", async ({ responses }) => {
    responses.reply(turn.incomplete({ name: "lookup_order", arguments: { order_id: "A-1042" } }));
    expect(await answer(client(), "A-1042?")).toBe(CUT_OFF);
    expect(responses.requests).toHaveLength(1);
    expect((responses.requests[0]!.response.body as { output: unknown[] }).output[0]).toHaveReplayReason("status");
  });
});
