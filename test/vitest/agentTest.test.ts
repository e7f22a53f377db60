import OpenAI from "openai";
import { describe, expect } from "vitest";
import { agentTest } from "../../matchers/vitest.js";
import { turn } from "../../fixtures/msw/index.js";

const client = () => new OpenAI({ apiKey: "test-key", maxRetries: 0 });

describe("agentTest", () => {
  agentTest("gives each test a responses fake installed on MSW", async ({ responses }) => {
    responses.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }));
    const response = await client().responses.create({ model: "gpt-5", input: "x" });
    expect(response.output[0]).toBeReplayable();
    expect(responses.requests).toHaveLength(1);
  });

  agentTest("starts from a clean state", async ({ responses }) => {
    expect(responses.requests).toHaveLength(0);
    expect(responses.pending).toBe(0);
  });

  // Each concurrent test scripts a different answer and waits, so that their requests interleave.
  describe.concurrent("under test.concurrent, each test has its own state", () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      agentTest(`test ${n}`, async ({ responses }) => {
        responses.reply(turn.message(`answer ${n}`).delay(30 - n * 4), turn.message(`second ${n}`));
        const first = await client().responses.create({ model: "gpt-5", input: `q${n}` });
        const second = await client().responses.create({ model: "gpt-5", input: `q${n}`, previous_response_id: first.id });
        expect([first.output_text, second.output_text]).toEqual([`answer ${n}`, `second ${n}`]);
        expect(responses.requests.map((r) => (r.body as { input: string }).input)).toEqual([`q${n}`, `q${n}`]);
      });
    }
  });
});
