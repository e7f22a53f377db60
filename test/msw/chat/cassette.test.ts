// Chat Completions on a cassette: recorded through a stand-in provider (another fake's fetch,
// never the network), replayed by content with the official client unchanged, streamed replays
// framed as the wire frames them (bare data lines, then [DONE]), the key redacted, and a recording
// whose calls today's tools refuse gated.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { expect, test } from "vitest";
import { fakeChatCompletions, turn } from "../../../fixtures/msw/index.js";

const KEY = "sk-test-chat-cassette-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-chat-cassette-"));

const tool = (required: string[]) => ({
  type: "function" as const,
  function: {
    name: "get_weather",
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required },
  },
});

async function conversation(client: OpenAI, tools = [tool(["city"])]): Promise<string> {
  const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
  const first = await client.chat.completions.create({ model: "gpt-5", messages, tools });
  const message = first.choices[0]!.message;
  const call = message.tool_calls?.[0];
  if (call?.type !== "function") throw new Error("expected a call");
  messages.push(message, { role: "tool", tool_call_id: call.id, content: '{"celsius":21}' });
  const stream = await client.chat.completions.create({ model: "gpt-5", messages, tools, stream: true });
  let text = "";
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
  return text;
}

test("recorded, then replayed by the official client; the stream ends with [DONE]; the key never saved", async () => {
  const path = join(dir, "weather.jsonl");
  const provider = fakeChatCompletions();
  provider.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny, 21 °C."));
  const recorder = fakeChatCompletions({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  expect(await conversation(new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 }))).toBe("Sunny, 21 °C.");
  expect(recorder.cassette?.unsaved ?? []).toEqual([]);
  expect(readFileSync(path, "utf8")).not.toContain(KEY);

  const replayer = fakeChatCompletions({ cassette: { path, mode: "replay" } });
  const client = new OpenAI({ apiKey: "sk-anything", fetch: replayer.fetch, maxRetries: 0 });
  expect(await conversation(client)).toBe("Sunny, 21 °C.");
  expect(replayer).toHaveCalledTool("get_weather", { city: "Paris" });
  expect([...replayer.completions.values()].map((c) => c.choices[0]?.finish_reason)).toEqual(["tool_calls", "stop"]);

  // the same two requests, read raw from another replay: the stream on the wire
  const again = fakeChatCompletions({ cassette: { path, mode: "replay" } });
  const post = (body: unknown) =>
    again.fetch("https://api.openai.com/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer x" },
      body: JSON.stringify(body),
    });
  await (await post(replayer.requests[0]?.body)).text();
  const text = await (await post(replayer.requests[1]?.body)).text();
  expect(text).not.toMatch(/^event:/m);
  expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
});

test("a recorded call that no longer passes the tool's schema fails with the gate's message and its line", async () => {
  const path = join(dir, "gated.jsonl");
  const provider = fakeChatCompletions();
  provider.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny."));
  const recorder = fakeChatCompletions({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  await conversation(new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 }));
  // the recording edited as if the model had called with a number for the city
  writeFileSync(path, readFileSync(path, "utf8").replaceAll('\\"city\\":\\"Paris\\"', '\\"city\\":42'));
  const replayer = fakeChatCompletions({ cassette: { path, mode: "replay" } });
  const refused = await conversation(new OpenAI({ apiKey: "sk-anything", fetch: replayer.fetch, maxRetries: 0 })).catch(
    (error: unknown) => error,
  );
  expect(refused).toMatchObject({ status: 400, code: "cassette_gate" });
  expect(String((refused as Error).message)).toMatch(
    /gated\.jsonl:2: the recorded call "get_weather" \(call_\w+\) fails the replay gate: arguments_schema/,
  );
});
