// A scripted error survives a client's retries: `.times(n)` answers n requests, `.always()` every
// request until something else is scripted, and a retried error carries the headers clients read
// (`retry-after-ms`, `retry-after`, `x-ratelimit-*`), short by default, so that "the app gives up
// after its retries" and "the app backs off as told" are one-line tests under each client's own
// default policy: the official client and the AI SDK honour the headers; LangChain, under fake timers.
import { createOpenAI } from "@ai-sdk/openai";
import { ChatOpenAI } from "@langchain/openai";
import { generateText } from "ai";
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { afterEach, describe, expect, test, vi } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { counted } from "../countedFetch.js";

type Fake = ReturnType<typeof fakeResponses>;

/** Each client with its default retries: how many requests a failing call makes, and one call. */
const clients: [string, number, (fake: Fake) => { sent: { count: number }; ask: () => Promise<string> }][] = [
  [
    "the official client (maxRetries 2)",
    3,
    (fake) => {
      const { sent, fetch } = counted(fake);
      const client = new OpenAI({ apiKey: "k", fetch });
      return { sent, ask: async () => (await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text };
    },
  ],
  [
    "the AI SDK (maxRetries 2)",
    3,
    (fake) => {
      const { sent, fetch } = counted(fake);
      const openai = createOpenAI({ apiKey: "k", fetch });
      return { sent, ask: async () => (await generateText({ model: openai("gpt-5"), prompt: "Hi" })).text };
    },
  ],
];

describe.each(clients)("%s", (_client, attempts, connect) => {
  test("gives up after its retries on an error that always comes back, in milliseconds", async () => {
    const fake = fakeResponses().reply(turn.error(429, { code: "rate_limit_exceeded", message: "Slow down" }).always());
    const { sent, ask } = connect(fake);
    const started = performance.now();
    await expect(ask()).rejects.toThrow(/Slow down|429/);
    expect(sent.count).toBe(attempts);
    expect(performance.now() - started).toBeLessThan(2_000); // not the default back-off of seconds
  });

  test("backs off as told, then gets its answer", async () => {
    const fake = fakeResponses().reply(turn.error(503).times(2), turn.message("Sunny."));
    const { sent, ask } = connect(fake);
    expect(await ask()).toContain("Sunny.");
    expect(sent.count).toBe(3);
    expect(fake.pending).toBe(0);
  });
});

// LangChain's caller retries 6 times on its own back-off (1 s, doubling, randomized) and reads no
// retry header for it: a minute of real time. Under the runner's fake timers it is one line too.
describe("LangChain, with its caller's default retries, under fake timers", () => {
  afterEach(() => vi.useRealTimers());
  const connect = (fake: Fake) => {
    const { sent, fetch } = counted(fake);
    const chat = new ChatOpenAI({ model: "gpt-5", apiKey: "k", useResponsesApi: true, configuration: { fetch } });
    return { sent, ask: async () => (await chat.invoke("Hi")).text };
  };

  test("gives up after 7 requests on an error that always comes back", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fake = fakeResponses().reply(turn.error(429, { code: "rate_limit_exceeded", message: "Slow down" }).always());
    const { sent, ask } = connect(fake);
    const outcome = ask().then(
      () => "answered",
      (error: Error) => error,
    );
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await outcome).toBeInstanceOf(Error);
    expect(sent.count).toBe(7);
  });

  test("gets its answer after two scripted errors", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fake = fakeResponses().reply(turn.error(503).times(2), turn.message("Sunny."));
    const { sent, ask } = connect(fake);
    const answer = ask();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await answer).toBe("Sunny.");
    expect(sent.count).toBe(3);
  });
});

