// `agent-testkit serve`'s server, in process: the control API (sessions, scripts in JSON, rules,
// logs, matchers), the fakes reached per session by path or by header, and what a hostile client
// cannot do to it. The official client is the fakes' client here, unchanged.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { CONTROL_ROUTES } from "../../fixtures/serve/control.js";
import { startServer, type TestkitServer } from "../../fixtures/serve/server.js";
import { MAX_SESSIONS, Sessions } from "../../fixtures/serve/sessions.js";

let server: TestkitServer;
beforeAll(async () => {
  server = await startServer({ strict: true });
});
afterAll(async () => {
  await server.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the control API's answers, read field by field in each test
type Json = any;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${server.url}/_testkit${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

async function session(options: object = {}): Promise<{ id: string; baseURL: string; client: OpenAI }> {
  const { status, json } = await call("POST", "/sessions", options);
  expect(status).toBe(201);
  return { ...json, client: new OpenAI({ apiKey: "test-key", baseURL: json.baseURL, maxRetries: 0 }) };
}

const weather = {
  type: "function" as const,
  name: "get_weather",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  strict: false,
};

describe("the other providers' fakes in a session: Chat Completions and Anthropic Messages", () => {
  test("scripted with turns for the named fake, reached by their own clients, logged and asserted", async () => {
    const a = await session();
    const replied = await call("POST", `/sessions/${a.id}/reply`, {
      fake: "chat",
      turns: [{ functionCall: ["get_weather", { city: "Oslo" }] }, { message: "Cold." }],
    });
    expect(replied).toEqual({ status: 200, json: { pending: 2 } });
    const tools = [{ type: "function" as const, function: { name: "get_weather", parameters: weather.parameters } }];
    const first = await a.client.chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: "?" }],
      tools,
    });
    expect(first.choices[0]?.finish_reason).toBe("tool_calls");
    const logged = await call("GET", `/sessions/${a.id}/requests?fake=chat`);
    expect(logged.json.map((r: Json) => r.route)).toEqual(["chat.completions.create"]);
    const asserted = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toHaveCalledTool",
      fake: "chat",
      args: ["get_weather", { city: "Oslo" }],
    });
    expect(asserted.json).toMatchObject({ pass: true });

    await call("POST", `/sessions/${a.id}/reply`, { fake: "anthropic", turns: [{ message: "From Claude." }] });
    // an Anthropic client's base URL is the session's without /v1: the client adds it
    const claude = new Anthropic({ apiKey: "test-key", baseURL: a.baseURL.replace(/\/v1$/, ""), maxRetries: 0 });
    const message = await claude.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(message.content[0]).toMatchObject({ type: "text", text: "From Claude." });
    expect((await call("GET", `/sessions/${a.id}/requests?fake=anthropic`)).json).toHaveLength(1);
  });

  test("a builder with no meaning on that wire is a 400 naming it; an unknown fake too", async () => {
    const a = await session();
    const refused = await call("POST", `/sessions/${a.id}/reply`, {
      fake: "chat",
      turns: [{ reasoning: ["Hm.", { message: "x" }] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/turn.reasoning, which means nothing on Chat Completions/);
    const unknown = await call("POST", `/sessions/${a.id}/reply`, { fake: "mistral", turns: [{ message: "x" }] });
    expect(unknown).toMatchObject({ status: 400, json: { error: { param: "fake" } } });
  });
});

describe("sessions: each test its own fakes", () => {
  test("a session's script answers its clients; another session's does not reach them", async () => {
    const a = await session();
    const b = await session();
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ message: "For A." }] });
    await call("POST", `/sessions/${b.id}/reply`, { turns: [{ message: "For B." }] });
    const [ra, rb] = await Promise.all([
      a.client.responses.create({ model: "gpt-5", input: "Hi" }),
      b.client.responses.create({ model: "gpt-5", input: "Hi" }),
    ]);
    expect([ra.output_text, rb.output_text]).toEqual(["For A.", "For B."]);
    expect((await call("GET", `/sessions/${a.id}/requests`)).json).toHaveLength(1);
  });

  test("at {url}/v1 with the session header, or the default session with neither", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ message: "By header." }] });
    const byHeader = new OpenAI({
      apiKey: "k",
      baseURL: `${server.url}/v1`,
      defaultHeaders: { "x-testkit-session": a.id },
    });
    expect((await byHeader.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("By header.");
    await call("POST", "/sessions/default/reply", { turns: [{ message: "Default." }] });
    const plain = new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1` });
    expect((await plain.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Default.");
  });

  test("the Agents fake of the session: steps in JSON, sessions of the Agents API", async () => {
    const a = await session();
    const queued = await call("POST", `/sessions/${a.id}/reply`, { steps: [{ message: "Agent here." }] });
    expect(queued.json).toEqual({ pending: 1 });
    const created = await a.client.beta.agents.sessions.create({
      agent: { model: "gpt-6-astra", instructions: "Answer." },
      environment: { type: "openai_hosted" },
      input: "Hi",
    } as unknown as SessionCreateParamsNonStreaming);
    expect(created.status).toBe("idle");
    const log = await call("GET", `/sessions/${a.id}/requests?fake=agents`);
    expect(log.json.length).toBeGreaterThan(0);
  });

  test("reset forgets the script and the logs; delete forgets the session (then a 404)", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ message: "x" }] });
    expect((await call("POST", `/sessions/${a.id}/reset`)).json).toEqual({ ok: true });
    await expect(a.client.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({ status: 400 });
    expect((await call("DELETE", `/sessions/${a.id}`)).json).toEqual({ ok: true, unsaved: [] });
    expect(await call("GET", `/sessions/${a.id}/requests`)).toMatchObject({
      status: 404,
      json: { error: { code: "unknown_session" } },
    });
    await expect(a.client.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({ status: 400 });
  });

  test("a session with its own tools is strict about them", async () => {
    const a = await session({ tools: [weather] });
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ functionCall: ["get_weather", { town: "Oslo" }] }] });
    await expect(a.client.responses.create({ model: "gpt-5", input: "Hi", tools: [weather] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('the scripted call "get_weather"'),
    });
  });

  test("a session's options are read as its documented body: a field of the wrong kind or unknown is a 400", async () => {
    expect(await call("POST", "/sessions", { strict: "yes" })).toMatchObject({
      status: 400,
      json: {
        error: { message: "Invalid type for 'strict': expected a boolean, but got a string instead.", param: "strict" },
      },
    });
    expect(await call("POST", "/sessions", { tools: {} })).toMatchObject({
      status: 400,
      json: { error: { param: "tools" } },
    });
    expect(await call("POST", "/sessions", { sektion: "a" })).toMatchObject({
      status: 400,
      json: { error: { message: "Unknown parameter: 'sektion'.", param: "sektion" } },
    });
    expect(await call("POST", "/sessions", { section: "named", strict: false })).toMatchObject({ status: 201 });
  });
});

describe("turns in JSON", () => {
  test("builders with their arguments, modifiers, nested turns, a keyed selector", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/reply`, {
      selector: { instructions: { regex: "^[Cc][Hh][Ee][Cc][Kk]" } },
      turns: [{ message: "checked" }],
    });
    await call("POST", `/sessions/${a.id}/reply`, {
      turns: [
        { error: [503], times: 2 },
        { functionCall: ["get_weather", { city: "Oslo", next: "not a turn: a call's arguments stay data" }] },
        { reasoning: ["Thinking.", { message: "After thinking." }] },
      ],
    });
    expect(
      (await a.client.responses.create({ model: "gpt-5", input: "x", instructions: "CHECK it" })).output_text,
    ).toBe("checked");
    for (let i = 0; i < 2; i++)
      await expect(a.client.responses.create({ model: "gpt-5", input: "x" })).rejects.toMatchObject({ status: 503 });
    const called = await a.client.responses.create({ model: "gpt-5", input: "x", tools: [weather] });
    expect(called.output[0]).toMatchObject({
      type: "function_call",
      arguments: JSON.stringify({ city: "Oslo", next: "not a turn: a call's arguments stay data" }),
    });
    const reasoned = await a.client.responses.create({ model: "gpt-5", input: "x" });
    expect(reasoned.output.map((item) => item.type)).toEqual(["reasoning", "message"]);
    expect(reasoned.output_text).toBe("After thinking.");
  });

  test.each([
    [{ turns: [] }, "turns", "expected a non-empty array of turns"],
    [{ turns: [{ mesage: "x" }] }, "turns[0]", "no turn builder named (unknown: mesage)"],
    [{ turns: [{ message: "x", funtionCall: [] }] }, "turns[0].funtionCall", "not a modifier"],
    [{ turns: [{ message: "x", functionCall: ["f"] }] }, "turns[0]", "one builder per turn"],
    [{ turns: [{ message: "x", times: 0 }] }, "turns[0].times", ".times(n) takes a whole number"],
    [{ turns: [{ message: "x", always: "yes" }] }, "turns[0].always", "expected true"],
    [{ turns: [{ reasoning: ["x", { nope: 1 }] }] }, "turns[0].reasoning[1]", "no turn builder named"],
    [{ turns: [{ message: "x" }], selector: { agent: 7 } }, "selector.agent", "expected an agent's name"],
    [{ steps: [{ message: "x", timed: { firstEventMs: -5 } }] }, "steps[0].timed", "a stream timing takes"],
  ])("a script that does not parse is a 400 naming where: %j", async (body, param, why) => {
    const a = await session();
    const { status, json } = await call("POST", `/sessions/${a.id}/reply`, body);
    expect(status).toBe(400);
    expect(json.error.message).toContain(why);
    if (param.startsWith("turns") || param.startsWith("steps")) expect(json.error.param).toBe(param);
    else expect(json.error.message.startsWith(param)).toBe(true);
  });
});

