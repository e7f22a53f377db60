// Anthropic Messages on a cassette: recorded through a stand-in provider (another fake's fetch,
// never the network) with the key in `x-api-key` — sent upstream, never saved — replayed by
// content through `@anthropic-ai/sdk` unchanged (streams as named events), and a recording whose
// tool_use today's tool refuses gated.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import type { MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import { expect, test } from "vitest";
import { fakeAnthropic, turn } from "../../../fixtures/msw/index.js";

const KEY = "sk-ant-test-cassette-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-anthropic-cassette-"));
const weather: Tool = {
  name: "get_weather",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

async function conversation(client: Anthropic): Promise<string> {
  const messages: MessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
  const first = await client.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages,
    tools: [weather],
  });
  const use = first.content.find((b) => b.type === "tool_use");
  if (use?.type !== "tool_use") throw new Error("expected a tool_use");
  messages.push(
    { role: "assistant", content: first.content },
    { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: "21" }] },
  );
  const final = await client.messages
    .stream({ model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools: [weather] })
    .finalMessage();
  return final.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

test("recorded with x-api-key, replayed by the SDK (a stream too); the key never saved", async () => {
  const path = join(dir, "weather.jsonl");
  const provider = fakeAnthropic();
  provider.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny, 21 °C."));
  const recorder = fakeAnthropic({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  expect(await conversation(new Anthropic({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 }))).toBe(
    "Sunny, 21 °C.",
  );
  expect(provider.requests[0]?.headers["x-api-key"]).toBe(KEY);
  expect(provider.requests[0]?.headers["anthropic-version"]).toMatch(/^\d{4}-/);
  expect(recorder.cassette?.unsaved ?? []).toEqual([]);
  expect(readFileSync(path, "utf8")).not.toContain(KEY);

  const replayer = fakeAnthropic({ cassette: { path, mode: "replay" } });
  expect(await conversation(new Anthropic({ apiKey: "anything", fetch: replayer.fetch, maxRetries: 0 }))).toBe(
    "Sunny, 21 °C.",
  );
  expect(replayer).toHaveCalledTool("get_weather", { city: "Paris" });
  expect([...replayer.messages.values()].map((m) => m.stop_reason)).toEqual(["tool_use", "end_turn"]);
});

test("a recorded tool_use that no longer passes the tool's schema fails with the gate's message", async () => {
  const path = join(dir, "gated.jsonl");
  const provider = fakeAnthropic();
  provider.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny."));
  const recorder = fakeAnthropic({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  await conversation(new Anthropic({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 }));
  writeFileSync(path, readFileSync(path, "utf8").replaceAll('"city":"Paris"', '"city":42'));
  const replayer = fakeAnthropic({ cassette: { path, mode: "replay" } });
  const refused = await conversation(new Anthropic({ apiKey: "anything", fetch: replayer.fetch, maxRetries: 0 })).catch(
    (error: unknown) => error,
  );
  // in Anthropic's error shape, which the SDK keeps as the error's `error`
  expect(refused).toMatchObject({ status: 400, error: { type: "error", error: { type: "invalid_request_error" } } });
  expect((refused as { error: { error: { message: string } } }).error.error.message).toMatch(
    /the recorded call "get_weather" \(toolu_\w+\) fails the replay gate/,
  );
});

test("verify mode: today's answers against the recording's shape; a field the provider added is drift", async () => {
  const path = join(dir, "verify.jsonl");
  const provider = () => {
    const fake = fakeAnthropic();
    fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny, 21 °C."));
    return fake;
  };
  const recorder = fakeAnthropic({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider().fetch } });
  await conversation(new Anthropic({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 }));

  const same = fakeAnthropic({ cassette: { path, mode: "verify", apiKey: KEY, fetch: provider().fetch } });
  expect(await conversation(new Anthropic({ apiKey: KEY, fetch: same.fetch, maxRetries: 0 }))).toBe("Sunny, 21 °C.");
  await expect(same.cassette?.verified()).resolves.toBeUndefined();
  expect(same.cassette?.drift).toEqual([]);

  // a provider whose message carries a field the recording never had
  const upstream = provider();
  const widened: typeof fetch = async (input, init) => {
    const response = await upstream.fetch(input, init);
    if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return Response.json({ ...body, added_by_provider: true }, { status: response.status });
  };
  const drifting = fakeAnthropic({ cassette: { path, mode: "verify", apiKey: KEY, fetch: widened } });
  await conversation(new Anthropic({ apiKey: KEY, fetch: drifting.fetch, maxRetries: 0 }));
  await expect(drifting.cassette?.verified()).rejects.toThrow(/added_by_provider/);
});
