// A test file of 100 tests replaying from its cassette, each test a fake of its own (its section)
// and one request through the official client: a 100 MB cassette against a 1 MB one. Both hold the
// same 100 sections the tests read; the large one also holds 99 MB of sections no test of the run
// reads (other tests' recordings). A cassette is read once per process while unchanged, so only
// the file's first test pays for reading it; the ratio is per request after that, and the total
// of the file (its one read included) is reported. Each round touches the files, so that each
// round reads them again, as each run of a test file does.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { fakeResponses } from "../dist/msw.js";

const KEY = "sk-bench-cassette-size-000000000000";
const TESTS = 100;
const ANSWER_CHARS = 9_000;

function interaction(section, input, i) {
  const text = `answer ${i}: ${"lorem ipsum ".repeat(ANSWER_CHARS / 12)}`;
  return JSON.stringify({
    request: { body: { input, model: "gpt-5" }, method: "POST", path: "/responses" },
    response: {
      body: {
        id: `resp_${String(i).padStart(12, "0")}`,
        object: "response",
        status: "completed",
        model: "gpt-5",
        output: [
          {
            id: `msg_${String(i).padStart(12, "0")}`,
            type: "message",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ],
      },
      headers: {},
      status: 200,
    },
    section,
  });
}

/** The tests' sections, then `padding` interactions in sections no test reads. */
function writeCassette(path, padding) {
  const lines = [];
  for (let t = 0; t < TESTS; t++) lines.push(interaction(`test ${t} [responses]`, `question ${t}`, t));
  for (let p = 0; p < padding; p++)
    lines.push(interaction(`other test ${p % 997} [responses]`, `other ${p}`, TESTS + p));
  const text = `${lines.join("\n")}\n`;
  writeFileSync(path, text);
  return Buffer.byteLength(text);
}

/** The file's tests in order; the times of each (a fake of its section, one request), in ms. */
async function runFile(path) {
  const now = new Date();
  utimesSync(path, now, new Date(now.getTime() + Math.random() * 1000)); // a new version: read again
  const times = [];
  for (let t = 0; t < TESTS; t++) {
    const started = process.hrtime.bigint();
    const fake = fakeResponses({ cassette: { path, section: `test ${t} [responses]`, mode: "replay" } });
    const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    const answer = await client.responses.create({ model: "gpt-5", input: `question ${t}` });
    if (!answer.output_text.startsWith(`answer ${t}:`))
      throw new Error(`test ${t} got ${answer.output_text.slice(0, 40)}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times;
}

export async function benchCassetteSize({ runs = 7 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-bench-cassette-size-"));
  const small = join(dir, "small.jsonl");
  const large = join(dir, "large.jsonl");
  const smallBytes = writeCassette(small, 0);
  const largeBytes = writeCassette(large, Math.round((100 * 1024 * 1024) / (smallBytes / TESTS)) - TESTS);
  const steady = (times) => times.slice(1).reduce((a, b) => a + b, 0) / (times.length - 1);
  const total = (times) => times.reduce((a, b) => a + b, 0);
  await runFile(small); // warm-up
  await runFile(large);
  const perRequest = [];
  const totals = [];
  const best = { small: Infinity, large: Infinity, smallTotal: Infinity, largeTotal: Infinity, largeFirst: Infinity };
  for (let run = 0; run < runs; run++) {
    const [a, b] =
      run % 2 === 0
        ? [await runFile(small), await runFile(large)]
        : [...[await runFile(large), await runFile(small)].reverse()];
    perRequest.push(steady(b) / steady(a));
    totals.push(total(b) / total(a));
    best.small = Math.min(best.small, steady(a));
    best.large = Math.min(best.large, steady(b));
    best.smallTotal = Math.min(best.smallTotal, total(a));
    best.largeTotal = Math.min(best.largeTotal, total(b));
    best.largeFirst = Math.min(best.largeFirst, b[0]);
  }
  rmSync(dir, { recursive: true, force: true });
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  return {
    name: `cassette size: a file of ${TESTS} tests, one request each, replayed from ${(largeBytes / 2 ** 20).toFixed(0)} MB against ${(smallBytes / 2 ** 20).toFixed(1)} MB (ratios: median of ${runs} paired runs; times: best)`,
    ms: {
      "per request after the first test, 1 MB": +best.small.toFixed(3),
      "per request after the first test, 100 MB": +best.large.toFixed(3),
      "first test, 100 MB (reads the file)": +best.largeFirst.toFixed(1),
      "the file's 100 tests, 1 MB": +best.smallTotal.toFixed(1),
      "the file's 100 tests, 100 MB": +best.largeTotal.toFixed(1),
    },
    ratios: [
      { name: "per request: 100 MB / 1 MB cassette", value: median(perRequest), target: 1.2 },
      { name: "the file's 100 tests, its one read included: 100 MB / 1 MB", value: median(totals) },
    ],
  };
}
