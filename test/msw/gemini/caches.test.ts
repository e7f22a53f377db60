// Explicit caches through `@google/genai`'s `caches.*`, on the fake's clock: created, read, listed,
// given a later TTL, deleted; a request naming one reads its head (its system instruction, its
// tools) and reports the tokens it held; one naming an expired cache is refused.
import { GoogleGenAI } from "@google/genai";
import { expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";

const weather = {
  functionDeclarations: [
    { name: "get_weather", parametersJsonSchema: { type: "object", properties: { city: { type: "string" } } } },
  ],
};

function setup() {
  const gemini = fakeGemini({ clock: "manual" });
  const ai = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: gemini.baseUrl, fetch: gemini.fetch } });
  return { gemini, ai };
}

const manual = "A long manual. ".repeat(400);

test("a cache's life: created, read, listed, its TTL extended, deleted", async () => {
  const { gemini, ai } = setup();
  const cache = await ai.caches.create({
    model: "gemini-2.5-flash",
    config: { contents: [{ role: "user", parts: [{ text: manual }] }], ttl: "60s", displayName: "manual" },
  });
  expect(cache.name).toMatch(/^cachedContents\//);
  expect(cache.usageMetadata?.totalTokenCount).toBeGreaterThan(1000);
  expect((await ai.caches.get({ name: cache.name ?? "" })).displayName).toBe("manual");
  const listed: string[] = [];
  for await (const held of await ai.caches.list()) listed.push(held.name ?? "");
  expect(listed).toEqual([cache.name]);
  gemini.clock.advance(50_000);
  const extended = await ai.caches.update({ name: cache.name ?? "", config: { ttl: "600s" } });
  expect(Date.parse(extended.expireTime ?? "")).toBeGreaterThan(Date.parse(cache.expireTime ?? ""));
  await expect(ai.caches.update({ name: cache.name ?? "", config: { ttl: "ten minutes" } })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining("google.protobuf.Duration"),
  });
  await ai.caches.delete({ name: cache.name ?? "" });
  await expect(ai.caches.get({ name: cache.name ?? "" })).rejects.toMatchObject({ status: 403 });
});

test("a request naming a cache reads its head and reports the tokens it held; expired, it is refused", async () => {
  const { gemini, ai } = setup();
  const cache = await ai.caches.create({
    model: "gemini-2.5-flash",
    config: {
      contents: [{ role: "user", parts: [{ text: manual }] }],
      systemInstruction: "Answer from the manual.",
      tools: [weather],
      ttl: "300s",
    },
  });
  gemini.reply(turn.functionCall("get_weather", { city: "Paris" }));
  const answer = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Weather in Paris?",
    config: { cachedContent: cache.name ?? "" },
  });
  // the cache's tools are in play: the scripted call fits them
  expect(answer.functionCalls).toEqual([{ name: "get_weather", args: { city: "Paris" } }]);
  expect(answer.usageMetadata?.cachedContentTokenCount).toBe(cache.usageMetadata?.totalTokenCount);
  expect(answer.usageMetadata?.promptTokenCount).toBeGreaterThan(answer.usageMetadata?.cachedContentTokenCount ?? 0);
  // tools beside a cache are the API's 400
  await expect(
    ai.models.generateContent({
      model: "gemini-2.5-flash",
      contents: "Again?",
      config: { cachedContent: cache.name ?? "", tools: [weather] },
    }),
  ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("CachedContent can not be used") });
  gemini.clock.advance(300_000);
  gemini.reply(turn.message("never sent"));
  await expect(
    ai.models.generateContent({
      model: "gemini-2.5-flash",
      contents: "?",
      config: { cachedContent: cache.name ?? "" },
    }),
  ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("has expired") });
  await expect(
    ai.models.generateContent({
      model: "gemini-2.5-flash",
      contents: "?",
      config: { cachedContent: "cachedContents/nope" },
    }),
  ).rejects.toMatchObject({ status: 403 });
});
