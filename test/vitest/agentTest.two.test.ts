// Two agentTest instances in one file (the default one and a createAgentTest of its own, say with
// other fake options): one MSW server for both, so that neither steals the other's requests.
import OpenAI from "openai";
import { expect } from "vitest";
import { turn } from "../../fixtures/msw/index.js";
import { agentTest, createAgentTest } from "../../matchers/vitest.js";

const lax = createAgentTest({ responses: { strict: false } });
const client = () => new OpenAI({ apiKey: "test-key", maxRetries: 0 });

agentTest("the default instance's test reaches its own fake", async ({ responses }) => {
  responses.reply(turn.message("from the default"));
  expect((await client().responses.create({ model: "gpt-5", input: "x" })).output_text).toBe("from the default");
  expect(responses.requests).toHaveLength(1);
});

lax("the second instance's test reaches its own fake, with its options", async ({ responses }) => {
  responses.reply(turn.message("from the lax one"));
  // a lax fake takes what a strict one refuses
  const answer = await client().responses.create({
    model: "gpt-5",
    input: "x",
    tools: [{ type: "web_surf" }] as never,
  });
  expect(answer.output_text).toBe("from the lax one");
  expect(responses.requests).toHaveLength(1);
});

agentTest("and the first one still does, after the second installed itself", async ({ responses }) => {
  responses.reply(turn.message("still the default"));
  expect((await client().responses.create({ model: "gpt-5", input: "x" })).output_text).toBe("still the default");
});
