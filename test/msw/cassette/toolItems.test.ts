// The cassette gate on tool items: a recorded item whose tool today's request does not declare, or
// a custom tool call whose input its grammar now refuses, fails the replay as a recorded function
// call that fails the replay gate does (400 cassette_gate, the cassette line), and a request whose
// tools changed misses saying so. Recorded from an in-process upstream on loopback.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fakeResponses, type Listening, turn } from "../../../fixtures/msw/index.js";
import { KEY } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-tool-cassettes-"));
const upstream = fakeResponses();
let served: Listening;
beforeAll(async () => {
  served = await upstream.listen();
});
afterAll(() => served.close());

const orderId = {
  type: "custom",
  name: "order_id",
  format: { type: "grammar", syntax: "regex", definition: "[A-Z]-\\d{4}" },
};
const client = (cassette: Record<string, unknown>) =>
  new OpenAI({ apiKey: KEY, fetch: fakeResponses({ cassette: cassette as never }).fetch, maxRetries: 0 });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; code: string; message: string },
  );

describe("tool items in cassettes are gated", () => {
  test("a custom tool call whose input its grammar refuses fails the replay, with its cassette line", async () => {
    const path = join(dir, "custom.jsonl");
    upstream.reply(turn.customToolCall("order_id", "A-1042"));
    const body = { model: "gpt-5", input: "Which order?", tools: [orderId] } as never;
    await client({ path, mode: "record", upstream: served.url, apiKey: KEY }).responses.create(body);
    expect((await client({ path, mode: "replay" }).responses.create(body)).output[0]).toMatchObject({
      type: "custom_tool_call",
      input: "A-1042",
    });
    // the recording is edited as if the model had answered outside the grammar
    writeFileSync(path, readFileSync(path, "utf8").replaceAll('"A-1042"', '"a1042"'));
    const error = await failure(client({ path, mode: "replay" }).responses.create(body));
    expect(error).toMatchObject({ status: 400, code: "cassette_gate" });
    expect(error?.message).toMatch(
      /custom\.jsonl:2: the recorded custom_tool_call \(call_\w+\) fails the gate: .*grammar/,
    );
  });

  test("a request that no longer declares a recorded item's tool misses, and says the recording fails the gate", async () => {
    const path = join(dir, "search.jsonl");
    upstream.reply(turn.webSearch("weather in Paris"));
    const tools = [{ type: "web_search" }, { type: "function", name: "f", parameters: {}, strict: false }];
    await client({ path, mode: "record", upstream: served.url, apiKey: KEY }).responses.create({
      model: "gpt-5",
      input: "Weather?",
      tools,
    } as never);
    const error = await failure(
      client({ path, mode: "replay" }).responses.create({
        model: "gpt-5",
        input: "Weather?",
        tools: tools.slice(1),
      } as never),
    );
    expect(error?.message).toMatch(
      /With today's tools, what it recorded fails the gate: the recorded web_search_call \(ws_\w+\) fails the gate: a web_search_call needs a web_search tool/,
    );
  });
});