describe("times and always", () => {
  const client = (fake: Fake) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const ask = (fake: Fake) => client(fake).responses.create({ model: "gpt-5", input: "Hi" });

  test(".times(n) answers n requests, then the queue goes on", async () => {
    const fake = fakeResponses().reply(turn.message("again").times(2), turn.message("then"));
    expect(fake.pending).toBe(3);
    expect((await ask(fake)).output_text).toBe("again");
    expect((await ask(fake)).output_text).toBe("again");
    expect((await ask(fake)).output_text).toBe("then");
    await expect(ask(fake)).rejects.toMatchObject({ status: 400 });
  });

  test(".always() answers every request until the next reply or respond replaces it", async () => {
    const fake = fakeResponses().reply(turn.message("first"), turn.error(500).always());
    expect((await ask(fake)).output_text).toBe("first");
    for (let i = 0; i < 3; i++) await expect(ask(fake)).rejects.toMatchObject({ status: 500 });
    fake.reply(turn.message("recovered"));
    expect((await ask(fake)).output_text).toBe("recovered");
    fake.reply(turn.error(500).always()).respond(() => turn.message("by the responder"));
    expect((await ask(fake)).output_text).toBe("by the responder");
  });

  test("a count that is no count is told when the turn is built", () => {
    for (const n of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => turn.error(429).times(n)).toThrow(RangeError);
  });
});

describe("the Agents fake's steps repeat the same way", () => {
  async function lastReply(agents: ReturnType<typeof fakeAgents>, input: string): Promise<string> {
    const client = new OpenAI({ apiKey: "k", fetch: agents.fetch, maxRetries: 0 });
    const session = await client.beta.agents.sessions.create({
      agent: { model: "gpt-6-astra", instructions: "Answer." },
      environment: { type: "openai_hosted" },
      input,
    } as unknown as SessionCreateParamsNonStreaming);
    if (session.status === "failed") return "failed";
    const last = agents.items(session.id).at(-1) as { content?: Array<{ text?: string }> } | undefined;
    return last?.content?.[0]?.text ?? "none";
  }

  test(".times(n), .always(), replaced by the next reply; pending counts what runs out", async () => {
    const agents = fakeAgents().reply(agentStep.message("again").times(2), agentStep.message("then"));
    expect(agents.pending).toBe(3);
    expect([await lastReply(agents, "1"), await lastReply(agents, "2"), await lastReply(agents, "3")]).toEqual([
      "again",
      "again",
      "then",
    ]);
    agents.reply(agentStep.fail("Overloaded.").always());
    expect(agents.pending).toBe(0);
    expect([await lastReply(agents, "4"), await lastReply(agents, "5")]).toEqual(["failed", "failed"]);
    agents.reply(agentStep.message("recovered"));
    expect(await lastReply(agents, "6")).toBe("recovered");
    expect(await lastReply(agents, "7")).toBe("failed"); // nothing left: the standing step was replaced
    expect(() => agentStep.message("x").times(0)).toThrow(RangeError);
  });
});

describe("the headers a scripted error carries", () => {
  const post = (fake: Fake) =>
    fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "Hi" }),
    });

  test("a 429: a short back-off and the rate limits; a 5xx: the back-off; a 400: none", async () => {
    const fake = fakeResponses().reply(turn.error(429), turn.error(500), turn.error(400));
    const limited = await post(fake);
    expect(Object.fromEntries(limited.headers)).toMatchObject({
      "retry-after-ms": "10",
      "retry-after": "0",
      "x-ratelimit-remaining-requests": "0",
      "x-ratelimit-reset-requests": "10ms",
    });
    expect((await post(fake)).headers.get("retry-after-ms")).toBe("10");
    const refused = await post(fake);
    expect(refused.headers.get("retry-after-ms")).toBeNull();
  });

  test("the script's own headers win", async () => {
    const fake = fakeResponses().reply(turn.error(429, { headers: { "retry-after-ms": "250", "x-custom": "1" } }));
    const response = await post(fake);
    expect(response.headers.get("retry-after-ms")).toBe("250");
    expect(response.headers.get("x-custom")).toBe("1");
  });
});
