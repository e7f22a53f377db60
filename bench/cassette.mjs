// Replaying a cassette against scripting the same conversation by hand: 1,000 requests through
// the official client and fake.fetch, replayed from a 1,000-interaction cassette vs answered by
// fake.reply(turn.message(...)). Matching is a hash lookup: the time per request does not grow
// with the cassette (100 vs 1,000 interactions).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { fakeResponses, turn } from "../dist/msw.js";

const KEY = "sk-bench-cassette-0000000000000000";

async function record(path, count) {
  const provider = fakeResponses().respond(({ body }) => turn.message(`answer to ${JSON.stringify(body.input)}`));
  const listening = await provider.listen();
  try {
    const fake = fakeResponses({ cassette: { path, mode: "record", upstream: listening.url, apiKey: KEY } });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    for (let i = 0; i < count; i++) await client.responses.create({ model: "gpt-5", input: `question ${i}` });
  } finally {
    await listening.close();
  }
}

async function timed(count, fakeFor) {
  const fake = fakeFor();
  const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const response = await client.responses.create({ model: "gpt-5", input: `question ${i}` });
    if (response.output_text !== `answer to "question ${i}"`)
      throw new Error(`request ${i} got ${response.output_text}`);
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function benchCassette({ count = 1000, runs = 9 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-bench-cassette-"));
  const big = join(dir, "big.jsonl");
  const small = join(dir, "small.jsonl");
  await record(big, count);
  await record(small, count / 10);
  const scripted = () =>
    fakeResponses().reply(...Array.from({ length: count }, (_, i) => turn.message(`answer to "question ${i}"`)));
  const replaying = (path) => () => fakeResponses({ cassette: { path, mode: "replay" } });
  const best = { scripted: Infinity, replay: Infinity, small: Infinity };
  const replayRatios = [];
  const sizeRatios = [];
  await timed(count, scripted); // warm-up
  await timed(count, replaying(big));
  for (let run = 0; run < runs; run++) {
    const times = {
      scripted: await timed(count, scripted),
      replay: await timed(count, replaying(big)),
      small: await timed(count / 10, replaying(small)),
    };
    for (const key of Object.keys(best)) best[key] = Math.min(best[key], times[key]);
    replayRatios.push(times.replay / times.scripted);
    sizeRatios.push(times.replay / count / (times.small / (count / 10)));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  rmSync(dir, { recursive: true, force: true });
  return {
    name: `cassette replay: ${count} requests through the official client (ratios: median of ${runs} paired runs; times: best)`,
    msPerRequest: {
      "scripted (fake.reply)": +(best.scripted / count).toFixed(3),
      [`replayed from ${count} interactions`]: +(best.replay / count).toFixed(3),
      [`replayed from ${count / 10} interactions`]: +(best.small / (count / 10)).toFixed(3),
    },
    ratios: [
      { name: "replay / scripted (per request)", value: median(replayRatios), target: 1.2 },
      {
        name: `per request: ${count} / ${count / 10} interactions (a lookup, not a scan)`,
        value: median(sizeRatios),
        target: 1.3,
      },
    ],
  };
}
