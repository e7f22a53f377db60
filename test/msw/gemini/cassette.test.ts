// Gemini on a cassette: recorded through a stand-in provider (another fake's fetch, never the
// network) with the key as `x-goog-api-key` — sent upstream, never saved — and as `?key=` in the
// URL (the REST API's other way; never in the file, any key matching on replay), replayed by
// content through `@google/genai` unchanged (a stream too), a recording whose call today's tool
// refuses gated, and `agent-testkit check` over the cassette.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Content, GoogleGenAI, type Tool } from "@google/genai";
import { expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { run } from "../../cli/run.js";

const KEY = "AIzaSyTestCassette0123456789abcdefghij";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-gemini-cassette-"));
const weather: Tool = {
  functionDeclarations: [
    {
      name: "get_weather",
      parametersJsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
};

async function conversation(ai: GoogleGenAI): Promise<string> {
  const model = "gemini-2.5-flash";
  const contents: Content[] = [{ role: "user", parts: [{ text: "Weather in Paris?" }] }];
  const first = await ai.models.generateContent({ model, contents, config: { tools: [weather] } });
  contents.push(first.candidates?.[0]?.content as Content, {
    role: "user",
    parts: [{ functionResponse: { name: "get_weather", response: { celsius: 21 } } }],
  });
  let text = "";
  for await (const chunk of await ai.models.generateContentStream({ model, contents, config: { tools: [weather] } }))
    text += chunk.text ?? "";
  return text;
}

const client = (
  apiKey: string,
  fetch: typeof globalThis.fetch,
  baseUrl = "https://generativelanguage.googleapis.com",
) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl, fetch } });

test("recorded with x-goog-api-key, replayed by the SDK (a stream too); the key never saved", async () => {
  const path = join(dir, "weather.jsonl");
  const provider = fakeGemini();
  provider.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny, 21 °C."));
  const recorder = fakeGemini({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  expect(await conversation(client(KEY, recorder.fetch))).toBe("Sunny, 21 °C.");
  expect(provider.requests[0]?.headers["x-goog-api-key"]).toBe(KEY);
  expect(recorder.cassette?.unsaved ?? []).toEqual([]);
  expect(readFileSync(path, "utf8")).not.toContain(KEY);

  const replayer = fakeGemini({ cassette: { path, mode: "replay" } });
  expect(await conversation(client("anything", replayer.fetch))).toBe("Sunny, 21 °C.");
  expect(replayer).toHaveCalledTool("get_weather", { city: "Paris" });
  expect(replayer).toHaveAnsweredCall("gemini:get_weather:1", { celsius: 21 });

  // the cassette's calls, gated against the declarations each recorded request sent
  const { code, out } = await run(["check", path, "--json"]);
  expect(JSON.parse(out).counts).toMatchObject({ ok: 1 });
  expect(code).toBe(0);
});

test("the key as ?key=: sent upstream, kept out of the file, and any key replays", async () => {
  const path = join(dir, "query.jsonl");
  const provider = fakeGemini();
  provider.reply(turn.message("Hello."));
  const recorder = fakeGemini({ cassette: { path, mode: "record", fetch: provider.fetch } });
  const ask = (fake: ReturnType<typeof fakeGemini>, key: string) =>
    fake.fetch(`${fake.baseUrl}/v1beta/models/gemini-2.0-flash:generateContent?key=${key}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }),
    });
  const recorded = await ask(recorder, KEY);
  expect(recorded.status).toBe(200);
  // upstream, the client's key goes as the header the API reads; the recorded path keeps no key
  expect(provider.requests[0]?.headers["x-goog-api-key"]).toBe(KEY);
  const file = readFileSync(path, "utf8");
  expect(file).not.toContain(KEY);
  expect(file).toContain('"path":"/v1beta/models/gemini-2.0-flash:generateContent"');

  const replayer = fakeGemini({ cassette: { path, mode: "replay" } });
  const replayed = await ask(replayer, "another-key-0123456789");
  expect(replayed.status).toBe(200);
  expect(await replayed.json()).toMatchObject({ candidates: [{ content: { parts: [{ text: "Hello." }] } }] });
});

test("a recorded call that no longer passes the tool's schema fails with the gate's message, in Google's shape", async () => {
  const path = join(dir, "gated.jsonl");
  const provider = fakeGemini();
  provider.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny."));
  const recorder = fakeGemini({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  await conversation(client(KEY, recorder.fetch));
  writeFileSync(path, readFileSync(path, "utf8").replaceAll('"city":"Paris"', '"city":42'));
  const replayer = fakeGemini({ cassette: { path, mode: "replay" } });
  const refused = await conversation(client("anything", replayer.fetch)).catch((error: unknown) => error);
  expect(refused).toMatchObject({ status: 400 });
  expect(String((refused as Error).message)).toMatch(
    /the recorded call \\?"get_weather\\?" \(gemini:get_weather:1\) fails the replay gate: arguments_schema: \/city must be string/,
  );
  expect(String((refused as Error).message)).toContain("INVALID_ARGUMENT");
});

test("verify mode: today's answers against the recording's shape; a field the API added is drift", async () => {
  const path = join(dir, "verify.jsonl");
  const provider = () => {
    const fake = fakeGemini();
    fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny, 21 °C."));
    return fake;
  };
  const recorder = fakeGemini({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider().fetch } });
  await conversation(client(KEY, recorder.fetch));

  const same = fakeGemini({ cassette: { path, mode: "verify", apiKey: KEY, fetch: provider().fetch } });
  expect(await conversation(client(KEY, same.fetch))).toBe("Sunny, 21 °C.");
  await expect(same.cassette?.verified()).resolves.toBeUndefined();

  const upstream = provider();
  const widened: typeof fetch = async (input, init) => {
    const response = await upstream.fetch(input, init);
    if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return Response.json({ ...body, addedByTheApi: true }, { status: response.status });
  };
  const drifting = fakeGemini({ cassette: { path, mode: "verify", apiKey: KEY, fetch: widened } });
  await conversation(client(KEY, drifting.fetch));
  await expect(drifting.cassette?.verified()).rejects.toThrow(/addedByTheApi/);
});
