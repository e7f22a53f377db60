// Memory a fake holds after `reset()`, against a new fake's, in a process run with --expose-gc:
// the heap with a fake that served N requests, had its log read (its copies made) and was reset,
// against the heap with a new fake instead. Prints JSON. Used by `npm run bench`
// (bench/reset-memory.mjs) and test/hostile/memory.test.ts.
import { fakeAgents, fakeAnthropic, fakeChatCompletions, fakeResponses, turn } from "../../dist/msw.js";

const count = Number(process.argv[2] ?? 50_000);
const KINDS = ["responses", "agents", "chat", "anthropic"];
const kind = KINDS.includes(process.argv[3]) ? process.argv[3] : "responses";
const headers = { authorization: "Bearer k", "content-type": "application/json" };
const responsesBody = JSON.stringify({
  model: "gpt-5",
  input: [{ role: "user", content: `What is the status of order A-1042? ${"x".repeat(200)}` }],
  tools: [{ type: "function", name: "lookup_order", parameters: { type: "object", properties: {} } }],
});
const sessionBody = JSON.stringify({ agent: { model: "gpt-6-astra" }, environment: { type: "none" }, input: "Hi" });
const question = `What is the status of order A-1042? ${"x".repeat(200)}`;
const chatBody = JSON.stringify({ model: "gpt-5", messages: [{ role: "user", content: question }] });
const anthropicBody = JSON.stringify({
  model: "claude-sonnet-4-5",
  max_tokens: 64,
  messages: [{ role: "user", content: question }],
});

function heap() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/** The fakes of each round, kept alive: what they hold after reset() is what is measured. */
const kept = [];
const make = () =>
  kind === "responses"
    ? fakeResponses().respond(() => turn.message("Paid."))
    : kind === "chat"
      ? fakeChatCompletions().respond(() => turn.message("Paid."))
      : kind === "anthropic"
        ? fakeAnthropic().respond(() => turn.message("Paid."))
        : fakeAgents();
const ROUTES = {
  responses: ["https://api.openai.com/v1/responses", responsesBody],
  agents: ["https://api.openai.com/v1/agents/sessions", sessionBody],
  chat: ["https://api.openai.com/v1/chat/completions", chatBody],
  anthropic: ["https://api.anthropic.com/v1/messages", anthropicBody],
};
const claudeHeaders = { "x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": "application/json" };
async function load(fake, n) {
  const [url, body] = ROUTES[kind];
  for (let i = 0; i < n; i++) {
    const r = await fake.fetch(url, { method: "POST", headers: kind === "anthropic" ? claudeHeaders : headers, body });
    await r.text();
  }
  return fake.requests.length;
}

// A first round, thrown away and small: what the process keeps of any round (compiled code, its
// caches) is then in both measures, and what a reset fake holds is what the measured round adds —
// module-level state sized by the measured round's count (a table of every entry ever logged)
// included, which a warm-up as large as the round would hide.
await round(Math.min(count, 1_000));
let fresh = make();
const withNew = heap();
fresh = undefined;
const { served, loaded } = await round();
const afterReset = heap();
process.stdout.write(
  `${JSON.stringify({ kind, count: served, withNew, loaded, afterReset, ratio: afterReset / withNew, fresh })}\n`,
);

/** A fake serves `count` requests, its log is read, it is reset; the fake is kept. */
async function round(n = count) {
  const fake = make();
  const served = await load(fake, n);
  const loaded = heap();
  fake.reset();
  kept.push(fake);
  return { served, loaded };
}
