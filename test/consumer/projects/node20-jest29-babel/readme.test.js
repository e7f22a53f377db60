// The README's test in Jest 29's CommonJS mode on Node 20, with the newest MSW 2 and the Babel
// set-up of docs/matchers.md: the fake's MSW handlers, an app that runs the sales tool, the matchers.
const { setupServer } = require("msw/node");
const OpenAI = require("openai").default;
const { fakeResponses, turn, unhandledGuard } = require("agent-testkit/msw");

const tools = [
  {
    type: "function",
    name: "get_latest_sales_report",
    description: "The latest sales report for a region.",
    parameters: {
      type: "object",
      properties: { region: { type: "string", enum: ["apac", "emea", "amer"] } },
      required: ["region"],
      additionalProperties: false,
    },
    strict: true,
  },
];

async function answer(client, question) {
  const first = await client.responses.create({ model: "gpt-5", input: question, tools });
  const call = first.output.find((item) => item.type === "function_call");
  if (!call) return first.output_text;
  const { region } = JSON.parse(call.arguments);
  const second = await client.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: call.call_id, output: `Sales in ${region}: +4%` }],
  });
  return second.output_text;
}

const fake = fakeResponses({ tools });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen(unhandledGuard(/(^|\.)openai\.com$/)));
afterEach(() => fake.reset());
afterAll(() => server.close());

test("the msw installed is MSW 2 from 2.11.3 on (the one with ESM-only dependencies)", () => {
  const [major, minor, patch] = require("msw/package.json").version.split(".").map(Number);
  expect(major).toBe(2);
  expect(minor * 1000 + patch).toBeGreaterThanOrEqual(11 * 1000 + 3);
});

test("runs the sales tool and answers with the report", async () => {
  fake.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }), turn.message("APAC sales are up 4%."));
  expect(await answer(new OpenAI(), "How are sales in APAC?")).toBe("APAC sales are up 4%.");
  const [first] = fake.responses.values();
  expect(first.output[0]).toBeReplayable(tools);
  expect(fake).toHaveAnsweredCall(first.output[0]);
  expect(fake).toHaveCalledTool("get_latest_sales_report", { region: "apac" });
});
