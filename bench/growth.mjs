// Costs that must not grow with what came before: a turn of a long `previous_response_id` chain or
// conversation, and a `response.inject` into a response that has taken many. Each ratio is the
// last stretch's time per step against the first stretch's, in the same run.
import OpenAI from "openai";
import { WebSocket } from "ws";
import { fakeResponses, turn } from "../dist/msw.js";

const avg = (values) => values.reduce((a, b) => a + b, 0) / values.length;

async function longChain(turns, mode) {
  const fake = fakeResponses();
  fake.respond(() => turn.message(`An answer of some words, ${"words ".repeat(20)}`));
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const conversation = mode === "conversation" ? await client.conversations.create({}) : undefined;
  const times = [];
  let previous;
  for (let i = 0; i < turns; i++) {
    const started = performance.now();
    const r = await client.responses.create({
      model: "gpt-5",
      instructions: "Answer briefly.",
      input: `Question ${i}: ${"more ".repeat(20)}`,
      ...(conversation ? { conversation: conversation.id } : previous ? { previous_response_id: previous } : {}),
    });
    times.push(performance.now() - started);
    previous = r.id;
  }
  const stretch = Math.floor(turns / 15);
  return { first: avg(times.slice(10, 10 + stretch)), last: avg(times.slice(-stretch)) };
}

async function manyInjects(count) {
  // the answer after the first inject is slow: the response stays in flight, taking the rest
  const fake = fakeResponses().reply(
    turn.awaitInject(turn.message("Go on."), turn.message("Thanks.").timed({ firstDeltaMs: 600_000 })),
  );
  const server = await fake.listen();
  const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/responses`, {
    headers: { authorization: "Bearer k" },
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const events = [];
  let wake;
  socket.on("message", (data) => {
    events.push(JSON.parse(String(data)));
    wake?.();
  });
  const until = async (type) => {
    for (;;) {
      const found = events.findIndex((e) => e.type === type);
      if (found >= 0) return events.splice(found, 1)[0];
      await new Promise((resolve) => (wake = resolve));
    }
  };
  socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Go." }));
  const id = (await until("response.created")).response.id;
  const times = [];
  const batch = 100;
  for (let sent = 0; sent < count; sent += batch) {
    const started = performance.now();
    for (let i = 0; i < batch; i++)
      socket.send(
        JSON.stringify({
          type: "response.inject",
          response_id: id,
          input: [{ role: "user", content: `Note ${sent + i}.` }],
        }),
      );
    for (let i = 0; i < batch; i++) await until("response.inject.created");
    times.push((performance.now() - started) / batch);
    events.length = 0;
  }
  socket.close();
  await server.close();
  const stretch = Math.floor(times.length / 10);
  return { first: avg(times.slice(1, 1 + stretch)), last: avg(times.slice(-stretch)) };
}

export async function benchGrowth() {
  const chain = await longChain(1_500, "chain");
  const conversation = await longChain(1_500, "conversation");
  const injects = await manyInjects(Number(process.env.BENCH_INJECTS ?? 25_000));
  const ms = (value) => Math.round(value * 1000) / 1000;
  return {
    name: "costs that do not grow with the history",
    chainTurnMs: { first: ms(chain.first), last: ms(chain.last) },
    conversationTurnMs: { first: ms(conversation.first), last: ms(conversation.last) },
    injectMs: { first: ms(injects.first), last: ms(injects.last) },
    ratios: [
      { name: "a 1,500-turn chain: a late turn / an early one", value: chain.last / chain.first, target: 2 },
      {
        name: "a 1,500-turn conversation: a late turn / an early one",
        value: conversation.last / conversation.first,
        target: 2,
      },
      { name: "25,000 injects: a late inject / an early one", value: injects.last / injects.first, target: 2 },
    ],
  };
}
