// agentTest on Vitest 4.1 + MSW 2 + openai 6 (Node 20): a fake per test, routed per test.

import { turn } from "agent-testkit/msw";
import { agentTest } from "agent-testkit/vitest4";
import OpenAI from "openai";
import { describe, expect } from "vitest";

describe.concurrent("agentTest on Vitest 4", () => {
  for (const n of [1, 2, 3]) {
    agentTest(`test ${n} sees only its own fake`, async ({ responses }) => {
      responses.reply(turn.message(`answer ${n}`).delay(20 - n * 5));
      const client = new OpenAI({ apiKey: "test-key", maxRetries: 0 });
      const response = await client.responses.create({ model: "gpt-5", input: `q${n}` });
      expect(response.output_text).toBe(`answer ${n}`);
      expect(responses.requests).toHaveLength(1);
    });
  }
});
