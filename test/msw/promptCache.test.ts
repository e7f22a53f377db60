// The fake's prompt cache follows the provider's documented rules (src/promptCache.ts): cached
// from 1,024 tokens on, in blocks of 128 tokens (512 characters at the toolkit's 4 characters a
// token), the longest shared prefix of tools, instructions and input, per prompt_cache_key, kept 10
// minutes in memory or 24 hours. Each figure below is computed by hand from those rules.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { PromptCache, PromptHash } from "../../src/promptCache.js";

const client = (fake: { fetch: typeof fetch }) => new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
// 6,000 characters of instructions, then the input "Hi" read as "<message:user>" (14) + "Hi" (2):
// 6,016 characters, 11 whole blocks of 512, so 11 × 128 = 1,408 tokens can be cached.
const LONG = "Answer as the sales desk would. ".repeat(188).slice(0, 6000);

const cachedOf = async (fake: ReturnType<typeof fakeResponses>, body: Record<string, unknown>) => {
  fake.reply(turn.message("OK"));
  const response = await client(fake).responses.create({ model: "gpt-5", input: "Hi", ...body });
  return response.usage?.input_tokens_details.cached_tokens;
};

describe("the prompt cache", () => {
  test("the first request writes it, the same prompt again reads 1,408 of its tokens", async () => {
    const fake = fakeResponses();
    expect(await cachedOf(fake, { instructions: LONG })).toBe(0);
    expect(await cachedOf(fake, { instructions: LONG })).toBe(1408);
  });

  test("a prompt under 1,024 tokens is never cached", async () => {
    const fake = fakeResponses();
    const short = LONG.slice(0, 4000); // 4,016 characters: 7 blocks, 896 tokens
    expect(await cachedOf(fake, { instructions: short })).toBe(0);
    expect(await cachedOf(fake, { instructions: short })).toBe(0);
  });

  test("a change keeps only the blocks before it: at character 42 nothing, at 5,000 nine blocks (1,152)", async () => {
    const fake = fakeResponses();
    await cachedOf(fake, { instructions: LONG });
    const at = (i: number) => `${LONG.slice(0, i)}#${LONG.slice(i + 1)}`;
    expect(await cachedOf(fake, { instructions: at(42) })).toBe(0);
    expect(await cachedOf(fake, { instructions: at(5000) })).toBe(1152);
  });

  test("the tools come first: reordering them loses everything after", async () => {
    const fake = fakeResponses();
    const tool = (name: string) => ({ type: "function" as const, name, parameters: { type: "object" }, strict: false });
    const tools = [tool("lookup_order"), tool("refund_order")];
    await cachedOf(fake, { instructions: LONG, tools });
    expect(await cachedOf(fake, { instructions: LONG, tools })).toBeGreaterThanOrEqual(1408);
    expect(await cachedOf(fake, { instructions: LONG, tools: [...tools].reverse() })).toBe(0);
  });

  test("prompt_cache_key separates caches", async () => {
    const fake = fakeResponses();
    await cachedOf(fake, { instructions: LONG, prompt_cache_key: "tenant-a" });
    expect(await cachedOf(fake, { instructions: LONG, prompt_cache_key: "tenant-b" })).toBe(0);
    expect(await cachedOf(fake, { instructions: LONG, prompt_cache_key: "tenant-a" })).toBe(1408);
  });

  test("kept 10 minutes after its last use in memory, 24 hours with prompt_cache_retention: 24h (the fake's clock)", async () => {
    const fake = fakeResponses({ clock: "manual" });
    await cachedOf(fake, { instructions: LONG });
    await fake.clock.advance(9 * 60_000);
    expect(await cachedOf(fake, { instructions: LONG })).toBe(1408); // and used again: kept 10 more minutes
    await fake.clock.advance(9 * 60_000);
    expect(await cachedOf(fake, { instructions: LONG })).toBe(1408);
    await fake.clock.advance(11 * 60_000);
    expect(await cachedOf(fake, { instructions: LONG })).toBe(0);
    await cachedOf(fake, { instructions: LONG, prompt_cache_retention: "24h" });
    await fake.clock.advance(23 * 60 * 60_000);
    expect(await cachedOf(fake, { instructions: LONG, prompt_cache_retention: "24h" })).toBe(1408);
    await fake.clock.advance(25 * 60 * 60_000);
    expect(await cachedOf(fake, { instructions: LONG, prompt_cache_retention: "24h" })).toBe(0);
  });

  test("a previous_response_id chain reads the whole earlier prompt from the cache", async () => {
    const fake = fakeResponses().reply(turn.message("Up 4%."), turn.message("Down 1%."));
    const first = await client(fake).responses.create({ model: "gpt-5", instructions: LONG, input: "APAC?" });
    const second = await client(fake).responses.create({
      model: "gpt-5",
      instructions: LONG,
      previous_response_id: first.id,
      input: "EMEA?",
    });
    // the first prompt: 6,000 + "<message:user>APAC?" (19) = 6,019 characters, 11 blocks
    expect(second.usage?.input_tokens_details.cached_tokens).toBe(1408);
  });
});

describe("the prompt cache's own promises", () => {
  test("prompt_cache_options.ttl keeps a prefix at least that long (12 h, where memory keeps 10 minutes)", async () => {
    const fake = fakeResponses({ clock: "manual" });
    const options = { instructions: LONG, model: "gpt-5.6", prompt_cache_options: { ttl: "12h" } };
    await cachedOf(fake, options);
    await fake.clock.advance(11 * 60 * 60_000);
    expect(await cachedOf(fake, options)).toBe(1408);
    await fake.clock.advance(13 * 60 * 60_000);
    expect(await cachedOf(fake, options)).toBe(0);
  });

  test("it holds a bounded number of blocks: past its limit the oldest go first", () => {
    const cache = new PromptCache(11);
    const prompt = (text: string) =>
      PromptHash.of("").extend([{ path: "/instructions", text: text.repeat(6016 / text.length) }]);
    cache.use(prompt("ab"), 0, 60_000);
    expect(cache.use(prompt("ab"), 1, 60_000)).toBe(1408);
    cache.use(prompt("cd"), 2, 60_000); // 11 more blocks: the first prompt's go
    expect(cache.use(prompt("cd"), 3, 60_000)).toBe(1408);
    expect(cache.use(prompt("ab"), 4, 60_000)).toBe(0);
  });
});
