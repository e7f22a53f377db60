// Background runs, huge inputs and the process that hosts a fake: a run that is stopped ends its
// streams, a run that fails says so, no input is spread as arguments, and a pending run keeps a
// plain script alive until it finishes.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { requireFreshBuild, root } from "../build.js";
import { lookupOrder } from "../msw/agents.scenarios.js";

const client = (fake: { fetch: typeof fetch }) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
const manyItems = (n: number) => Array.from({ length: n }, (_, i) => ({ role: "user" as const, content: `m${i}` }));

/** Reads a stream to its end (or throws after `ms`: a stream left open forever fails the test). */
async function readToEnd(stream: AsyncIterable<{ type: string }>, ms = 2000): Promise<string[]> {
  const types: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms)),
  );
  try {
    await Promise.race([
      (async () => {
        for await (const event of stream) types.push(event.type);
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
  return types;
}

describe("stopping a background run ends the streams that follow it", () => {
  for (const [how, stop] of [
    ["reset()", async (fake: ReturnType<typeof fakeResponses>) => fake.reset()],
    [
      "DELETE /responses/{id}",
      async (fake: ReturnType<typeof fakeResponses>, id: string) => void (await client(fake).responses.delete(id)),
    ],
  ] as const) {
    test(how, async () => {
      const fake = fakeResponses({ clock: "manual" }).reply(turn.message("never finished"));
      const stream = await client(fake).responses.create({
        model: "gpt-5",
        input: "x",
        background: true,
        stream: true,
      });
      const reading = readToEnd(stream);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const id = fake.requests[0]!.response.events![0]!.response as { id: string };
      await stop(fake, (id as { id: string }).id);
      expect(await reading).toEqual(["response.created", "response.queued"]);
    });
  }
});

describe("200,000 input items: no spread of an unbounded array", () => {
  test("a create into a conversation, plain and in the background", async () => {
    const fake = fakeResponses({ clock: "manual" }).respond(() => turn.message("read them all"));
    const openai = client(fake);
    const conversation = await openai.conversations.create({});
    const plain = await openai.responses.create({
      model: "gpt-5",
      conversation: conversation.id,
      input: manyItems(200_000),
    });
    expect(plain.output_text).toBe("read them all");
    const queued = await openai.responses.create({
      model: "gpt-5",
      conversation: conversation.id,
      input: manyItems(200_000),
      background: true,
    });
    await fake.clock.advance(1000);
    expect((await openai.responses.retrieve(queued.id)).status).toBe("completed");
    expect(fake.conversationItems(conversation.id)).toHaveLength(400_002);
  }, 60_000); // minting 400,000 seeded ids takes a few seconds

  test("the Agents fake: a steering message of 200,000 items into a running turn", async () => {
    const fake = fakeAgents().reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }));
    const sessions = client(fake).beta.agents.sessions;
    const session = (await sessions.create({
      agent: { model: "m", tools: [lookupOrder] },
      environment: { type: "none" },
      input: "x",
    } as never)) as unknown as { id: string };
    expect((await sessions.retrieve(session.id)).status).toBe("requires_action");
    const input = manyItems(200_000).map(({ content }) => ({
      role: "user",
      content: [{ type: "input_text", text: content }],
    }));
    const response = await fake.fetch(`https://api.openai.com/v1/agents/sessions/${session.id}/events`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json", "openai-beta": "agents=v1" },
      body: JSON.stringify({ events: [{ type: "agent.session.input.message", input }] }),
    });
    expect(response.status).toBe(200);
  }, 60_000);

  test("fake.reply with 100,000 turns", () => {
    const fake = fakeResponses().reply(...Array.from({ length: 100_000 }, () => turn.message("x")));
    expect(fake.pending).toBe(100_000);
  });
});

test("a background run that cannot finish ends failed, with response.failed, never completed", async () => {
  const { createContext } = await import("../../fixtures/msw/responses/state.js");
  const { runTurn } = await import("../../fixtures/msw/responses/turn.js");
  const { startBackground, followStream } = await import("../../fixtures/msw/responses/background.js");
  const ctx = createContext({ clock: "manual" });
  ctx.conversations.set("conv_1", {
    object: { id: "conv_1", object: "conversation", created_at: 0, metadata: {} },
    items: Object.freeze([]) as never,
  });
  ctx.queue.push(turn.message("lost"));
  const record = {
    method: "POST",
    url: "u",
    path: "/v1/responses",
    headers: {},
    route: null,
    body: undefined,
    response: { status: 0, body: undefined },
    transport: "http" as const,
  };
  const built = await runTurn(ctx, { model: "gpt-5", input: "x", conversation: "conv_1", background: true }, record, {
    label: "test",
  });
  const entry = startBackground(ctx, built);
  const text = followStream(entry, -1, undefined).text();
  await ctx.clock.advance(1000);
  expect(entry.response.status).toBe("failed");
  expect(entry.response.error).toMatchObject({
    code: "server_error",
    message: expect.stringContaining("finishing this background response"),
  });
  const types = [...(await text).matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
  expect(types.slice(-2)).toEqual(["error", "response.failed"]);
  expect(types).not.toContain("response.completed");
});

/** Runs `body` as a plain Node script importing the built `agent-testkit/msw`; resolves to its exit code and output. */
async function runScript(body: string): Promise<{ code: number | null; stdout: string }> {
  requireFreshBuild("msw.js");
  const script = join(mkdtempSync(join(tmpdir(), "script-")), "script.mjs");
  writeFileSync(
    script,
    `import { fakeResponses, turn } from ${JSON.stringify(join(root, "dist", "msw.js"))};\n${body}`,
  );
  return new Promise((resolve) => {
    execFile(process.execPath, [script], { timeout: 20_000 }, (error, out) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out.trim() }),
    );
  });
}

