// Usage follows the content and timestamps come from the fake's clock, so that apps that budget
// tokens or show times can be tested.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { examples } from "../../fixtures/factories/index.js";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { estimateTokens } from "../../fixtures/msw/kit/usage.js";

const client = (fake: { fetch: typeof fetch }) => new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });

describe("usage follows the content", () => {
  test("a reply of OK to Hi costs a token or two, not hundreds", async () => {
    const fake = fakeResponses().reply(turn.message("OK"));
    const response = await client(fake).responses.create({ model: "gpt-5", input: "Hi" });
    expect(response.usage).toEqual({
      input_tokens: 1,
      output_tokens: 1,
      total_tokens: 2,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    });
  });

  test("longer input, instructions, tools and output cost more; the same request costs the same", async () => {
    const tools = [examples.salesTool];
    const fake = fakeResponses({ tools }).reply(
      turn.message("OK"),
      turn.message("OK"),
      turn.message("A much longer answer, with several words in it."),
    );
    const small = (await client(fake).responses.create({ model: "gpt-5", input: "Hi" })).usage!;
    const again = (await client(fake).responses.create({ model: "gpt-5", input: "Hi" })).usage!;
    expect(again).toEqual(small);
    const big = (
      await client(fake).responses.create({
        model: "gpt-5",
        input: "Hi ".repeat(100),
        instructions: "Be brief.",
        tools: tools as never,
      })
    ).usage!;
    expect(big.input_tokens).toBe(estimateTokens(300 + "Be brief.".length + JSON.stringify(tools).length));
    expect(big.output_tokens).toBe(estimateTokens("A much longer answer, with several words in it.".length));
    expect(big.total_tokens).toBe(big.input_tokens + big.output_tokens);
  });

  test("a streamed response reports the same usage in response.completed", async () => {
    const fake = fakeResponses().reply(turn.message("OK"), turn.message("OK"));
    const plain = await client(fake).responses.create({ model: "gpt-5", input: "Hi" });
    const streamed = await client(fake).responses.stream({ model: "gpt-5", input: "Hi" }).finalResponse();
    expect(streamed.usage).toEqual(plain.usage);
  });
});

describe("timestamps come from the fake's clock", () => {
  test("fixed and seeded by default: the same on every run", async () => {
    const run = async () => {
      const fake = fakeResponses({ seed: 4 }).reply(turn.message("OK"));
      const r = await client(fake).responses.create({ model: "gpt-5", input: "Hi" });
      return [r.created_at, r.completed_at];
    };
    const [a, b] = [await run(), await run()];
    expect(a).toEqual(b);
    expect(a[0]).toBeGreaterThanOrEqual(Date.UTC(2026, 9, 22) / 1000);
  });

  test("clock: a function in milliseconds, e.g. Date.now, for both fakes", async () => {
    let ms = Date.UTC(2030, 0, 1, 12, 0, 0);
    const clock = () => (ms += 1500);
    const responses = fakeResponses({ clock }).reply(turn.message("OK"));
    const r = await client(responses).responses.create({ model: "gpt-5", input: "Hi" });
    expect(r.created_at).toBe(Date.UTC(2030, 0, 1, 12, 0, 1) / 1000);
    expect(r.completed_at).toBe(Date.UTC(2030, 0, 1, 12, 0, 3) / 1000);

    const agents = fakeAgents({ clock: () => Date.UTC(2031, 5, 1) }).reply(agentStep.message("Done."));
    const session = await client(agents).beta.agents.sessions.create({
      agent: { model: "gpt-6-astra" },
      environment: { type: "none" },
      input: "Hi",
    } as unknown as SessionCreateParamsNonStreaming);
    expect(session.created_at).toBe(Date.UTC(2031, 5, 1) / 1000);
    expect(session.last_active_at).toBe(Date.UTC(2031, 5, 1) / 1000);

    const now = fakeResponses({ clock: Date.now }).reply(turn.message("OK"));
    const live = await client(now).responses.create({ model: "gpt-5", input: "Hi" });
    expect(Math.abs(live.created_at - Date.now() / 1000)).toBeLessThan(60);
  });
});
