// toKeepPromptCachePrefix: on a fake, its log, cassette interactions and bare bodies; each kind of
// prefix break named with its path, its character, the two values and the cached tokens lost; an
// appended history passes.
import { stripVTControlCharacters } from "node:util";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { promptPrefixReport } from "../../src/promptCache.js";
import { failureOf } from "./helpers.js";

// 6,000 characters: with "<message:user>" and a question, 11 blocks of 512 characters (1,408 tokens)
const LONG = "Answer as the sales desk would. ".repeat(188).slice(0, 6000);
const at10 = `${LONG.slice(0, 42)}10:00${LONG.slice(47)}`;
const at11 = `${LONG.slice(0, 42)}10:01${LONG.slice(47)}`;
const tool = (name: string) => ({ type: "function", name, parameters: { type: "object" }, strict: false });

/** A stateless app: each request sends the whole history, the answers included. */
async function statelessRun(instructions: (turn: number) => string, tools = [tool("lookup_order")]) {
  const fake = fakeResponses().reply(turn.message("One."), turn.message("Two."), turn.message("Three."));
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const history: OpenAI.Responses.ResponseInputItem[] = [];
  for (const [i, question] of ["First?", "Second?", "Third?"].entries()) {
    history.push({ role: "user", content: question });
    const response = await client.responses.create({
      model: "gpt-5",
      instructions: instructions(i),
      tools: tools as never,
      input: history,
      store: false,
    });
    history.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
  }
  return fake;
}

