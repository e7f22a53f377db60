// A replayed WebSocket turn against a scripted one: 1,000 sequential turns over one openai
// ResponsesWS connection to fake.listen(), answered from a cassette of those 1,000 turns
// (recorded first from a provider fake) against answered by fake.reply(turn.message(...)).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import { fakeResponses, turn } from "../dist/msw.js";

const KEY = "sk-bench-websocket-cassette-0000000";
const answer = (i) => `answer ${i}: ${"word ".repeat(20)}`;

/** `count` turns over one socket to `fake.listen()`; the time in ms. */
async function turns(fake, count) {
  const listening = await fake.listen();
  const socket = new ResponsesWS(new OpenAI({ apiKey: KEY, baseURL: listening.url, maxRetries: 0 }));
  let done;
  let failed;
  socket.on("response.completed", (event) => done(event));
  socket.on("error", (error) => (failed = error));
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const finished = new Promise((resolve) => (done = resolve));
    socket.send({ type: "response.create", model: "gpt-5", input: `question ${i}`, store: false });
    const event = await finished;
    if (failed) throw failed;
    const text = event.response.output[0]?.content?.[0]?.text;
    if (text !== answer(i)) throw new Error(`turn ${i} got ${text}`);
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  socket.close();
  await listening.close();
  return ms;
}

export async function benchWebSocketCassette({ count = 1000, runs = 7 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-bench-ws-cassette-"));
  const path = join(dir, "turns.jsonl");
  const provider = fakeResponses().respond(({ body }) =>
    turn.message(answer(Number(String(body.input).split(" ")[1]))),
  );
  const upstream = await provider.listen();
  const recorder = fakeResponses({ cassette: { path, mode: "record", upstream: upstream.url, apiKey: KEY } });
  await turns(recorder, count);
  await recorder.cassette.saved();
  await upstream.close();
  const scripted = () => fakeResponses().reply(...Array.from({ length: count }, (_, i) => turn.message(answer(i))));
  const replaying = () => fakeResponses({ cassette: { path, mode: "replay" } });
  await turns(scripted(), count); // warm-up
  await turns(replaying(), count);
  const ratios = [];
  const best = { scripted: Infinity, replayed: Infinity };
  for (let run = 0; run < runs; run++) {
    const [a, b] =
      run % 2 === 0
        ? [await turns(scripted(), count), await turns(replaying(), count)]
        : [...[await turns(replaying(), count), await turns(scripted(), count)].reverse()];
    best.scripted = Math.min(best.scripted, a);
    best.replayed = Math.min(best.replayed, b);
    ratios.push(b / a);
  }
  rmSync(dir, { recursive: true, force: true });
  const median = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)];
  return {
    name: `WebSocket cassette: ${count} sequential turns over one ResponsesWS, replayed vs scripted (ratio: median of ${runs} paired runs; times: best)`,
    msPerTurn: { scripted: +(best.scripted / count).toFixed(3), replayed: +(best.replayed / count).toFixed(3) },
    ratios: [{ name: "replayed WebSocket turn / scripted", value: median, target: 1.2 }],
  };
}
