// Bedrock on a cassette: recorded through a stand-in provider (another fake's fetch, never the
// network) with a Bedrock API key — the client's own SigV4 signature is never sent on, never saved and
// no part of a match — replayed by content through the AI SDK's Bedrock provider and, over listen(),
// the AWS SDK unchanged: ConverseStream's binary event stream frame for frame. A recorded call
// today's tool refuses is gated; `agent-testkit check` reads the cassette; the prompt-cache matcher
// reads the fake.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { BedrockRuntimeClient, ConverseStreamCommand, type Message } from "@aws-sdk/client-bedrock-runtime";
import { generateText, stepCountIs, tool } from "ai";
import { afterAll, expect, test } from "vitest";
import { z } from "zod";
import { fakeBedrock, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { run } from "../../cli/run.js";
import { weather as converseWeather, MODEL } from "./converse.js";

const KEY = "ABSKQmVkcm9ja0FQSUtleS1jYXNzZXR0ZS10ZXN0LWtleQ==";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-bedrock-cassette-"));
const weather = tool({
  description: "The weather in a city.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});
const servers: Array<{ close(): Promise<void> }> = [];
afterAll(() => Promise.all(servers.splice(0).map((server) => server.close())));

/** The AI SDK's provider, SigV4-signing with these credentials, through `fetch`. */
const provider = (fetch: typeof globalThis.fetch, accessKeyId = "AKIDRECORDING") =>
  createAmazonBedrock({ region: "us-east-1", accessKeyId, secretAccessKey: "secret-of-the-recording", fetch });

async function conversation(fetch: typeof globalThis.fetch, accessKeyId?: string): Promise<string> {
  const result = await generateText({
    model: provider(fetch, accessKeyId)(MODEL),
    prompt: "Weather in Paris?",
    tools: { weather },
    stopWhen: stepCountIs(3),
  });
  return result.text;
}

test("recorded with a Bedrock API key, replayed by content whoever signs; no credential saved", async () => {
  const path = join(dir, "weather.jsonl");
  const upstream = fakeBedrock();
  upstream.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("Sunny, 21 °C."));
  const recorder = fakeBedrock({ cassette: { path, mode: "record", apiKey: KEY, fetch: upstream.fetch } });
  expect(await conversation(recorder.fetch)).toBe("Sunny, 21 °C.");
  // upstream, the recorder's key; the client's signature stays with the client
  expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(upstream.requests[0]?.headers["x-amz-date"]).toBeUndefined();
  expect(recorder.cassette?.unsaved ?? []).toEqual([]);
  const file = readFileSync(path, "utf8");
  for (const secret of [KEY, "AKIDRECORDING", "AWS4-HMAC-SHA256", "x-amz-date", "x-amz-security-token"])
    expect(file).not.toContain(secret);
  expect(file).toContain(`"path":"/model/${encodeURIComponent(MODEL)}/converse"`);

  // another signer, another day: the same requests by content
  const replayer = fakeBedrock({ cassette: { path, mode: "replay" } });
  expect(await conversation(replayer.fetch, "AKIDANOTHERONE")).toBe("Sunny, 21 °C.");
  expect(replayer).toHaveCalledTool("weather", { city: "Paris" });

  const { code, out } = await run(["check", path, "--json"]);
  expect(JSON.parse(out).counts).toMatchObject({ ok: 1 });
  expect(code).toBe(0);
});

test("ConverseStream recorded from the binary event stream, replayed frame for frame to the AWS SDK over listen()", async () => {
  const path = join(dir, "stream.jsonl");
  const upstream = fakeBedrock({ deltas: 3 });
  upstream.reply(turn.reasoning("Paris, then.", turn.functionCall("get_weather", { city: "Paris" })));
  const recorder = fakeBedrock({ cassette: { path, mode: "record", apiKey: KEY, fetch: upstream.fetch } });
  const messages: Message[] = [{ role: "user", content: [{ text: "Weather in Paris?" }] }];
  const ask = async (url: string) => {
    const client = new BedrockRuntimeClient({
      region: "us-east-1",
      endpoint: url,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    });
    const { stream } = await client.send(
      new ConverseStreamCommand({
        modelId: MODEL,
        messages,
        toolConfig: converseWeather,
        additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
      }),
    );
    const events: unknown[] = [];
    for await (const event of stream ?? []) events.push(event);
    return events;
  };
  const recording = await recorder.listen();
  servers.push(recording);
  const recorded = await ask(recording.url);
  expect(recorder.cassette?.unsaved ?? []).toEqual([]);
  const stored = readFileSync(path, "utf8");
  expect(stored).toContain('"messageStart"');
  expect(stored).toContain('"contentBlockStart"');

  const replayer = fakeBedrock({ cassette: { path, mode: "replay" } });
  const replaying = await replayer.listen();
  servers.push(replaying);
  expect(await ask(replaying.url)).toEqual(recorded);
  // the replayed reasoning is the fake's own now: sent back, its signature passes
  expect(replayer.responses.size).toBe(1);
  expect(replayer).toHaveCalledTool("get_weather", { city: "Paris" });
});

test("a recorded call that no longer passes the tool's schema fails with the gate's message, as AWS's error", async () => {
  const path = join(dir, "gated.jsonl");
  const upstream = fakeBedrock();
  upstream.reply(turn.functionCall("weather", { city: "Paris" }), turn.message("Sunny."));
  const recorder = fakeBedrock({ cassette: { path, mode: "record", apiKey: KEY, fetch: upstream.fetch } });
  await conversation(recorder.fetch);
  writeFileSync(path, readFileSync(path, "utf8").replaceAll('"city":"Paris"', '"city":42'));
  const replayer = fakeBedrock({ cassette: { path, mode: "replay" } });
  const refused = await conversation(replayer.fetch).catch((error: unknown) => error);
  expect(String((refused as Error).message)).toMatch(/fails the replay gate: arguments_schema: \/city must be string/);
  expect(replayer.requests[0]?.response.status).toBe(400);
});

test("cache points read by toKeepPromptCachePrefix: a stable prefix passes, a changed system prompt is named", async () => {
  const system = "Rule: answer briefly. ".repeat(300);
  const stable = fakeBedrock();
  stable.reply(turn.message("One."), turn.message("Two."));
  // the AI SDK marks a cache point after a system message that carries one in its provider options
  const ask = (fake: typeof stable, prompt: string, instructions: string) =>
    generateText({
      model: provider(fake.fetch)(MODEL),
      instructions: {
        role: "system",
        content: instructions,
        providerOptions: { bedrock: { cachePoint: { type: "default" } } },
      },
      prompt,
    });
  await ask(stable, "First?", system);
  const second = await ask(stable, "Second?", system);
  expect(second.usage.inputTokenDetails?.cacheReadTokens ?? 0).toBeGreaterThan(1000);
  expect(stable).toKeepPromptCachePrefix({ minCachedShare: 0.5 });

  const broken = fakeBedrock();
  broken.reply(turn.message("One."), turn.message("Two."));
  await ask(broken, "First?", system);
  await ask(broken, "Second?", `Today is Monday. ${system}`);
  expect(broken).not.toKeepPromptCachePrefix();
  expect(() => expect(broken).toKeepPromptCachePrefix()).toThrow(/\/instructions/);
});

test("a stream that arrives in pieces that split its frames anywhere is recorded whole; one cut mid-frame is no recording", async () => {
  const upstream = fakeBedrock({ deltas: 3 });
  upstream.reply(turn.message("Sunny, 21 °C, light wind."), turn.message("Cut short."));
  /** The provider's answer re-cut into pieces of `size` bytes (and, with `cut`, ended `cut` bytes early). */
  const pieces =
    (size: number, cut = 0): typeof fetch =>
    async (input, init) => {
      const response = await upstream.fetch(input, init);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const end = bytes.length - cut;
      return new Response(
        new ReadableStream({
          start(controller) {
            for (let at = 0; at < end; at += size) controller.enqueue(bytes.slice(at, Math.min(end, at + size)));
            controller.close();
          },
        }),
        { status: response.status, headers: response.headers },
      );
    };
  const ask = (fake: ReturnType<typeof fakeBedrock>) =>
    fake.fetch(`${fake.baseUrl}/model/${encodeURIComponent(MODEL)}/converse-stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: [{ text: "Weather?" }] }] }),
    });
  const whole = fakeBedrock({ cassette: { path: join(dir, "pieces.jsonl"), mode: "record", fetch: pieces(7) } });
  await (await ask(whole)).arrayBuffer();
  expect(whole.cassette?.unsaved ?? []).toEqual([]);
  expect(whole.requests[0]?.response.events).toEqual(upstream.requests[0]?.response.events);

  const cut = fakeBedrock({ cassette: { path: join(dir, "cut.jsonl"), mode: "record", fetch: pieces(5, 3) } });
  await (await ask(cut)).arrayBuffer().catch(() => undefined);
  await expect.poll(() => cut.cassette?.unsaved.length).toBe(1);
  expect(cut.cassette?.unsaved[0]).toContain("it broke before its end (it ended in the middle of a frame)");
});