describe("toKeepPromptCachePrefix", () => {
  test("an appended history passes, on the fake, its log and its bodies", async () => {
    const fake = await statelessRun(() => LONG);
    expect(fake).toKeepPromptCachePrefix();
    expect(fake.requests).toKeepPromptCachePrefix();
    expect(fake.requests.map((r) => r.body)).toKeepPromptCachePrefix();
    expect(fake).toKeepPromptCachePrefix({ minCachedShare: 0.8 });
    expect(failureOf(() => expect(fake).not.toKeepPromptCachePrefix())).toContain(
      "3 requests, each extending the one before it in its conversation",
    );
  });

  test("a timestamp in the instructions: the request, the path, the character, both values, the tokens lost", async () => {
    const fake = await statelessRun((i) => (i === 2 ? at11 : at10));
    const message = stripVTControlCharacters(failureOf(() => expect(fake).toKeepPromptCachePrefix()));
    expect(message).toContain(
      'request #3 changes /instructions at character 46 ("…. Answer as 10:00ales desk would…" → "…. Answer as 10:01ales desk would…"): 1,408 cached tokens of request #2 lost',
    );
    expect(message).toContain("1 problem in 3 requests:");
    expect(fake).not.toKeepPromptCachePrefix();
  });

  test("tools in a different order break at the first tool", async () => {
    const tools = [tool("lookup_order"), tool("refund_order")];
    const fake = fakeResponses().reply(turn.message("A."), turn.message("B."));
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    await client.responses.create({ model: "gpt-5", instructions: LONG, tools: tools as never, input: "Hi" });
    await client.responses.create({
      model: "gpt-5",
      instructions: LONG,
      tools: [...tools].reverse() as never,
      input: "Hi",
    });
    expect(stripVTControlCharacters(failureOf(() => expect(fake).toKeepPromptCachePrefix()))).toContain(
      'request #2 changes /tools/0/name at character 0 ("lookup_order" → "refund_order"): 1,408 cached tokens of request #1 lost',
    );
  });

  test("a history rewritten instead of appended (an answer dropped) breaks where it was", async () => {
    const first = { model: "gpt-5", instructions: LONG, input: [{ role: "user", content: "First?" }] };
    const answered = {
      request: { body: first },
      response: {
        body: {
          object: "response",
          output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "One." }] }],
        },
      },
    };
    const second = {
      ...first,
      input: [
        { role: "user", content: "First?" },
        { role: "user", content: "Second?" },
      ],
    };
    const [found] = promptPrefixReport([answered, { request: { body: second }, response: {} }]).breaks;
    // the first request's own prompt (its input) is still a prefix: nothing of its cache is lost,
    // so it is no break (issue 36: a change that loses no cached token is not one)
    expect(found).toBeUndefined();
    expect([answered, { request: { body: second }, response: {} }]).toKeepPromptCachePrefix();
    // dropping a question inside the cached prefix is one
    const rewritten = { ...first, input: [{ role: "user", content: "Other?" }] };
    const message = stripVTControlCharacters(
      failureOf(() =>
        expect([
          { request: { body: { ...first, input: [{ role: "user", content: `${LONG}?` }] } } },
          { request: { body: rewritten } },
        ]).toKeepPromptCachePrefix(),
      ),
    );
    expect(message).toContain("request #2 changes /input/0/content at character 0");
  });

  test("a chained request compares what comes before its history: tools and instructions", () => {
    const report = promptPrefixReport([
      { model: "gpt-5", instructions: `Be brief. ${LONG}`, input: "Hi" },
      { model: "gpt-5", instructions: `Be brief. ${LONG}`, previous_response_id: "resp_1", input: "More" },
      { model: "gpt-5", instructions: `Be long. ${LONG}`, previous_response_id: "resp_2", input: "More" },
    ]);
    expect(report.breaks).toMatchObject([{ request: 3, previous: 2, path: "/instructions", at: 3 }]);
  });

  test("minCachedShare: a short prompt is never cached, so every request is under the share asked for", async () => {
    const fake = await statelessRun(() => "Be brief.");
    expect(fake).toKeepPromptCachePrefix();
    const message = stripVTControlCharacters(
      failureOf(() => expect(fake).toKeepPromptCachePrefix({ minCachedShare: 0.5 })),
    );
    expect(message).toMatch(
      /request #2 read 0 of \d+ prompt tokens from the cache \(0%, its usage\), under the 50% asked for/,
    );
  });

  test("conversations are told apart by conversationOf (default: conversation, prompt_cache_key)", () => {
    const bodies = [
      { model: "gpt-5", prompt_cache_key: "a", instructions: `A. ${LONG}`, input: "Hi" },
      { model: "gpt-5", prompt_cache_key: "b", instructions: `B. ${LONG}`, input: "Hi" },
      { model: "gpt-5", prompt_cache_key: "a", instructions: `A. ${LONG}`, input: "Hi" },
    ];
    expect(bodies).toKeepPromptCachePrefix();
    expect(bodies).not.toKeepPromptCachePrefix({ conversationOf: () => "one" });
  });

  test("a received value that holds no requests, or a bad option, is a matcher error", () => {
    expect(failureOf(() => expect({}).toKeepPromptCachePrefix())).toContain(
      "received value must be a Responses, Chat Completions, Anthropic or Gemini fake, its request log (fake.requests), cassette interactions, or request bodies",
    );
    expect(failureOf(() => expect([{ input: "x" }]).toKeepPromptCachePrefix({ minCachedShare: 2 }))).toContain(
      "minCachedShare value must be a number from 0 to 1",
    );
  });
});

describe("what no request log holds, the report still reads", () => {
  test("a cycle, a BigInt and a value nested 100,000 deep are pieces of their own; nothing throws", () => {
    const cyclic: Record<string, unknown> = { type: "function", name: "loop" };
    cyclic.self = cyclic;
    let deep: unknown = "bottom";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const bodies = [
      {
        model: "gpt-5",
        tools: [cyclic],
        input: [{ role: "user", content: [{ type: "input_text", text: LONG, n: 1n }] }],
      },
      { model: "gpt-5", tools: [cyclic], input: [{ role: "user", content: deep }] },
    ];
    const report = promptPrefixReport(bodies);
    expect(report.breaks).toMatchObject([{ request: 2, path: expect.stringMatching(/^\/input\/0\/content\/0\//) }]);
    expect(bodies).not.toKeepPromptCachePrefix();
  });
});
