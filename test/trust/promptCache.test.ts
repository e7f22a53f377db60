// Issue 36 (2): toKeepPromptCachePrefix on the most common stateless loop — the answer sent back
// as `{ role: "assistant", content: r.output_text }` — driven by the official client. The same
// text in another of the API's shapes is the same prompt; a change that loses no cached token is
// no break.
import { stripVTControlCharacters } from "node:util";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import "../../matchers/vitest.js";

const instructions = "You are the sales desk. Answer briefly and cite the report. ".repeat(100);

async function statelessLoop(sendBack: (r: OpenAI.Responses.Response) => OpenAI.Responses.ResponseInputItem[]) {
  const fake = fakeResponses().reply(turn.message("Answer 1."), turn.message("Answer 2."), turn.message("Answer 3."));
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
  const input: OpenAI.Responses.ResponseInputItem[] = [];
  for (const question of ["First?", "Second?", "Third?"]) {
    input.push({ role: "user", content: question });
    const r = await client.responses.create({ model: "gpt-5", instructions, input, store: false });
    input.push(...sendBack(r));
  }
  return fake;
}

describe("toKeepPromptCachePrefix on an append-only history", () => {
  test("the answer sent back as { role: 'assistant', content: output_text } keeps the prefix", async () => {
    const fake = await statelessLoop((r) => [{ role: "assistant", content: r.output_text }]);
    expect(fake).toKeepPromptCachePrefix();
    // and the fake's own cache agrees: every later request reads the earlier prompt from the cache
    expect(fake).toKeepPromptCachePrefix({ minCachedShare: 0.9 });
  });

  test("the output items sent back as they came keep it too", async () => {
    const fake = await statelessLoop((r) => r.output as OpenAI.Responses.ResponseInputItem[]);
    expect(fake).toKeepPromptCachePrefix();
  });

  test("a history rewritten inside the cached prefix still breaks it, naming where and the cost", async () => {
    const fake = await statelessLoop((r) => [{ role: "assistant", content: r.output_text }]);
    const client = new OpenAI({ apiKey: "k", fetch: fake.reply(turn.message("Answer 4.")).fetch });
    // the app rewrites the instructions it sent: the cached prefix of every earlier request is cut
    await client.responses.create({
      model: "gpt-5",
      instructions: `${instructions.slice(0, 100)}!`,
      input: "Fourth?",
      store: false,
    });
    let message = "";
    try {
      expect(fake).toKeepPromptCachePrefix();
    } catch (error) {
      message = stripVTControlCharacters((error as Error).message);
    }
    expect(message).toContain("1 problem in 4 requests");
    expect(message).toMatch(
      /request #4 changes \/instructions at character 100 .*: [\d,]+ cached tokens of request #3 lost/,
    );
  });

  test("a change that loses no cached token (a prompt too short to cache) is no break", () => {
    const bodies = [
      { model: "gpt-5", instructions: "Short, at 10:00.", input: "Hi" },
      { model: "gpt-5", instructions: "Short, at 10:01.", input: "Hi" },
    ];
    expect(bodies).toKeepPromptCachePrefix();
  });
});