describe("rules: a responder for apps whose request order is not fixed", () => {
  test("the rule that fits answers, in order, its last turn standing; none fitting is a 400 naming the rules", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/rules`, {
      rules: [
        { input: "weather", turns: [{ message: "Sunny." }, { message: "Still sunny." }] },
        { instructions: { regex: "^You are a poet" }, turns: [{ message: "Roses." }] },
      ],
    });
    const ask = (input: string, instructions?: string) =>
      a.client.responses.create({ model: "gpt-5", input, ...(instructions ? { instructions } : {}) });
    expect((await ask("a poem", "You are a poet.")).output_text).toBe("Roses.");
    expect((await ask("the weather in Oslo?")).output_text).toBe("Sunny.");
    expect((await ask("weather again?")).output_text).toBe("Still sunny.");
    expect((await ask("weather, third time")).output_text).toBe("Still sunny.");
    await expect(ask("something else")).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("no rule fits this request"),
    });
  });

  test("rules for the Chat Completions and Anthropic fakes: each wire's user text, system prompt and tools", async () => {
    const a = await session();
    const chatRules = await call("POST", `/sessions/${a.id}/rules`, {
      fake: "chat",
      rules: [
        { instructions: "terse", input: "weather", tools: ["get_weather"], turns: [{ message: "Sunny, tersely." }] },
        { input: { regex: "^hello" }, turns: [{ message: "Hi from Chat." }] },
      ],
    });
    expect(chatRules.status).toBe(200);
    const chatTools = [
      { type: "function" as const, function: { name: "get_weather", parameters: weather.parameters } },
    ];
    const chat = (messages: OpenAI.Chat.ChatCompletionMessageParam[], tools?: typeof chatTools) =>
      a.client.chat.completions.create({ model: "gpt-5", messages, ...(tools ? { tools } : {}) });
    const terse = await chat(
      [
        { role: "developer", content: "Be terse." },
        { role: "user", content: "The weather in Oslo?" },
      ],
      chatTools,
    );
    expect(terse.choices[0]?.message.content).toBe("Sunny, tersely.");
    expect(
      (await chat([{ role: "user", content: [{ type: "text", text: "hello there" }] }])).choices[0]?.message.content,
    ).toBe("Hi from Chat.");
    await expect(chat([{ role: "user", content: "nothing fits" }])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("no rule fits this request"),
    });

    await call("POST", `/sessions/${a.id}/rules`, {
      fake: "anthropic",
      rules: [
        { instructions: "pirate", input: "weather", tools: ["get_weather"], turns: [{ message: "Arr, sunny." }] },
      ],
    });
    const claude = new Anthropic({ apiKey: "test-key", baseURL: a.baseURL.replace(/\/v1$/, ""), maxRetries: 0 });
    const message = await claude.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      system: [{ type: "text", text: "You are a pirate." }],
      tools: [{ name: "get_weather", input_schema: { type: "object", properties: { city: { type: "string" } } } }],
      messages: [{ role: "user", content: [{ type: "text", text: "What is the weather?" }] }],
    });
    expect(message.content[0]).toMatchObject({ type: "text", text: "Arr, sunny." });
  });

  test("rules for a wire whose turns mean nothing there, or for an unknown fake: a 400 naming it", async () => {
    const a = await session();
    const refused = await call("POST", `/sessions/${a.id}/rules`, {
      fake: "chat",
      rules: [{ input: "x", turns: [{ reasoning: ["Hm.", { message: "x" }] }] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/turn.reasoning, which means nothing on Chat Completions/);
    const unknown = await call("POST", `/sessions/${a.id}/rules`, {
      fake: "mistral",
      rules: [{ input: "x", turns: [{ message: "x" }] }],
    });
    expect(unknown).toMatchObject({ status: 400, json: { error: { param: "fake" } } });
  });

  test("rules that do not parse: a 400 naming the field", async () => {
    const a = await session();
    expect(
      (await call("POST", `/sessions/${a.id}/rules`, { rules: [{ input: 3, turns: [{ message: "x" }] }] })).json,
    ).toMatchObject({ error: { param: "rules[0].input" } });
    expect((await call("POST", `/sessions/${a.id}/rules`, { rules: [{ input: "x" }] })).json).toMatchObject({
      error: { param: "rules[0].turns" },
    });
  });
});

describe("expect: the matchers, for suites in other languages", () => {
  test("a matcher on the session's fake: pass and the message the runners print", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ functionCall: ["get_weather", { city: "Oslo" }] }] });
    await a.client.responses.create({ model: "gpt-5", input: "Weather?", tools: [weather] });
    const passed = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toHaveCalledTool",
      args: ["get_weather", { city: "Oslo" }],
    });
    expect(passed.json.pass).toBe(true);
    const failed = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toHaveCalledTool",
      args: ["get_weather", { city: "Paris" }],
    });
    expect(failed.json.pass).toBe(false);
    expect(failed.json.message).toContain('Expected: a call to "get_weather" with {"city":"Paris"}');
    const negated = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toHaveCalledTool",
      args: ["get_weather", { city: "Paris" }],
      not: true,
    });
    expect(negated.json.pass).toBe(true);
    expect(negated.json.message).toContain("expect(received).not.toHaveCalledTool");
  });

  test("a trajectory over HTTP: toMatchTrajectory on the session's fake or on a history given; toHaveCalledToolBefore", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/reply`, {
      turns: [{ functionCall: ["get_weather", { city: "Oslo" }] }, { functionCall: ["get_weather", { city: "Rome" }] }],
    });
    await a.client.responses.create({ model: "gpt-5", input: "Oslo?", tools: [weather] });
    await a.client.responses.create({ model: "gpt-5", input: "Rome?", tools: [weather] });
    const path = [
      { tool: "get_weather", args: { city: "Oslo" } },
      { tool: "get_weather", args: { city: "Rome" } },
    ];
    const strict = await call("POST", `/sessions/${a.id}/expect`, { matcher: "toMatchTrajectory", args: [path] });
    expect(strict.json.pass).toBe(true);
    const reversed = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toMatchTrajectory",
      args: [[...path].reverse()],
    });
    expect(reversed.json).toMatchObject({
      pass: false,
      message: expect.stringContaining("The run left the path at step 1"),
    });
    const unordered = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toMatchTrajectory",
      args: [[...path].reverse(), { order: "unordered" }],
    });
    expect(unordered.json.pass).toBe(true);
    const given = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toMatchTrajectory",
      received: [{ type: "function_call", call_id: "c1", name: "lookup", arguments: "{}", status: "completed" }],
      args: [["lookup"]],
    });
    expect(given.json.pass).toBe(true);
    const before = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toHaveCalledToolBefore",
      args: [path[0], path[1]],
    });
    expect(before.json.pass).toBe(true);
  });

  test("the gate on a logged call: toBeReplayable on the value given", async () => {
    const a = await session();
    const item = {
      type: "function_call",
      call_id: "c1",
      name: "get_weather",
      arguments: '{"town":"Oslo"}',
      status: "completed",
    };
    const { json } = await call("POST", `/sessions/${a.id}/expect`, {
      matcher: "toBeReplayable",
      received: item,
      args: [[weather]],
    });
    expect(json.pass).toBe(false);
    expect(json.message).toContain("schema");
  });

  test("a matcher it does not serve, bad arguments, a value of the wrong kind: 400s", async () => {
    const a = await session();
    expect((await call("POST", `/sessions/${a.id}/expect`, { matcher: "toEqual" })).json.error.param).toBe("matcher");
    expect((await call("POST", `/sessions/${a.id}/expect`, { matcher: "toHaveCalledTool", args: "x" })).status).toBe(
      400,
    );
    const wrong = await call("POST", `/sessions/${a.id}/expect`, { matcher: "toHaveAgentCalledTool", args: [7, "f"] });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toContain("Matcher error");
  });
});

