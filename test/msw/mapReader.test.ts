// The Chat and Anthropic fakes' maps as a test reads them: frozen copies made once per answer, the
// same map until an answer is added or deleted (reading after every request stays linear), and
// nothing a test does to them reaches the fake.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { fakeAnthropic, fakeChatCompletions, turn } from "../../fixtures/msw/index.js";
import { mapReader } from "../../fixtures/msw/kit/getters.js";

describe("mapReader", () => {
  it("copies each entry once, hands out the same map until one is added, replaced or deleted", () => {
    const store = new Map<string, { n: number }>([["a", { n: 1 }]]);
    let copies = 0;
    const read = mapReader(
      () => store,
      (entry: { n: number }) => {
        copies++;
        return entry;
      },
    );
    const first = read();
    expect(read()).toBe(first);
    expect(copies).toBe(1);
    expect(Object.isFrozen(first.get("a"))).toBe(true);
    store.set("b", { n: 2 });
    const second = read();
    expect(second).not.toBe(first);
    expect(copies).toBe(2); // "a" was not copied again
    expect(second.get("a")).toBe(first.get("a"));
    store.set("a", { n: 3 }); // replaced
    expect(read().get("a")).toEqual({ n: 3 });
    store.delete("b");
    expect([...read().keys()]).toEqual(["a"]);
    store.clear();
    expect(read().size).toBe(0);
  });
});

describe("the fakes' maps", () => {
  it("fake.completions: the same map while nothing was answered; frozen; a new answer adds to it", async () => {
    const chat = fakeChatCompletions().reply(turn.message("one"), turn.message("two"));
    const client = new OpenAI({ apiKey: "k", fetch: chat.fetch, maxRetries: 0 });
    const ask = () => client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "?" }] });
    await ask();
    const first = chat.completions;
    expect(chat.completions).toBe(first);
    const [only] = [...first.values()];
    expect(() => {
      (only as { model: string }).model = "changed";
    }).toThrow(TypeError);
    await ask();
    expect(chat.completions.size).toBe(2);
    expect([...chat.completions.values()][0]).toBe(only);
    chat.reset();
    expect(chat.completions.size).toBe(0);
  });

  it("fake.messages likewise", async () => {
    const claude = fakeAnthropic().reply(turn.message("hi"));
    const client = new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 });
    await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 16,
      messages: [{ role: "user", content: "?" }],
    });
    const first = claude.messages;
    expect(claude.messages).toBe(first);
    expect(Object.isFrozen([...first.values()][0])).toBe(true);
  });
});
