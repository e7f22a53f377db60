// Issue 51's adversarial round on round 4's surface (items 11–15, 17, 22, 23): the control API of
// `serve`, the builders, the Anthropic fake. Each case failed before its fix, driven as a client
// drives it (the official SDKs, or plain HTTP as a suite in any language sends it).
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeAnthropic, fakeChatCompletions, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { startServer } from "../../fixtures/serve/server.js";
import { MAX_SESSIONS } from "../../fixtures/serve/sessions.js";
import { useServer } from "../serve/testServer.js";

const { call } = useServer();

async function session(): Promise<{ id: string; baseURL: string }> {
  return (await call("POST", "/sessions", {})).json;
}

describe("serve's control API", () => {
  test("11. 5,000-deep call arguments are a 400 naming where, and later model requests still answer", async () => {
    const args = `${'{"a":'.repeat(5_000)}"bottom"${"}".repeat(5_000)}`;
    const a = await session();
    const refused = await call("POST", `/sessions/${a.id}/reply`, `{"turns":[{"functionCall":["lookup",${args}]}]}`);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: "invalid_json", param: expect.stringMatching(/^turns\[0\]/) });
    await call("POST", `/sessions/${a.id}/reply`, { turns: [{ message: "Still here." }] });
    const client = new OpenAI({ apiKey: "test-key", baseURL: a.baseURL, maxRetries: 0 });
    expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Still here.");
  });

  test.each([
    ["responses", {}],
    ["chat", { fake: "chat" }],
    ["anthropic", { fake: "anthropic" }],
  ])("12. a turn that means nothing on the %s fake is a 400 invalid_turn, never a 500", async (_name, target) => {
    const a = await session();
    const pause = await call("POST", `/sessions/${a.id}/reply`, { ...target, turns: [{ pause: [] }] });
    const wrong = await call("POST", `/sessions/${a.id}/reply`, {
      ...target,
      turns: [{ streamError: [{ code: 5 }] }],
    });
    for (const answer of _name === "anthropic" ? [wrong] : [pause, wrong]) {
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe("invalid_turn");
    }
  });

  test("15. turn.error with an object for its status is refused when queued (400 naming it), and the fake still answers", async () => {
    const a = await session();
    const refused = await call("POST", `/sessions/${a.id}/reply`, {
      turns: [{ error: { status: 429, code: "rate_limit_exceeded" } }],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: "invalid_turn", param: "turns[0].error" });
    expect(refused.json.error.message).toMatch(/integer from 400 to 599/);
    const pending = await call("POST", `/sessions/${a.id}/reply`, { turns: [{ message: "Fine." }] });
    expect(pending.json).toEqual({ pending: 1 });
  });

  test("9. a pattern whose counted repeats are too large is refused naming the bound; a costly match is a 400, and health answers", async () => {
    const a = await session();
    const refused = await call("POST", `/sessions/${a.id}/rules`, {
      rules: [{ input: { regex: "[ab]*a[ab]{19000}c" }, turns: [{ message: "x" }] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ param: "rules[0].input.regex" });
    expect(refused.json.error.message).toMatch(/over the bound of 2000/);
    // within the state bound, a long enough input is refused before it is matched
    await call("POST", `/sessions/${a.id}/rules`, {
      rules: [{ input: { regex: "[ab]*a[ab]{1900}c" }, turns: [{ message: "x" }] }],
    });
    const client = new OpenAI({ apiKey: "test-key", baseURL: a.baseURL, maxRetries: 0 });
    await expect(client.responses.create({ model: "gpt-5", input: "ab".repeat(30_000) })).rejects.toMatchObject({
      status: 400,
      code: "rule_too_costly",
    });
    expect((await call("GET", "/health")).json.ok).toBe(true);
  });

  test("13. at the session bound, a request with no session says too_many_sessions, as POST /sessions does", async () => {
    const bounded = await startServer({ strict: true });
    try {
      for (let i = 0; i < MAX_SESSIONS; i++) bounded.sessions.create();
      const more = await fetch(`${bounded.url}/_testkit/sessions`, { method: "POST", body: "{}" });
      expect(more.status).toBe(429);
      const client = new OpenAI({ apiKey: "test-key", baseURL: `${bounded.url}/v1`, maxRetries: 0 });
      await expect(client.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({
        status: 429,
        code: "too_many_sessions",
      });
    } finally {
      await bounded.close();
    }
  }, 60_000);
});

describe("builders check their arguments when they are called", () => {
  test("14. turn.item refuses a cycle, a BigInt, a function at build (RangeError), never a 500 or a dead process later", () => {
    const cyclic: Record<string, unknown> = { type: "custom_item" };
    cyclic.self = cyclic;
    expect(() => turn.item(cyclic as { type: string })).toThrow(/item\.self refers back .*cycle/);
    expect(() => turn.item({ type: "custom_item", n: 10n })).toThrow(RangeError);
    expect(() => turn.item({ type: "custom_item", n: 10n })).toThrow(/item\.n is a BigInt/);
    expect(() => turn.item({ type: "custom_item", f: () => 1 })).toThrow(/item\.f is a function/);
    expect(() => turn.item({ type: "custom_item", n: Number.NaN })).toThrow(/JSON cannot hold/);
  });

  test("15. turn.error and turn.streamError: a wrong argument is a TypeError/RangeError at the call", () => {
    expect(() => turn.error({ status: 429 } as unknown as number)).toThrow(RangeError);
    expect(() => turn.error(200)).toThrow(/400 to 599/);
    expect(() => turn.error(429, { code: 429 } as never)).toThrow(/takes code as a string/);
    expect(() => turn.streamError(turn.message("x") as never)).toThrow(/takes its error as an object/);
    expect(() => turn.streamError({}, { message: "x" } as never)).toThrow(/after must be a turn built with turn\.\*/);
    expect(() => turn.streamError({ code: 5 } as never)).toThrow(TypeError);
  });

  test("22. Anthropic's own mid-stream error types: overloaded_error streams as itself; a Responses fake refuses it", async () => {
    const claude = fakeAnthropic().reply(turn.streamError({ code: "overloaded_error", message: "Overloaded" }));
    const client = new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 });
    const stream = client.messages.stream({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "Hi" }],
    });
    await expect(stream.finalMessage()).rejects.toMatchObject({ error: { error: { type: "overloaded_error" } } });
    const plain = fakeAnthropic().reply(turn.streamError({ code: "overloaded_error", message: "Overloaded" }));
    await expect(
      new Anthropic({ apiKey: "k", fetch: plain.fetch, maxRetries: 0 }).messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "Hi" }],
      }),
    ).rejects.toMatchObject({ status: 529 });
    expect(() => fakeResponses().reply(turn.streamError({ code: "overloaded_error" }))).toThrow(
      /means nothing on the Responses API/,
    );
    expect(() => fakeChatCompletions().reply(turn.streamError({ code: "overloaded_error" }))).toThrow(TypeError);
  });
});

