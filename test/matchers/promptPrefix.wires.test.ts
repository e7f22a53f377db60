// toKeepPromptCachePrefix on the other wires: an app that re-sends its growing history keeps the
// prefix (each request extends the one before it and its answer); one that changes its system
// prompt or tools mid-conversation breaks it, named; on the Anthropic fake, the share read from
// the cache is the usage's own (cache reads of the whole input).
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeAnthropic, fakeChatCompletions, turn } from "../../fixtures/msw/index.js";

const policy = `You answer about orders. ${"Policy line. ".repeat(700)}`;

describe("Chat Completions", () => {
  async function loop(changeSystemAt?: number) {
    const chat = fakeChatCompletions();
    const client = new OpenAI({ apiKey: "k", fetch: chat.fetch, maxRetries: 0 });
    chat.reply(turn.message("Noted.").times(3));
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "system", content: policy }];
    for (let i = 0; i < 3; i++) {
      if (i === changeSystemAt)
        messages[0] = { role: "system", content: `${policy} Today is ${i}.`.replace("orders", "refunds") };
      messages.push({ role: "user", content: `Question ${i}` });
      const completion = await client.chat.completions.create({ model: "gpt-5", messages });
      messages.push(completion.choices[0]!.message);
    }
    return chat;
  }

  test("a history re-sent whole keeps the prefix, and reads it from the cache", async () => {
    const chat = await loop();
    expect(chat).toKeepPromptCachePrefix({ minCachedShare: 0.5 });
  });

  test("a system message changed mid-conversation breaks it, named", async () => {
    const chat = await loop(2);
    expect(chat).not.toKeepPromptCachePrefix();
    expect(() => expect(chat).toKeepPromptCachePrefix()).toThrow(/request #3 changes \/input\/0\/content/);
  });
});

describe("Anthropic Messages", () => {
  async function loop(system: (i: number) => string) {
    const claude = fakeAnthropic();
    const client = new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 });
    claude.reply(turn.message("Noted.").times(3));
    const messages: Anthropic.MessageParam[] = [];
    for (let i = 0; i < 3; i++) {
      messages.push({ role: "user", content: `Question ${i}` });
      const message = await client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 256,
        system: [{ type: "text", text: system(i), cache_control: { type: "ephemeral" } }],
        messages,
      });
      messages.push({ role: "assistant", content: message.content });
    }
    return claude;
  }

  test("the same system prompt, cached: the prefix kept, most of each prompt read from the cache", async () => {
    const claude = await loop(() => policy);
    expect(claude).toKeepPromptCachePrefix({ minCachedShare: 0.9 });
  });

  test("a system prompt that changes each turn breaks the prefix and reads nothing", async () => {
    const claude = await loop((i) => `Turn ${i}. ${policy}`);
    expect(claude).not.toKeepPromptCachePrefix();
    expect(() => expect(claude).toKeepPromptCachePrefix({ minCachedShare: 0.5 })).toThrow(
      /changes \/instructions at character 5[\s\S]*read 0 of/,
    );
  });
});
