// The fakes against minimal hand-written mocks, measured in the same run with the official client:
// - Responses: 1,000 sequential responses.create through fake.handlers (vs a minimal MSW handler
//   returning a static body), fake.fetch (vs a client fetch returning that body directly), and
//   fake.listen() (reported);
// - Agents: 100 concurrent sessions, each a two-call turn through the SDK's session runner, on the
//   fake (vs a minimal hand-written handler sequence serving canned events).

import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { agentStep, fakeAgents, fakeResponses, turn } from "../dist/msw.js";

const BASE = "https://api.openai.com/v1";

function staticResponse() {
  return {
    id: "resp_static",
    object: "response",
    created_at: 1,
    completed_at: 2,
    status: "completed",
    incomplete_details: null,
    model: "gpt-5",
    previous_response_id: null,
    instructions: null,
    error: null,
    tools: [],
    tool_choice: "auto",
    truncation: "disabled",
    parallel_tool_calls: true,
    text: { format: { type: "text" } },
    top_p: 1,
    presence_penalty: 0,
    frequency_penalty: 0,
    top_logprobs: 0,
    temperature: 1,
    reasoning: null,
    usage: {
      input_tokens: 1,
      output_tokens: 1,
      total_tokens: 2,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
    max_output_tokens: null,
    max_tool_calls: null,
    store: true,
    background: false,
    service_tier: "default",
    metadata: {},
    safety_identifier: null,
    prompt_cache_key: null,
    output: [
      {
        type: "message",
        id: "msg_static",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "hi", annotations: [] }],
      },
    ],
  };
}

async function sequential(client, count) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const r = await client.responses.create({ model: "gpt-5", input: "hello" });
    if (r.output_text !== "hi") throw new Error(`unexpected answer ${r.output_text}`);
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / count;
}

/** Medians of `rounds` paired ratios a/b, the pair's order alternating, and each side's best time per call. */
async function pairedPerCall(rounds, count, a, b) {
  await a(Math.min(100, count)); // warm up
  await b(Math.min(100, count));
  const ratios = [];
  const best = { a: Infinity, b: Infinity };
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0 ? "a" : "b";
    const times = {};
    for (const side of first === "a" ? ["a", "b"] : ["b", "a"]) times[side] = await (side === "a" ? a : b)(count);
    best.a = Math.min(best.a, times.a);
    best.b = Math.min(best.b, times.b);
    ratios.push(times.a / times.b);
  }
  return { ratio: [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)], a: best.a, b: best.b };
}

export async function benchResponsesFake({ count = 1000, rounds = 7 } = {}) {
  const server = setupServer();
  server.listen({ onUnhandledRequest: "error", onUnhandledFrame: "error" });
  const body = JSON.stringify(staticResponse());
  const mswClient = new OpenAI({ apiKey: "k", maxRetries: 0 });
  const minimalHandler = http.post(`${BASE}/responses`, () => HttpResponse.json(JSON.parse(body)));
  const fake = fakeResponses();
  fake.respond(() => turn.message("hi"));
  // each side installs its own handlers, so that the pair can alternate
  const through = (handlers) => async (n) => {
    server.resetHandlers(...handlers);
    fake.reset();
    fake.respond(() => turn.message("hi"));
    return sequential(mswClient, n);
  };
  let listening;
  let closed = false;
  try {
    const msw = await pairedPerCall(rounds, count, through(fake.handlers), through([minimalHandler]));
    server.close(); // the loopback server below must be reached for real
    closed = true;
    const staticFetch = async () =>
      new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    const direct = new OpenAI({ apiKey: "k", fetch: staticFetch });
    const viaFetch = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    const fetch = await pairedPerCall(
      rounds,
      count,
      async (n) => {
        fake.reset();
        fake.respond(() => turn.message("hi"));
        return sequential(viaFetch, n);
      },
      (n) => sequential(direct, n),
    );
    fake.reset();
    fake.respond(() => turn.message("hi"));
    listening = await fake.listen();
    const viaHttp = new OpenAI({ apiKey: "k", baseURL: listening.url, maxRetries: 0 });
    const loopback = await pairedPerCall(
      3,
      count,
      (n) => sequential(viaHttp, n),
      (n) => sequential(direct, n),
    );
    const ms = (v) => +v.toFixed(3);
    return {
      name: `Responses fake: ${count} sequential responses.create (ratios: medians of ${rounds} paired rounds, order alternating; ms per call: best)`,
      msPerCall: {
        "minimal MSW handler": ms(msw.b),
        "fake.handlers": ms(msw.a),
        "static client fetch": ms(fetch.b),
        "fake.fetch": ms(fetch.a),
        "fake.listen()": ms(loopback.a),
      },
      ratios: [
        { name: "fake.handlers / minimal MSW handler", value: msw.ratio, target: 1.2 },
        { name: "fake.fetch / static client fetch", value: fetch.ratio, target: 2 },
        { name: "fake.listen() / static client fetch", value: loopback.ratio },
        { name: "minimal MSW handler / fake.fetch", value: msw.b / fetch.a },
      ],
    };
  } finally {
    await listening?.close();
    if (!closed) server.close();
  }
}

