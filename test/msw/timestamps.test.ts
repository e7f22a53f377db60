// Every fake's `clock` option means one thing (msw/kit/clock.ts timestampsFor): by default a fixed
// clock from 2026-10-22 that moves one second on at each reading (the Responses fake used its
// factories' frozen instant, the Chat fake a seeded one, the Agents fake this); a function is read;
// "manual" reads the fake's clock; reset() starts the default clock over.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeAgents, fakeChatCompletions, fakeResponses, turn } from "../../fixtures/msw/index.js";

const EPOCH = Date.UTC(2026, 9, 22) / 1000;

async function responseTimes(fake: ReturnType<typeof fakeResponses>) {
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  fake.reply(turn.message("a"));
  const r = await client.responses.create({ model: "gpt-5", input: "?" });
  return [r.created_at, r.completed_at];
}

async function chatTime(fake: ReturnType<typeof fakeChatCompletions>) {
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  fake.reply(turn.message("a"));
  return (await client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "?" }] })).created;
}

async function sessionTime(fake: ReturnType<typeof fakeAgents>) {
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const session = await client.beta.agents.sessions.create({
    agent: { model: "m" },
    environment: { type: "none" },
    input: "Hi",
  } as never);
  return (session as unknown as { created_at: number }).created_at;
}

describe("the default clock: fixed, one second on per reading, the same for every fake", () => {
  test("each fake's first timestamps are the same, in order; reset() starts over", async () => {
    const responses = fakeResponses();
    expect(await responseTimes(responses)).toEqual([EPOCH + 1, EPOCH + 2]);
    expect(await chatTime(fakeChatCompletions())).toBe(EPOCH + 1);
    expect(await sessionTime(fakeAgents())).toBe(EPOCH + 1);
    responses.reset();
    expect(await responseTimes(responses)).toEqual([EPOCH + 1, EPOCH + 2]);
  });

  test("a clock function is read; a manual clock is the fake's", async () => {
    const at = Date.UTC(2026, 11, 3, 12);
    expect(await responseTimes(fakeResponses({ clock: () => at }))).toEqual([at / 1000, at / 1000]);
    expect(await chatTime(fakeChatCompletions({ clock: () => at }))).toBe(at / 1000);
    const manual = fakeChatCompletions({ clock: "manual" });
    const first = await chatTime(manual);
    await manual.clock.advance(5000);
    expect((await chatTime(manual)) - first).toBe(5);
  });
});
