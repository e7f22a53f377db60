// Issue 52 (9, 10, 11): serve as a suite in another language meets it — the advice it gives is the
// JSON that suite sends, and every matcher the runners have is there over HTTP. Plain HTTP and the
// official clients, as a Python or Go suite drives them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, test, vi } from "vitest";
import { SERVED_MATCHERS } from "../../fixtures/serve/expect.js";
import { startServer } from "../../fixtures/serve/server.js";
import { agentMatchers } from "../../matchers/index.js";
import { useServer } from "./testServer.js";

const { call } = useServer();

describe("10. the advice is the JSON a client sends", () => {
  test("nothing queued for Chat Completions: the reply to send, and the fake that does have turns", async () => {
    const { json: made } = await call("POST", "/sessions", {});
    await call("POST", `/sessions/${made.id}/reply`, { turns: [{ message: "Meant for chat." }] });
    const client = new OpenAI({ apiKey: "test-key", baseURL: made.baseURL, maxRetries: 0 });
    const refused = await client.chat.completions
      .create({ model: "gpt-5", messages: [{ role: "user", content: "Hi" }] })
      .then(
        () => undefined,
        (error: Error) => error.message,
      );
    expect(refused).toContain(`POST /_testkit/sessions/${made.id}/reply {"turns":[{"message":"…"}],"fake":"chat"}`);
    expect(refused).toContain("Turns are queued for the responses fake (1)");
    expect(refused).not.toContain("fake.reply(turn.message");
  });

  test("Anthropic: a scripted call that fits no tool names the JSON for a deliberately invalid one", async () => {
    const { json: made } = await call("POST", "/sessions", {});
    await call("POST", `/sessions/${made.id}/reply`, {
      fake: "anthropic",
      turns: [{ functionCall: ["get_weather", { town: "Oslo" }] }],
    });
    const client = new Anthropic({ apiKey: "test-key", baseURL: made.baseURL.replace(/\/v1$/, ""), maxRetries: 0 });
    const refused = await client.messages
      .create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "Weather?" }],
        tools: [
          {
            name: "get_weather",
            input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
          },
        ],
      })
      .then(
        () => undefined,
        (error: { error?: { error?: { message?: string } } }) => error.error?.error?.message,
      );
    expect(refused).toContain('{"turns":[{"invalidCall":[name, arguments]}], "fake": "anthropic"}');
    expect(refused).not.toContain("turn.invalidCall");
  });
});

test("10. Anthropic structured outputs: an answer that does not fit names the JSON for a deliberately invalid one", async () => {
  const { json: made } = await call("POST", "/sessions", {});
  await call("POST", `/sessions/${made.id}/reply`, { fake: "anthropic", turns: [{ message: "not json" }] });
  const client = new Anthropic({ apiKey: "test-key", baseURL: made.baseURL.replace(/\/v1$/, ""), maxRetries: 0 });
  const refused = await client.messages
    .create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "A number?" }],
      output_config: {
        format: { type: "json_schema", schema: { type: "object", properties: { n: { type: "integer" } } } },
      },
    })
    .then(
      () => undefined,
      (error: { error?: { error?: { message?: string } } }) => error.error?.error?.message,
    );
  expect(refused).toContain("does not fit the request's output_config.format json_schema: it is not JSON");
  expect(refused).toContain('{"turns":[{"invalidJson":[value]}], "fake": "anthropic"}');
  expect(refused).not.toContain("turn.invalidJson");
});

