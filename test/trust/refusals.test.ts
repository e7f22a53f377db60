// Issue 36 (6): a refusal of the fake's own reaches the test at once, its message intact, under
// every client's default retry policy — the official client, the AI SDK (which ignores
// x-should-retry and retries 5xx with 2 s and 4 s of back-off) and LangChain's caller.
import { createOpenAI } from "@ai-sdk/openai";
import { ChatOpenAI } from "@langchain/openai";
import { generateText, tool } from "ai";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeResponses, turn, unhandledGuard } from "../../fixtures/msw/index.js";
import { counted } from "../countedFetch.js";

type Fake = ReturnType<typeof fakeResponses>;

const weather = {
  type: "function" as const,
  name: "get_weather",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  strict: false,
};

/** What each client does with one request, with its default retries. */
const clients: [string, (fake: Fake) => { sent: { count: number }; ask: () => Promise<unknown> }][] = [
  [
    "the official client",
    (fake) => {
      const { sent, fetch } = counted(fake);
      const client = new OpenAI({ apiKey: "k", fetch });
      return { sent, ask: () => client.responses.create({ model: "gpt-5", input: "Weather?", tools: [weather] }) };
    },
  ],
  [
    "the AI SDK",
    (fake) => {
      const { sent, fetch } = counted(fake);
      const openai = createOpenAI({ apiKey: "k", fetch });
      const getWeather = tool({ inputSchema: z.object({ city: z.string() }), execute: async () => "sunny" });
      return {
        sent,
        ask: () => generateText({ model: openai("gpt-5"), prompt: "Weather?", tools: { get_weather: getWeather } }),
      };
    },
  ],
  [
    "LangChain",
    (fake) => {
      const { sent, fetch } = counted(fake);
      const chat = new ChatOpenAI({ model: "gpt-5", apiKey: "k", useResponsesApi: true, configuration: { fetch } });
      return { sent, ask: () => chat.invoke("Weather?") };
    },
  ],
];

const refusals: [string, (fake: Fake) => void, RegExp][] = [
  ["nothing scripted", () => undefined, /no reply scripted for/],
  [
    "a scripted call to a tool the request does not offer",
    (fake) => void fake.reply(turn.functionCall("book_flight", { to: "Oslo" })),
    /the scripted call "book_flight" does not fit the tools in play/,
  ],
];

describe.each(clients)("%s, with its default retries", (_client, connect) => {
  test.each(refusals)("%s: one request, the fake's message, at once", async (_case, script, message) => {
    const fake = fakeResponses();
    script(fake);
    const { sent, ask } = connect(fake);
    const started = performance.now();
    await expect(ask()).rejects.toThrow(message);
    expect(sent.count).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_500); // not 2 s + 4 s of back-off
  });
});

describe("a request no fake handles (the unhandled-request guard)", () => {
  const server = setupServer();
  afterEach(() => server.close());

  test.each(clients)("%s: one request, the guard's message", async (_client, connect) => {
    server.listen(unhandledGuard(/^api\.openai\.com$/) as never);
    let sent = 0;
    server.events.on("request:start", () => void sent++);
    const { ask } = connect({ fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) } as Fake);
    await expect(ask()).rejects.toThrow(/has no fake handler; it was not sent to the real provider/);
    expect(sent).toBe(1);
  });
});