test("a plain Node script that awaits a background response through fake.fetch runs to its end", async () => {
  const run = await runScript(`
const fake = fakeResponses({ background: { queuedMs: 50, runMs: 200 } }).reply(turn.message("done in the background"));
const post = (path, body) => fake.fetch("https://api.openai.com/v1" + path, { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: JSON.stringify(body) });
const stream = await post("/responses", { model: "gpt-5", input: "x", background: true, stream: true });
const text = await stream.text();
console.log(text.includes("response.completed") ? "completed" : "cut short");
`);
  expect(run).toEqual({ code: 0, stdout: "completed" });
});

test("background runs nobody waits for do not keep a plain script alive (five, ten minutes each)", async () => {
  // issue 36 (10): the runs held the process for their whole runMs; the script's own work is done
  const run = await runScript(`
const fake = fakeResponses({ background: { queuedMs: 10, runMs: 600_000 } });
for (let i = 0; i < 5; i++) fake.reply(turn.message("later"));
const post = (body) => fake.fetch("https://api.openai.com/v1/responses", { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: JSON.stringify(body) });
for (let i = 0; i < 5; i++) console.log((await (await post({ model: "gpt-5", input: "x", background: true })).json()).status);
`);
  expect(run).toEqual({ code: 0, stdout: "queued\nqueued\nqueued\nqueued\nqueued" });
});

test("a script polling a background run keeps itself alive and sees it finish", async () => {
  const run = await runScript(`
const fake = fakeResponses({ background: { queuedMs: 20, runMs: 100 } }).reply(turn.message("polled"));
const call = (path, init = {}) => fake.fetch("https://api.openai.com/v1" + path, { headers: { authorization: "Bearer k", "content-type": "application/json" }, ...init });
let r = await (await call("/responses", { method: "POST", body: JSON.stringify({ model: "gpt-5", input: "x", background: true }) })).json();
while (r.status === "queued" || r.status === "in_progress") {
  await new Promise((resolve) => setTimeout(resolve, 25));
  r = await (await call("/responses/" + r.id)).json();
}
console.log(r.status, r.output[0].content[0].text);
`);
  expect(run).toEqual({ code: 0, stdout: "completed polled" });
});

test("an open WebSocket connection's limit (an hour away) does not keep a plain script alive", async () => {
  const started = Date.now();
  // the fake's own way of taking a socket (what agentTest and webSocketHandlers use), with a silent peer
  const run = await runScript(`void turn;
const fake = fakeResponses();
fake[Symbol.for("agent-testkit.responses.acceptSocket")]({ send() {}, close() {} }, { url: "wss://api.openai.com/v1/responses", headers: {} });
console.log("opened");
`);
  expect(run).toEqual({ code: 0, stdout: "opened" });
  expect(Date.now() - started).toBeLessThan(15_000);
}, 30_000);

describe("stream timing at the edges (issue 36's adversarial round)", () => {
  test("a stall of 1e10 ms waits (setTimeout's range is chained), it does not fire at once", async () => {
    const run = await runScript(`
const fake = fakeResponses().reply(turn.message("One two three").timed({ stall: { after: 2, ms: 1e10 } }));
const response = await fake.fetch("https://api.openai.com/v1/responses", { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: JSON.stringify({ model: "gpt-5", input: "x", stream: true }) });
const reader = response.body.getReader();
const decoder = new TextDecoder();
let text = "";
const read = (async () => { for (;;) { const { done, value } = await reader.read(); if (done) return; text += decoder.decode(value); } })();
await new Promise((resolve) => setTimeout(resolve, 300));
const events = (text.match(/^event: /gm) ?? []).length;
console.log(events);
fake.reset(); // ends the stalled stream: the script is not held for 1e10 ms
await read;
`);
    expect(run).toEqual({ code: 0, stdout: "2" });
  });

  test(".delay() takes finite milliseconds ≥ 0; NaN or Infinity is a mistake in the test, told at once", () => {
    // a NaN delay held a background run forever; 1e12 answered in 1 ms
    expect(() => turn.message("x").delay(Number.NaN)).toThrow(
      /\.delay\(ms\) takes a finite number of milliseconds ≥ 0; got null/,
    );
    expect(() => turn.delay(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => turn.message("x").delay(-1)).toThrow(RangeError);
  });
});

test("a background run's stall after its first events is kept (it was dropped)", async () => {
  const fake = fakeResponses({ clock: "manual", background: { queuedMs: 10, runMs: 50 } }).reply(
    turn.message("Later.").timed({ stall: { after: 1, ms: 5_000 } }),
  );
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const { id } = await client.responses.create({ model: "gpt-5", input: "x", background: true });
  await fake.clock.advance(1_000);
  expect((await client.responses.retrieve(id)).status).toBe("in_progress");
  await fake.clock.advance(5_000);
  expect((await client.responses.retrieve(id)).status).toBe("completed");
});
