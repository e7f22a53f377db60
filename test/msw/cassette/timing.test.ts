// A cassette keeps when each event of a recorded stream arrived; replayed on `replay: { timing:
// "recorded" }` (or a speed), the events go out at those times on the fake's clock. Recorded from
// an upstream that streams on a timing of its own (a fake, through the cassette's `fetch`).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { readCassette } from "../../../fixtures/msw/cassette/file.js";
import { fakeResponses, turn } from "../../../fixtures/msw/index.js";

const KEY = "sk-test-recording-key-0123456789";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cassette-timing-"));
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};
const body = { model: "gpt-5", input: "Count", stream: true } as const;

async function recorded(path: string) {
  const provider = fakeResponses({ deltas: 3 }).reply(
    turn.message("One two three").timed({ firstDeltaMs: 120, deltaMs: 40 }),
  );
  const recorder = fakeResponses({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  const stream = await new OpenAI({ apiKey: KEY, fetch: recorder.fetch, maxRetries: 0 }).responses.create(body);
  for await (const _event of stream);
  await recorder.cassette?.saved();
  const [interaction] = readCassette(path);
  return interaction?.response;
}

describe("a cassette's timing", () => {
  test("recorded: one offset per event, in order, the first delta no sooner than the provider sent it", async () => {
    const response = await recorded(join(dir, "recorded.jsonl"));
    const offsets = response?.offsets ?? [];
    const types = response?.events?.map((e) => e.type) ?? [];
    expect(offsets).toHaveLength(types.length);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const firstDelta = types.indexOf("response.output_text.delta");
    expect(offsets[firstDelta]).toBeGreaterThanOrEqual(100);
    expect(offsets.at(-1)).toBeGreaterThanOrEqual(offsets[firstDelta]! + 60);
  });

  test("replayed at once by default; on the recorded timing, each event at its time on a manual clock; faster with a speed", async () => {
    const path = join(dir, "replayed.jsonl");
    const offsets = (await recorded(path))?.offsets ?? [];
    const replay = async (timing?: "recorded" | number) => {
      const fake = fakeResponses({
        clock: "manual",
        cassette: { path, mode: "replay", ...(timing ? { replay: { timing } } : {}) },
      });
      const stream = await new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).responses.create(body);
      const reading = (async () => {
        for await (const _event of stream);
      })();
      await settle();
      const early = fake.requests[0]?.response.events?.length ?? 0;
      await fake.clock.advance(60_000);
      await reading;
      return { early, sentAt: fake.requests[0]?.response.sentAt };
    };
    const instant = await replay();
    expect(instant.early).toBe(offsets.length);
    expect(instant.sentAt).toBeUndefined();
    const onTime = await replay("recorded");
    expect(onTime.early).toBe(offsets.filter((o) => o === 0).length);
    expect(onTime.sentAt).toEqual(offsets);
    expect((await replay(2)).sentAt).toEqual(offsets.map((o) => o / 2));
  });

  test("a cassette whose offsets make no sense is refused with its line; a bad speed is a RangeError", () => {
    const path = join(dir, "bad.jsonl");
    const line = {
      section: "",
      request: { method: "POST", path: "/responses", body },
      response: {
        status: 200,
        headers: {},
        events: [{ type: "response.created" }, { type: "response.completed" }],
        offsets: [5, 2],
      },
    };
    writeFileSync(path, `${JSON.stringify(line)}\n`);
    expect(() => readCassette(path)).toThrow(
      /response\.offsets\[1\] must be milliseconds ≥ 0, not before the one before it/,
    );
    expect(() => fakeResponses({ cassette: { path, replay: { timing: 0 } } })).toThrow(RangeError);
  });
});
