// `agent-testkit serve` against `fake.listen()`, in the same run with the official client: 1,000
// sequential responses.create through a serve session (the control API scripted by rules, the
// session reached by its base URL) and through a fake's own loopback server (its responder), both
// real HTTP on 127.0.0.1; and how many sessions the control API makes (and ends) per second.
import { createServer } from "node:http";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { fakeAnthropic, fakeChatCompletions, fakeResponses, turn } from "../dist/msw.js";
import { startServer } from "../dist/serve.js";

/** A bare node:http server answering every request with one stored JSON body: the floor. */
async function bareServer(body) {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Each wire's official client call, its fake (answering "hi" to every request), and its base path. */
const WIRES = {
  responses: {
    fake: () => fakeResponses(),
    base: "/v1",
    call: (url) => {
      const client = new OpenAI({ apiKey: "k", baseURL: url, maxRetries: 0 });
      return () => client.responses.create({ model: "gpt-5", input: "Hi" });
    },
  },
  chat: {
    fake: () => fakeChatCompletions(),
    base: "/v1",
    call: (url) => {
      const client = new OpenAI({ apiKey: "k", baseURL: url, maxRetries: 0 });
      return () => client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "Hi" }] });
    },
  },
  anthropic: {
    fake: () => fakeAnthropic(),
    base: "",
    call: (url) => {
      const client = new Anthropic({ apiKey: "k", baseURL: url, maxRetries: 0 });
      return () =>
        client.messages.create({
          model: "claude-sonnet-5",
          max_tokens: 64,
          messages: [{ role: "user", content: "Hi" }],
        });
    },
  },
};

/**
 * Per wire, the official client's sequential calls against `fake.listen()`, a `serve` session and
 * a bare node:http server answering the fake's own answer as a stored body (ms per call: best of
 * `rounds`; ratios to the bare server).
 */
export async function benchServeWires({ count = 500, rounds = 5 } = {}) {
  const server = await startServer({ strict: true });
  const control = (path, body) =>
    fetch(`${server.url}/_testkit${path}`, { method: "POST", body: JSON.stringify(body) }).then((r) => r.json());
  const msPerCall = {};
  const ratios = [];
  try {
    for (const [wire, spec] of Object.entries(WIRES)) {
      const fake = spec.fake().respond(() => turn.message("hi"));
      const listening = await fake.listen();
      const root = listening.url.slice(0, listening.url.length - spec.base.length);
      await spec.call(root + spec.base)();
      const stored = JSON.stringify(fake.requests[0].response.body);
      const bare = await bareServer(stored);
      const session = await control("/sessions", {});
      await control(`/sessions/${session.id}/rules`, {
        ...(wire === "responses" ? {} : { fake: wire }),
        rules: [{ turns: [{ message: "hi" }] }],
      });
      const sessionRoot = session.baseURL.slice(0, session.baseURL.length - "/v1".length);
      const sides = {
        bare: spec.call(bare.url + spec.base),
        listen: spec.call(root + spec.base),
        serve: spec.call(sessionRoot + spec.base),
      };
      const best = { bare: Infinity, listen: Infinity, serve: Infinity };
      for (let round = 0; round <= rounds; round++)
        for (const [side, call] of Object.entries(sides)) {
          fake.reset();
          fake.respond(() => turn.message("hi"));
          const ms = await timed(call, count);
          // the first round warms up
          if (round > 0) best[side] = Math.min(best[side], ms / count);
        }
      await listening.close();
      await bare.close();
      for (const side of ["bare", "listen", "serve"]) msPerCall[`${wire}: ${side}`] = +best[side].toFixed(3);
      ratios.push({ name: `${wire}: fake.listen() / bare node:http`, value: best.listen / best.bare, target: 1.15 });
      ratios.push({ name: `${wire}: serve / bare node:http`, value: best.serve / best.bare, target: 1.15 });
    }
  } finally {
    await server.close();
  }
  return {
    name: `serve and fake.listen() against a bare node:http server answering the same body: ${count} sequential calls per wire, the official clients (ms per call: best of ${rounds})`,
    msPerCall,
    ratios,
  };
}

/**
 * A stream through `fake.listen()` against a bare node:http server writing the same event lines one
 * write each: what a server's socket settings cost a stream of small writes (Nagle's delay on an
 * accepted socket makes each call tens of milliseconds).
 */
export async function benchListenStream({ count = 200, rounds = 5, deltas = 40 } = {}) {
  const chat = fakeChatCompletions({ deltas });
  chat.respond(() => turn.message("a fairly long answer, split into many small deltas, as a model streams it"));
  const listening = await chat.listen();
  const body = JSON.stringify({ model: "gpt-5", stream: true, messages: [{ role: "user", content: "hi" }] });
  const ask = (base) => async () => {
    const response = await fetch(`${base}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer k" },
      body,
    });
    await response.text();
  };
  await ask(listening.url)();
  const lines = (
    await (
      await fetch(`${listening.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer k" },
        body,
      })
    ).text()
  ).split(/(?<=\n\n)/);
  const bare = createServer((req, res) => {
    req.resume();
    req.on("end", async () => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.flushHeaders();
      for (const line of lines) {
        res.write(line);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
  });
  await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const bareUrl = `http://127.0.0.1:${bare.address().port}/v1`;
  try {
    const result = await paired(
      rounds,
      count,
      (n) => timed(ask(listening.url), n),
      (n) => timed(ask(bareUrl), n),
    );
    return {
      name: `a streamed Chat Completions answer (${deltas} deltas) through fake.listen() against a bare node:http server writing the same lines: ${count} sequential calls (ratio: median of ${rounds} paired rounds; ms per call: best)`,
      msPerCall: { "fake.listen()": +result.a.toFixed(3), "bare node:http": +result.b.toFixed(3) },
      ratios: [{ name: "streamed: fake.listen() / bare node:http", value: result.ratio, target: 1.5 }],
    };
  } finally {
    await listening.close();
    await new Promise((resolve) => bare.close(resolve));
  }
}

/** How long `count` sequential calls take, in ms. */
async function timed(call, count) {
  const start = performance.now();
  for (let i = 0; i < count; i++) await call();
  return performance.now() - start;
}

const sequential = (client, count) => timed(() => client.responses.create({ model: "gpt-5", input: "Hi" }), count);

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
