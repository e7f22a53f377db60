// `agent-testkit serve` against `fake.listen()`, in the same run with the official client: 1,000
// sequential responses.create through a serve session (the control API scripted by rules, the
// session reached by its base URL) and through a fake's own loopback server (its responder), both
// real HTTP on 127.0.0.1; and how many sessions the control API makes (and ends) per second.
import OpenAI from "openai";
import { fakeResponses, turn } from "../dist/msw.js";
import { startServer } from "../dist/serve.js";

async function sequential(client, count) {
  const start = performance.now();
  for (let i = 0; i < count; i++) await client.responses.create({ model: "gpt-5", input: "Hi" });
  return performance.now() - start;
}

async function paired(rounds, count, a, b) {
  await a(100);
  await b(100);
  const ratios = [];
  const best = { a: Infinity, b: Infinity };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["a", "b"] : ["b", "a"];
    const times = {};
    for (const side of order) times[side] = await (side === "a" ? a : b)(count);
    best.a = Math.min(best.a, times.a / count);
    best.b = Math.min(best.b, times.b / count);
    ratios.push(times.a / times.b);
  }
  return { ratio: [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)], a: best.a, b: best.b };
}

export async function benchServe({ count = 1000, rounds = 5, sessions = 500 } = {}) {
  const server = await startServer({ strict: true });
  const fake = fakeResponses();
  fake.respond(() => turn.message("hi"));
  const listening = await fake.listen();
  try {
    const control = (path, body) =>
      fetch(`${server.url}/_testkit${path}`, { method: "POST", body: JSON.stringify(body) }).then((r) => r.json());
    const made = await control("/sessions", {});
    await control(`/sessions/${made.id}/rules`, { rules: [{ turns: [{ message: "hi" }] }] });
    const viaServe = new OpenAI({ apiKey: "k", baseURL: made.baseURL, maxRetries: 0 });
    const viaListen = new OpenAI({ apiKey: "k", baseURL: listening.url, maxRetries: 0 });
    const resetBoth = async () => {
      await control(`/sessions/${made.id}/reset`, {});
      await control(`/sessions/${made.id}/rules`, { rules: [{ turns: [{ message: "hi" }] }] });
      fake.reset();
      fake.respond(() => turn.message("hi"));
    };
    const result = await paired(
      rounds,
      count,
      async (n) => {
        await resetBoth();
        return sequential(viaServe, n);
      },
      async (n) => {
        await resetBoth();
        return sequential(viaListen, n);
      },
    );
    const start = performance.now();
    for (let i = 0; i < sessions; i++) {
      const session = await control("/sessions", {});
      await fetch(`${server.url}/_testkit/sessions/${session.id}`, { method: "DELETE" });
    }
    const perSecond = Math.round(sessions / ((performance.now() - start) / 1000));
    const ms = (v) => +v.toFixed(3);
    return {
      name: `serve: ${count} sequential responses.create through a session vs fake.listen() (ratio: median of ${rounds} paired rounds; ms per call: best); ${sessions} sessions made and ended`,
      msPerCall: { "agent-testkit serve (session URL)": ms(result.a), "fake.listen()": ms(result.b) },
      sessionsPerSecond: perSecond,
      ratios: [{ name: "serve / fake.listen()", value: result.ratio, target: 1.2 }],
    };
  } finally {
    await listening.close();
    await server.close();
  }
}
