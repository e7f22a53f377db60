// Issue 36's adversarial round: a 1,500-turn `previous_response_id` chain re-read its whole prompt
// every turn (1 → 30 ms a turn) to hash it for the prompt cache and to count its usage. A turn now
// reads what it adds; what it reports is what reading the whole prompt reports.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { estimateTokens, textLength } from "../../fixtures/msw/kit/usage.js";
import { CACHE_RETENTION_MS, PromptCache, PromptHash, promptPieces } from "../../src/promptCache.js";

const instructions = "You are the archivist. Quote the ledger exactly and keep answers short. ".repeat(70);

/** Counts the reads of each message's text: the prompt walk and the usage count read `content`. */
function watchContent(items: readonly unknown[], reads: { count: number }): void {
  for (const item of items) {
    if (item === null || typeof item !== "object" || !("content" in item)) continue;
    if (Object.getOwnPropertyDescriptor(item, "content")?.get) continue;
    const content = (item as { content: unknown }).content;
    Object.defineProperty(item, "content", {
      enumerable: true,
      configurable: true,
      get: () => {
        reads.count++;
        return content;
      },
    });
  }
}

interface Seen {
  conversation: unknown[];
  input: number;
}

/** A responder that keeps what each turn reads, and the usage reading each whole prompt gives. */
function watched(fake: ReturnType<typeof fakeResponses>, reads?: { count: number; from: number }) {
  const seen: Seen[] = [];
  fake.respond(({ conversation, parsed }) => {
    seen.push({ conversation, input: Array.isArray(parsed.input) ? parsed.input.length : 1 });
    if (reads && seen.length === reads.from) watchContent(conversation, reads);
    return turn.message(`Answer ${seen.length}: the ledger says ${"entry ".repeat(30)}`);
  });
  const expected = () => {
    const cache = new PromptCache();
    return seen.map(({ conversation, input }) => {
      const history = conversation.slice(0, conversation.length - input);
      const pieces = promptPieces({ instructions, input: conversation });
      const cached = cache.use(PromptHash.of("").extend(pieces), Date.now(), CACHE_RETENTION_MS.in_memory);
      const tokens =
        estimateTokens(textLength(history)) +
        estimateTokens(textLength(conversation.slice(-input)) + instructions.length);
      return { input_tokens: tokens, cached_tokens: Math.min(cached, tokens) };
    });
  };
  return { expected };
}

function usageOf(responses: readonly OpenAI.Responses.Response[]) {
  return responses.map((r) => ({
    input_tokens: r.usage?.input_tokens,
    cached_tokens: r.usage?.input_tokens_details.cached_tokens,
  }));
}

describe("a long previous_response_id chain", () => {
  test("a turn reads only what it adds: the earlier turns' messages are not read again", async () => {
    const fake = fakeResponses();
    // from the fifth turn on, the history's messages count their reads
    const reads = { count: 0, from: 5 };
    watched(fake, reads);
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    let previous: string | undefined;
    for (let i = 0; i < 12; i++) {
      const r = await client.responses.create({
        model: "gpt-5",
        instructions,
        input: `Question ${i}?`,
        ...(previous === undefined ? {} : { previous_response_id: previous }),
      });
      previous = r.id;
      if (i === 4) reads.count = 0; // the fifth response itself is serialized once: that read is its own
    }
    // before: every later turn walked and counted every earlier message again (7 turns × 10 messages, twice)
    expect(reads.count).toBe(0);
  });

  test("cached and input tokens are those of the whole prompt, turn after turn, along a chain that forks", async () => {
    const fake = fakeResponses();
    const { expected } = watched(fake);
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    const responses: OpenAI.Responses.Response[] = [];
    const ask = async (input: string, previous?: string) => {
      const r = await client.responses.create({
        model: "gpt-5",
        instructions,
        input,
        ...(previous === undefined ? {} : { previous_response_id: previous }),
      });
      responses.push(r);
      return r.id;
    };
    let tip = await ask("Start.");
    for (let i = 0; i < 8; i++) tip = await ask(`Next ${i}.`, tip);
    const fork = responses[3]?.id;
    await ask("A branch from the fourth.", fork);
    await ask("Another branch from the fourth.", fork);
    await ask("And the main line goes on.", tip);

    const reported = usageOf(responses);
    expect(reported).toEqual(expected());
    expect(reported.at(-1)?.cached_tokens).toBeGreaterThan(1024);
    expect(reported.at(-1)?.cached_tokens).toBeGreaterThan(1024);
  });

  test("a conversation's turns read what they add; after an item is deleted its prompt is read whole", async () => {
    const fake = fakeResponses();
    const reads = { count: 0, from: 4 };
    const { expected } = watched(fake, reads);
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    const conversation = await client.conversations.create({});
    const responses: OpenAI.Responses.Response[] = [];
    const ask = async (input: string) => {
      responses.push(
        await client.responses.create({ model: "gpt-5", instructions, input, conversation: conversation.id }),
      );
    };
    for (let i = 0; i < 8; i++) {
      await ask(`Q${i}`);
      if (i === 3) reads.count = 0;
    }
    expect(reads.count).toBe(0);
    const items = await client.conversations.items.list(conversation.id, { limit: 100 });
    const second = items.data.find((item) => item.type === "message" && JSON.stringify(item.content).includes('"Q1"'));
    if (!second?.id) throw new Error("expected the conversation's second question");
    await client.conversations.items.delete(second.id, { conversation_id: conversation.id });
    await ask("Q8");
    await ask("Q9");
    expect(usageOf(responses)).toEqual(expected());
  });
});
