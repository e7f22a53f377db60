// WebSocket mode against HTTP: 1,000 sequential turns (a message, streamed) over one openai
// ResponsesWS connection to fake.listen(), against the same 1,000 turns as streamed HTTP requests
// to the same loopback server. Target: a WebSocket turn costs no more than an HTTP turn.
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import { fakeResponses, turn } from "../dist/msw.js";

const KEY = "sk-bench-websocket";

function script(count) {
  return fakeResponses().reply(
    ...Array.from({ length: count }, (_, i) => turn.message(`answer ${i}: ${"word ".repeat(20)}`)),
  );
}

async function overHttp(count) {
  const fake = script(count);
  const listening = await fake.listen();
  const client = new OpenAI({ apiKey: KEY, baseURL: listening.url, maxRetries: 0 });
  const started = process.hrtime.bigint();
  let previous;
  for (let i = 0; i < count; i++) {
    const stream = await client.responses.create({
      model: "gpt-5",
      input: `question ${i}`,
      store: false,
      stream: true,
    });
    for await (const event of stream) if (event.type === "response.completed") previous = event.response.id;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  await listening.close();
  if (!previous) throw new Error("no response over HTTP");
  return ms;
}

async function overWebSocket(count) {
  const fake = script(count);
  const listening = await fake.listen();
  const client = new OpenAI({ apiKey: KEY, baseURL: listening.url, maxRetries: 0 });
  const socket = new ResponsesWS(client);
  let done;
  socket.on("response.completed", () => done());
  socket.on("error", (error) => {
    throw error;
  });
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const finished = new Promise((resolve) => (done = resolve));
    socket.send({ type: "response.create", model: "gpt-5", input: `question ${i}`, store: false });
    await finished;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  socket.close();
  await listening.close();
  return ms;
}

export async function benchWebSocket({ count = 1000, runs = 7 } = {}) {
  await overHttp(100); // warm-up
  await overWebSocket(100);
  const ratios = [];
  const best = { http: Infinity, websocket: Infinity };
  for (let run = 0; run < runs; run++) {
    // alternate which goes first, so that neither always runs on a warmer process
    const [http, websocket] =
      run % 2 === 0
        ? [await overHttp(count), await overWebSocket(count)]
        : [...[await overWebSocket(count), await overHttp(count)].reverse()];
    best.http = Math.min(best.http, http);
    best.websocket = Math.min(best.websocket, websocket);
    ratios.push(websocket / http);
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  return {
    name: `WebSocket mode: ${count} sequential streamed turns over one ResponsesWS vs HTTP to fake.listen() (ratio: median of ${runs} paired runs; times: best)`,
    msPerTurn: { http: +(best.http / count).toFixed(3), websocket: +(best.websocket / count).toFixed(3) },
    ratios: [{ name: "WebSocket turn / HTTP turn", value: median, target: 1.0 }],
  };
}
