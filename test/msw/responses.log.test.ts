// What the log and a scripted error tell a test: a stream the client left is marked, and an error
// carries the headers a client backs off by.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";

describe("turn.error(status, { headers })", () => {
  test("retry-after-ms reaches the client, which backs off and retries", async () => {
    const fake = fakeResponses().reply(
      turn.error(429, { code: "rate_limit_exceeded", message: "Slow down", headers: { "retry-after-ms": "5" } }),
      turn.message("Done."),
    );
    const raw = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "Hi" }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get("retry-after-ms")).toBe("5");
    fake.reset();
    fake.reply(
      turn.error(429, { code: "rate_limit_exceeded", headers: { "retry-after-ms": "5" } }),
      turn.message("Done."),
    );
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 1 });
    expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Done.");
    expect(fake.requests.map((r) => r.response.status)).toEqual([429, 200]);
  });
});

describe("response.interrupted", () => {
  test("a stream the client aborted is marked; one read to its end is not", async () => {
    const fake = fakeResponses().reply(
      turn.message("one two three four five six seven eight nine ten"),
      turn.message("whole"),
    );
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const abort = new AbortController();
    const stream = await client.responses.create(
      { model: "gpt-5", input: "Hi", stream: true },
      { signal: abort.signal },
    );
    const seen: string[] = [];
    try {
      for await (const event of stream) {
        seen.push(event.type);
        if (event.type === "response.output_text.delta") abort.abort();
      }
    } catch {
      // the client may end its iteration with an abort error, or quietly
    }
    for await (const _ of await client.responses.create({ model: "gpt-5", input: "Hi", stream: true })) void _;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [cut, whole] = fake.requests;
    expect(cut?.response.interrupted).toBe(true);
    expect(whole?.response.interrupted).toBeUndefined();
  });

  test("an Agents event stream the client left before the session settled is marked", async () => {
    const agents = fakeAgents().reply(agentStep.message("Hello.").delay(200));
    const abort = new AbortController();
    const response = await agents.fetch("https://api.openai.com/v1/agents/sessions", {
      method: "POST",
      signal: abort.signal,
      headers: { authorization: "Bearer k", "openai-beta": "agents=v1", "content-type": "application/json" },
      body: JSON.stringify({
        agent: { model: "gpt-6-astra" },
        environment: { type: "none" },
        input: "Hi",
        stream: true,
      }),
    });
    const reader = response.body?.getReader();
    await reader?.read();
    abort.abort();
    await reader?.cancel().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(agents.requests[0]?.response.interrupted).toBe(true);
  });
});
