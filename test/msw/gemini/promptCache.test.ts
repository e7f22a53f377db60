// Gemini's implicit caching, as the fake models it and `@google/genai` reads it: a request that
// repeats the prefix of an earlier one (system instruction, tools, contents) is reported with
// `cachedContentTokenCount` from the model's documented minimum (1,024 tokens for a Flash model,
// 4,096 for a Pro one; none before Gemini 2.5), on the fake's clock; `toKeepPromptCachePrefix`
// reads the fake and names where an app broke the prefix.
import { type Content, GoogleGenAI } from "@google/genai";
import { expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";

// about 2,500 tokens of instructions (four characters each)
const handbook = Array.from({ length: 500 }, (_, i) => `Rule ${i}: answer briefly.`).join(" ");

function setup(options: Parameters<typeof fakeGemini>[0] = {}) {
  const fake = fakeGemini(options);
  const ai = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fake.baseUrl, fetch: fake.fetch } });
  return { fake, ai };
}

async function twoTurns(ai: GoogleGenAI, model: string, system = handbook, secondSystem = system) {
  const contents: Content[] = [{ role: "user", parts: [{ text: "First question?" }] }];
  const first = await ai.models.generateContent({ model, contents, config: { systemInstruction: system } });
  contents.push(first.candidates?.[0]?.content as Content, { role: "user", parts: [{ text: "And then?" }] });
  const second = await ai.models.generateContent({ model, contents, config: { systemInstruction: secondSystem } });
  return [first, second] as const;
}

test("a repeated prefix is read from the implicit cache: whole blocks, from the model's minimum", async () => {
  const { fake, ai } = setup();
  fake.reply(turn.message("One."), turn.message("Two."));
  const [first, second] = await twoTurns(ai, "gemini-2.5-flash");
  expect(first.usageMetadata?.cachedContentTokenCount).toBeUndefined();
  const cached = second.usageMetadata?.cachedContentTokenCount ?? 0;
  expect(cached).toBeGreaterThanOrEqual(1024);
  expect(cached % 128).toBe(0);
  expect(cached).toBeLessThanOrEqual(second.usageMetadata?.promptTokenCount ?? 0);
  expect(fake).toKeepPromptCachePrefix({ minCachedShare: 0.8 });
});

test("a Pro model caches from 4,096 tokens; a model before 2.5 caches nothing; the cache expires", async () => {
  const pro = setup();
  pro.fake.reply(turn.message("One."), turn.message("Two."));
  const [, second] = await twoTurns(pro.ai, "gemini-2.5-pro");
  expect(second.usageMetadata?.cachedContentTokenCount).toBeUndefined();
  const older = setup();
  older.fake.reply(turn.message("One."), turn.message("Two."));
  const [, again] = await twoTurns(older.ai, "gemini-2.0-flash", `${handbook} ${handbook}`);
  expect(again.usageMetadata?.cachedContentTokenCount).toBeUndefined();

  const timed = setup({ clock: "manual" });
  timed.fake.reply(turn.message("One."), turn.message("Two."));
  const contents: Content[] = [{ role: "user", parts: [{ text: "Question?" }] }];
  const config = { systemInstruction: handbook };
  await timed.ai.models.generateContent({ model: "gemini-2.5-flash", contents, config });
  timed.fake.clock.advance(11 * 60 * 1000);
  const late = await timed.ai.models.generateContent({ model: "gemini-2.5-flash", contents, config });
  expect(late.usageMetadata?.cachedContentTokenCount).toBeUndefined();
});

test("an app that edits its system instruction mid-conversation breaks the prefix: the matcher says where", async () => {
  const { fake, ai } = setup();
  fake.reply(turn.message("One."), turn.message("Two."));
  const [, second] = await twoTurns(ai, "gemini-2.5-flash", handbook, `Today is Monday. ${handbook}`);
  expect(second.usageMetadata?.cachedContentTokenCount).toBeUndefined();
  expect(fake).not.toKeepPromptCachePrefix();
  expect(() => expect(fake).toKeepPromptCachePrefix()).toThrow(/\/instructions/);
});
