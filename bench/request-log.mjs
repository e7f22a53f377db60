// Reading the request log as a suite does: after every request. `fake.requests` copies each entry
// once (frozen), so reading it after each of N requests adds about one entry's copy per request —
// about what answering it through fake.fetch costs — and the ratio does not grow with N (it
// deep-copied the whole log on every read: quadratic, 2,000 requests 12.5 s, 8,000 requests 280 s).
import { fakeResponses, turn } from "../dist/msw.js";

const BODY = JSON.stringify({
  model: "gpt-5",
  input: [{ role: "user", content: "What is the status of order A-1042?" }],
  tools: [
    {
      type: "function",
      name: "lookup_order",
      parameters: { type: "object", properties: { order_id: { type: "string" } } },
    },
  ],
});

async function requests(count, read) {
  const fake = fakeResponses().respond(() => turn.message("Paid."));
  const started = process.hrtime.bigint();
  let seen = 0;
  for (let i = 0; i < count; i++) {
    const response = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: BODY,
    });
    await response.text();
    if (read) seen = fake.requests.length;
  }
  if (read && seen !== count) throw new Error(`read ${seen} of ${count}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The median of `rounds` paired ratios (reading / not reading), the pair's order alternating. */
async function ratioFor(count, rounds) {
  await requests(Math.min(200, count), true);
  await requests(Math.min(200, count), false);
  const ratios = [];
  const best = { read: Infinity, unread: Infinity };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [true, false] : [false, true];
    const times = {};
    for (const read of order) times[read] = await requests(count, read);
    best.read = Math.min(best.read, times.true);
    best.unread = Math.min(best.unread, times.false);
    ratios.push(times.true / times.false);
  }
  return {
    ratio: [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)],
    ms: { read: Math.round(best.read), unread: Math.round(best.unread) },
  };
}

export async function benchRequestLog({ small = 2000, large = 8000, rounds = 5 } = {}) {
  const atSmall = await ratioFor(small, rounds);
  const atLarge = await ratioFor(large, rounds);
  return {
    name: `request log: fake.requests read after each of ${small} and ${large} requests, against the same requests unread (medians of ${rounds} paired rounds; times: best)`,
    ms: { [small]: atSmall.ms, [large]: atLarge.ms },
    ratios: [
      // one frozen copy of each new entry per request: about what answering it costs
      { name: `reading after each request, ${small} requests`, value: atSmall.ratio, target: 3 },
      { name: `reading after each request, ${large} requests`, value: atLarge.ratio, target: 3 },
      {
        name: `growth: the ${large}-request ratio over the ${small}-request one`,
        value: atLarge.ratio / atSmall.ratio,
        target: 1.3,
      },
    ],
  };
}