describe("the control API itself", () => {
  test("health and its OpenAPI document, which names every route and body of the table", async () => {
    expect((await call("GET", "/health")).json).toMatchObject({ ok: true });
    const { json: doc } = await call("GET", "/openapi.json");
    expect(doc.openapi).toBe("3.1.0");
    for (const route of CONTROL_ROUTES) {
      const operation = doc.paths[`/_testkit${route.path}`]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      // the document is the table's: a route's body is its request body, and nothing else is
      expect(operation.requestBody?.content["application/json"].schema).toEqual(route.body);
    }
    expect(CONTROL_ROUTES.filter((route) => route.body).map((route) => `${route.method} ${route.path}`)).toEqual([
      "POST /sessions",
      "POST /sessions/{id}/reply",
      "POST /sessions/{id}/rules",
      "POST /sessions/{id}/expect",
    ]);
  });

  test("an unknown path is a 404, a wrong method a 405 naming what the path takes, broken JSON a 400", async () => {
    expect(await call("GET", "/nothing")).toMatchObject({ status: 404 });
    expect(await call("GET", "/sessions")).toMatchObject({
      status: 405,
      json: { error: { message: expect.stringContaining("it takes POST") } },
    });
    expect(await call("POST", "/sessions", "{not json")).toMatchObject({
      status: 400,
      json: { error: { code: "invalid_json" } },
    });
    const stray = await fetch(`${server.url}/elsewhere`);
    expect(stray.status).toBe(400);
    expect(await stray.text()).toContain("is no fake's path");
  });

  test("a base URL handed out is the one the client reached the server by", async () => {
    // fetch sets Host itself: a raw request, as one from another container arrives
    const { port } = new URL(server.url);
    const baseUrlFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest({
          host: "127.0.0.1",
          port,
          path: "/_testkit/sessions",
          method: "POST",
          headers: { host },
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve(JSON.parse(text).baseURL));
        });
        req.on("error", reject);
        req.end();
      });
    expect(await baseUrlFor("fakes:8080")).toMatch(/^http:\/\/fakes:8080\/s\/[^/]+\/v1$/);
    // a Host that is no plain host and port is not echoed: the server's own origin instead
    expect((await baseUrlFor("evil.example/<script>")).startsWith(`${server.url}/s/`)).toBe(true);
  });

  test(`a flood of sessions is bounded (${MAX_SESSIONS}): the next is a 429, room again once one ends`, async () => {
    const sessions = new Sessions({ strict: true });
    for (let i = 0; i < MAX_SESSIONS; i++) sessions.create();
    expect(() => sessions.create()).toThrow(expect.objectContaining({ status: 429 }));
    await sessions.end(sessions.all()[0]!.id);
    expect(() => sessions.create()).not.toThrow();
  });
});

