// The README's test as written, in Jest 30's CommonJS mode through ts-jest, with the newest MSW 2
// and the set-up of docs/matchers.md (under noUncheckedIndexedAccess).

import { fakeResponses, turn, unhandledGuard } from "agent-testkit/msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { answer } from "./app";
import { tools } from "./tools";

const fake = fakeResponses({ tools });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen(unhandledGuard(/(^|\.)openai\.com$/)));
afterEach(() => fake.reset());
afterAll(() => server.close());

test("runs the sales tool and answers with the report", async () => {
  fake.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }), turn.message("APAC sales are up 4%."));
  expect(await answer(new OpenAI(), "How are sales in APAC?")).toBe("APAC sales are up 4%.");
  const [first] = fake.responses.values();
  expect(first?.output[0]).toBeReplayable(tools);
  expect(fake).toHaveAnsweredCall(first?.output[0]);
});

test("the msw installed is MSW 2 from 2.11.3 on (the one with ESM-only dependencies)", () => {
  const { version } = require("msw/package.json") as { version: string };
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  expect(major).toBe(2);
  expect(minor * 1000 + patch).toBeGreaterThanOrEqual(11 * 1000 + 3);
});