describe("10. … and on the Agents fake, whose refusals end a turn (not an HTTP error)", () => {
  test("nothing queued: the failed session says which steps to send, and which fake has turns", async () => {
    const { json: made } = await call("POST", "/sessions", {});
    await call("POST", `/sessions/${made.id}/reply`, { turns: [{ message: "Meant for the agent." }] });
    const client = new OpenAI({ apiKey: "test-key", baseURL: made.baseURL, maxRetries: 0 });
    const created = await client.beta.agents.sessions.create({
      agent: { model: "gpt-6-astra", instructions: "Answer." },
      environment: { type: "openai_hosted" },
      input: "Hi",
    } as never);
    const failed = created as unknown as { status: string; error: string };
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain(`POST /_testkit/sessions/${made.id}/reply {"steps":[{"message":"…"}]}`);
    expect(failed.error).toContain("Turns are queued for the responses fake (1)");
    expect(failed.error).not.toContain("agentStep.message");
  });

  test("a scripted call that fits no tool of the session names the JSON for a deliberately invalid one", async () => {
    const { json: made } = await call("POST", "/sessions", {});
    await call("POST", `/sessions/${made.id}/reply`, { steps: [{ functionCall: ["get_weather", { town: "Oslo" }] }] });
    const client = new OpenAI({ apiKey: "test-key", baseURL: made.baseURL, maxRetries: 0 });
    const created = (await client.beta.agents.sessions.create({
      agent: { model: "gpt-6-astra", instructions: "Answer." },
      environment: { type: "openai_hosted" },
      input: "Weather?",
    } as never)) as unknown as { status: string; error: string };
    expect(created.status).toBe("failed");
    expect(created.error).toContain('{"steps":[{"invalidCall":[name, arguments]}]}');
    expect(created.error).not.toContain("agentStep.invalidCall");
  });
});

describe("11. every matcher over HTTP", () => {
  test("the served matchers are every matcher the runners have", () => {
    expect([...SERVED_MATCHERS].sort()).toEqual(Object.keys(agentMatchers).sort());
  });

  test("toHaveAllCallsPaired and toBePortableTo on a history the app holds", async () => {
    const { json: made } = await call("POST", "/sessions", {});
    const history = [
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
        ],
      },
    ];
    const unpaired = await call("POST", `/sessions/${made.id}/expect`, {
      matcher: "toHaveAllCallsPaired",
      received: history,
    });
    expect(unpaired).toMatchObject({ status: 200, json: { pass: false } });
    expect(unpaired.json.message).toContain("call_1");
    const paired = await call("POST", `/sessions/${made.id}/expect`, {
      matcher: "toHaveAllCallsPaired",
      received: [...history, { role: "tool", tool_call_id: "call_1", content: "Cold." }],
    });
    expect(paired.json.pass).toBe(true);
    const portable = await call("POST", `/sessions/${made.id}/expect`, {
      matcher: "toBePortableTo",
      args: ["anthropic"],
      received: [...history, { role: "tool", tool_call_id: "call_1", content: "Cold." }],
    });
    expect(portable).toMatchObject({ status: 200, json: { pass: expect.any(Boolean) } });
  });
});

describe("9. a session says whether it records or replays, and under which section", () => {
  test("under CI with --cassette-dir: a scripted session opts out; another replays its own section", async () => {
    const dir = mkdtempSync(join(tmpdir(), "serve-session-cassette-"));
    vi.stubEnv("CI", "true");
    vi.stubEnv("AGENT_TESTKIT_RECORD", "");
    const recording = await startServer({ strict: true, cassetteDir: dir });
    try {
      const post = async (body: unknown) =>
        (await fetch(`${recording.url}/_testkit/sessions`, { method: "POST", body: JSON.stringify(body) })).json();
      // the default under CI: replay, and this section was never recorded
      const replaying = await post({ cassette: { section: "weather", mode: "replay" } });
      await fetch(`${recording.url}/_testkit/sessions/${replaying.id}/reply`, {
        method: "POST",
        body: JSON.stringify({ turns: [{ message: "Scripted." }] }),
      });
      const replayClient = new OpenAI({ apiKey: "test-key", baseURL: replaying.baseURL, maxRetries: 0 });
      await expect(replayClient.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({
        status: 400,
        code: "cassette_miss",
      });
      // a scripted session answers from its script, cassette or not
      const scripted = await post({ cassette: false });
      await fetch(`${recording.url}/_testkit/sessions/${scripted.id}/reply`, {
        method: "POST",
        body: JSON.stringify({ turns: [{ message: "Scripted." }] }),
      });
      const client = new OpenAI({ apiKey: "test-key", baseURL: scripted.baseURL, maxRetries: 0 });
      expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Scripted.");
      const wrong = await fetch(`${recording.url}/_testkit/sessions`, {
        method: "POST",
        body: JSON.stringify({ cassette: { mode: "rewind" } }),
      });
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error.param).toBe("cassette.mode");
    } finally {
      vi.unstubAllEnvs();
      await recording.close();
    }
    const plain = await call("POST", "/sessions", { cassette: { mode: "replay" } });
    expect(plain.status).toBe(400);
    expect(plain.json.error.message).toContain("--cassette-dir");
  });
});