describe("WebSocket mode and where it listens", () => {
  test("response.create over a session's WebSocket", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ message: "Over the socket." }] });
    const socket = new WebSocket(`${a.baseURL.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: "Bearer k" },
    });
    const text = await new Promise<string>((resolve, reject) => {
      socket.on("open", () => socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Hi" })));
      socket.on("message", (data) => {
        const event = JSON.parse(String(data));
        if (event.type === "response.completed") resolve(event.response.output[0].content[0].text);
      });
      socket.on("error", reject);
    });
    socket.close();
    expect(text).toBe("Over the socket.");
  });

  test("fake.listen({ port, host }) binds where it is told", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const fake = fakeResponses().reply();
    const listening = await fake.listen({ port, host: "0.0.0.0" });
    try {
      expect(listening.url).toBe(`http://0.0.0.0:${port}/v1`);
      const health = await fetch(`http://127.0.0.1:${port}/v1/responses/resp_none`, {
        headers: { authorization: "Bearer k" },
      });
      expect(health.status).toBe(404);
    } finally {
      await listening.close();
    }
    await expect(fake.listen({ port: 70000 })).rejects.toThrow(RangeError);
  });
});

describe("--cassette-dir: a section per session, recorded and replayed", () => {
  test("recorded from the upstream under AGENT_TESTKIT_RECORD=new, replayed by a new server with no script", async () => {
    const dir = mkdtempSync(join(tmpdir(), "serve-cassettes-"));
    const upstream = fakeResponses().reply(turn.message("Recorded upstream."));
    const upstreamServer = await upstream.listen();
    try {
      vi.stubEnv("AGENT_TESTKIT_RECORD", "new");
      vi.stubEnv("AGENT_TESTKIT_UPSTREAM", upstreamServer.url);
      vi.stubEnv("OPENAI_API_KEY", "sk-upstream");
      const recorder = await startServer({ strict: true, cassetteDir: dir });
      const made = await (
        await fetch(`${recorder.url}/_testkit/sessions`, { method: "POST", body: '{"section":"weather"}' })
      ).json();
      const client = new OpenAI({ apiKey: "test-key", baseURL: made.baseURL, maxRetries: 0 });
      expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Recorded upstream.");
      expect(await recorder.close()).toEqual([]);
      const saved = readFileSync(join(dir, "responses.jsonl"), "utf8");
      expect(saved).toContain('"weather"');
      expect(saved).not.toContain("sk-upstream");

      vi.stubEnv("AGENT_TESTKIT_RECORD", "replay");
      const replayer = await startServer({ strict: true, cassetteDir: dir });
      const again = await (
        await fetch(`${replayer.url}/_testkit/sessions`, { method: "POST", body: '{"section":"weather"}' })
      ).json();
      const replayed = new OpenAI({ apiKey: "test-key", baseURL: again.baseURL, maxRetries: 0 });
      expect((await replayed.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Recorded upstream.");
      expect(upstream.requests).toHaveLength(1); // the replay never reached it
      await replayer.close();
    } finally {
      vi.unstubAllEnvs();
      await upstreamServer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a hostile client never stops the server", () => {
  test("a pattern that would backtrack for ever runs in linear time; one that needs backtracking is refused", async () => {
    const a = await session();
    await call("POST", `/sessions/${a.id}/rules`, {
      rules: [{ input: { regex: "^(a+)+$" }, turns: [{ message: "x" }] }],
    });
    // on a backtracking engine this input takes longer than any test runs: here, a refusal at once
    await expect(a.client.responses.create({ model: "gpt-5", input: `${"a".repeat(5000)}!` })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("no rule fits"),
    });
    for (const regex of ["(a)\\1", "(?=a)"]) {
      const refused = await call("POST", `/sessions/${a.id}/rules`, {
        rules: [{ input: { regex }, turns: [{ message: "x" }] }],
      });
      expect(refused.json.error.param).toBe("rules[0].input.regex");
    }
    const flagged = await call("POST", `/sessions/${a.id}/reply`, {
      selector: { input: { regex: "x", flags: "i" } },
      turns: [{ message: "x" }],
    });
    expect(flagged.json.error.param).toBe("selector.input.flags");
  });

  test("deep turns, a huge body, broken escapes, a flood of requests: refusals, and the server still answers", async () => {
    const depth = 10_000;
    const deep = `{"turns":[${'{"reasoning":["x",'.repeat(depth)}{"message":"bottom"}${"]}".repeat(depth)}]}`;
    const a = await session();
    const nested = await call("POST", `/sessions/${a.id}/reply`, deep);
    expect(nested).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringContaining("nests deeper than 100 levels (at turns[0].reasoning") } },
    });
    const huge = await call(
      "POST",
      `/sessions/${a.id}/reply`,
      `{"turns":[{"message":"${"x".repeat(5 * 1024 * 1024)}"}]}`,
    );
    expect(huge.status).toBe(413);
    expect((await call("POST", "/sessions/%ZZ/reset")).status).toBe(404);
    expect((await fetch(`${server.url}/s/%ZZ/v1/responses`, { method: "POST" })).status).toBe(400);
    const flood = await Promise.all(Array.from({ length: 200 }, () => call("POST", "/sessions", "[1,2")));
    expect(new Set(flood.map((r) => r.status))).toEqual(new Set([400]));
    expect((await call("GET", "/health")).json).toMatchObject({ ok: true });
  });
});