describe("the Anthropic fake", () => {
  test("17. request ids follow the seed and reset(), whatever ran before in the worker", async () => {
    const ids = async (fake: ReturnType<typeof fakeAnthropic>) => {
      const client = new Anthropic({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
      const out: string[] = [];
      for (let i = 0; i < 2; i++)
        await client.messages
          .create({ model: "claude-sonnet-4-5", max_tokens: 5, messages: [{ role: "assistant", content: "x" }] })
          .catch((error: { requestID?: string | null }) => out.push(String(error.requestID)));
      return out;
    };
    const first = fakeAnthropic({ seed: 7 });
    const before = await ids(first);
    await ids(fakeAnthropic({ seed: 3 })); // other tests' errors in the same worker
    const second = fakeAnthropic({ seed: 7 });
    expect(await ids(second)).toEqual(before);
    first.reset();
    expect(await ids(first)).toEqual(before);
    expect(new Set(before).size).toBe(2);
    expect(before[0]).toMatch(/^req_011[0-9a-z]{21}$/);
  });

  test("23. breakpoints nested in a tool_result's content count against the limit of four", async () => {
    const claude = fakeAnthropic().reply(turn.message("ok"));
    const client = new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 });
    const content = Array.from({ length: 5 }, (_, i) => ({
      type: "text" as const,
      text: `part ${i}`,
      cache_control: { type: "ephemeral" as const },
    }));
    await expect(
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        tools: [{ name: "lookup", input_schema: { type: "object" } }],
        messages: [
          { role: "user", content: "Look it up" },
          { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "lookup", input: {} }] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content }] },
        ],
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("A maximum of 4 blocks with cache_control"),
    });
  });
});