// ---- Agents -------------------------------------------------------------------------------------

const tools = [
  {
    type: "function",
    name: "lookup_order",
    description: "Look up an order.",
    parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
  },
];

/**
 * Runs `sessions` concurrent turns through the SDK runner; checks that none crossed. Each turn
 * first asks to open an origin (answered by the app with an approval, as the runner has no
 * handler for approvals), then makes two function calls (answered by the runner's handlers).
 */
async function concurrentTurns(client, sessions) {
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: sessions }, async (_, n) => {
      const session = await client.beta.agents.sessions.create({
        agent: { model: "m", tools },
        environment: { type: "openai_hosted" },
      });
      const seen = [];
      const stream = client.beta.agents.sessions.stream(session.id, {
        input: `session ${n}`,
        toolHandlers: { lookup_order: async ({ order_id }) => (seen.push(order_id), `order ${order_id}`) },
      });
      let text = "";
      let approvals = 0;
      for await (const event of stream) {
        if (event.type === "agent.session.turn.output_text.delta") text += event.delta;
        if (event.type !== "agent.session.requires_action") continue;
        for (const action of event.session.required_actions) {
          if (action.type !== "computer_use_approval_request") continue;
          approvals++;
          await client.beta.agents.sessions.events.create(session.id, {
            events: [
              {
                type: "agent.session.input.computer_use_approval_request_result",
                request_id: action.request_id,
                response: { type: "browser_origin_access", decision: "approve" },
              },
            ],
          });
        }
      }
      if (text !== `done ${session.id}`) throw new Error(`session ${session.id} got another's answer: ${text}`);
      if (approvals !== 1) throw new Error(`session ${session.id} saw ${approvals} approval requests`);
      if (seen.length !== 2 || !seen.every((id) => id.startsWith(session.id)))
        throw new Error(`session ${session.id} ran another's calls: ${seen}`);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * The minimal hand-written mock: the same wire traffic as the fake (the same events, with the same
 * session bodies), canned per session, with no logic. The ratio is the fake's own overhead, not
 * the cost of the protocol, which both pay.
 */
function minimalAgentsFetch() {
  const encoder = new TextEncoder();
  const state = new Map();
  let counter = 0;
  const json = (value) =>
    new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
  const agent = {
    id: "agent_1",
    model: "m",
    instructions: null,
    multi_agent: { enabled: false, max_concurrent_subagents: null },
    name: null,
    reasoning: { effort: "medium", summary: "auto" },
    service_tier: "auto",
    text: { format: { type: "text" }, verbosity: "medium" },
    tools: tools.map((t) => ({ ...t, defer_loading: false })),
  };
  const sessionBody = (id, status, required_actions = []) => ({
    id,
    object: "agent.session",
    agent,
    created_at: 1,
    environment: { type: "none" },
    error: null,
    last_active_at: 1,
    metadata: {},
    required_actions,
    status,
    usage: null,
    vault_ids: [],
  });
  const sse = (s, events) => {
    for (const event of events)
      s.controller.enqueue(
        encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify({ event_id: `evt_${counter++}`, ...event })}\n\n`),
      );
  };
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace("/v1/agents/sessions", "");
    const [, id, sub] = path.split("/");
    if (!id && request.method === "POST") {
      const sid = `sess_${counter++}`;
      state.set(sid, { results: 0 });
      return json(sessionBody(sid, "idle"));
    }
    const s = state.get(id);
    if (!sub) return json(sessionBody(id, "idle"));
    if (request.method === "GET") {
      const stream = new ReadableStream({
        start: (controller) => {
          s.controller = controller;
          controller.enqueue(encoder.encode(": ok\n\n"));
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    }
    const { events } = await request.json();
    const turnId = `turn_${id}`;
    const turnObj = (status) => ({
      id: turnId,
      object: "agent.session.turn",
      agent_id: "agent_1",
      session_id: id,
      created_at: 1,
      started_at: 1,
      completed_at: null,
      error: null,
      status,
      subagent_id: null,
      usage: null,
    });
    // An output item is added then done; what the app sends back (a call's output) is only added.
    const itemEvents = (item, index) => [
      { type: "agent.session.turn.item.added", session_id: id, turn_id: turnId, output_index: index, item },
      ...(item.type === "function_call_output"
        ? []
        : [{ type: "agent.session.turn.item.done", session_id: id, turn_id: turnId, output_index: index, item }]),
    ];
    if (events[0].type === "agent.session.input.message") {
      const approval = {
        type: "computer_use_approval_request",
        request_id: `cuareq_${id}`,
        turn_id: turnId,
        request: { type: "browser_origin_access", origin: "https://shop.example.com", reason: null },
      };
      sse(s, [
        { type: "agent.session.in_progress", session: sessionBody(id, "in_progress") },
        { type: "agent.session.turn.created", session_id: id, turn_id: turnId, turn: turnObj("in_progress") },
        { type: "agent.session.turn.in_progress", session_id: id, turn_id: turnId, turn: turnObj("in_progress") },
        { type: "agent.session.requires_action", session: sessionBody(id, "requires_action", [approval]) },
      ]);
    } else if (events[0].type === "agent.session.input.computer_use_approval_request_result") {
      const calls = [1, 2].map((k) => ({
        type: "function_call",
        turn_id: turnId,
        call_id: `call_${id}_${k}`,
        name: "lookup_order",
        arguments: { order_id: `${id}-${k}` },
      }));
      sse(s, [
        { type: "agent.session.in_progress", session: sessionBody(id, "in_progress") },
        ...calls.flatMap((call, k) => itemEvents({ id: `fc_${id}_${k}`, ...call, status: "completed" }, k)),
        { type: "agent.session.requires_action", session: sessionBody(id, "requires_action", calls) },
      ]);
    } else {
      const result = events[0];
      sse(
        s,
        itemEvents(
          {
            id: `fco_${id}_${s.results}`,
            type: "function_call_output",
            call_id: result.call_id,
            turn_id: turnId,
            output: result.output,
            error: null,
            status: "completed",
          },
          2 + s.results,
        ),
      );
      if (++s.results === 2) {
        const text = `done ${id}`;
        const usage = {
          input_tokens: 10,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 4,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 14,
        };
        const third = Math.ceil(text.length / 3);
        const base = { id: `msg_${id}`, type: "message", role: "assistant", phase: "final_answer", turn_id: turnId };
        const at = { session_id: id, turn_id: turnId, item_id: base.id, output_index: 4, content_index: 0 };
        sse(s, [
          { type: "agent.session.in_progress", session: sessionBody(id, "in_progress") },
          {
            type: "agent.session.turn.item.added",
            session_id: id,
            turn_id: turnId,
            output_index: 4,
            item: { ...base, status: "in_progress", content: [] },
          },
          { type: "agent.session.turn.content_part.added", ...at, part: { type: "output_text", text: "" } },
          ...[0, 1, 2].map((k) => ({
            type: "agent.session.turn.output_text.delta",
            ...at,
            delta: text.slice(k * third, (k + 1) * third),
          })),
          { type: "agent.session.turn.output_text.done", ...at, text },
          { type: "agent.session.turn.content_part.done", ...at, part: { type: "output_text", text } },
          {
            type: "agent.session.turn.item.done",
            session_id: id,
            turn_id: turnId,
            output_index: 4,
            item: { ...base, status: "completed", content: [{ type: "output_text", text }] },
          },
          {
            type: "agent.session.turn.completed",
            session_id: id,
            turn_id: turnId,
            turn: { ...turnObj("completed"), completed_at: 2, usage },
            usage,
          },
          { type: "agent.session.idle", session: sessionBody(id, "idle") },
        ]);
        s.controller.close();
      }
    }
    return json({ object: "agent.session.events", accepted: 1, duplicate: false });
  };
}

export async function benchAgentsFake({ sessions = 100, runs = 7 } = {}) {
  const fake = fakeAgents();
  // Each session's own answer and calls: a crossed wire would show up in concurrentTurns' checks.
  const responder = ({ session, items, decision }) =>
    !decision
      ? agentStep.originAccess("https://shop.example.com")
      : items.some((i) => i.type === "function_call_output")
        ? agentStep.message(`done ${session.id}`)
        : agentStep.parallelCalls([
            ["lookup_order", { order_id: `${session.id}-1` }],
            ["lookup_order", { order_id: `${session.id}-2` }],
          ]);
  const fakeClient = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const minimalClient = new OpenAI({ apiKey: "k", fetch: minimalAgentsFetch(), maxRetries: 0 });
  let fakeMs = Infinity;
  let minimalMs = Infinity;
  // warm both up, then interleave the runs so that both see the same machine
  await concurrentTurns(minimalClient, sessions);
  fake.reset();
  fake.respond(responder);
  await concurrentTurns(fakeClient, sessions);
  for (let i = 0; i < runs; i++) {
    minimalMs = Math.min(minimalMs, await concurrentTurns(minimalClient, sessions));
    fake.reset();
    fake.respond(responder);
    fakeMs = Math.min(fakeMs, await concurrentTurns(fakeClient, sessions));
  }
  const toolResults = fake.toolResults.length;
  if (toolResults !== sessions * 2) throw new Error(`expected ${sessions * 2} tool results, got ${toolResults}`);
  if (fake.approvals.length !== sessions)
    throw new Error(`expected ${sessions} approvals, got ${fake.approvals.length}`);
  return {
    name: `Agents fake: ${sessions} concurrent sessions, a turn each through the SDK runner: an origin-access approval, then two calls (best of ${runs})`,
    msPerTurn: {
      "minimal hand-written handlers (same events, canned)": +(minimalMs / sessions).toFixed(3),
      fake: +(fakeMs / sessions).toFixed(3),
    },
    allFinished: true,
    crossedState: false,
    ratios: [{ name: "fake / minimal hand-written handlers (per turn)", value: fakeMs / minimalMs, target: 1.5 }],
  };
}
