// An AI SDK chat route, as a Next.js app writes it (app/api/chat/route.ts), tested unchanged: its
// module-level `openai` provider reads OPENAI_API_KEY and calls api.openai.com, which MSW answers
// with the fake's handlers; the browser's side is useChat's own transport (DefaultChatTransport)
// reading the route's UI message stream. Assertions are the toolkit's matchers on the UI messages
// and on the fake.
import { openai } from "@ai-sdk/openai";
import {
  convertToModelMessages,
  DefaultChatTransport,
  readUIMessageStream,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
  type UIMessageChunk,
} from "ai";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { fakeResponses, type ResponsesFake, turn, unhandledGuard } from "../../../fixtures/msw/index.js";

// --- the app: its route handler, as written for production -------------------------------------
const weather = tool({
  description: "The weather in a city now.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
});
const forecast = tool({
  description: "The forecast for a city.",
  inputSchema: z.object({ city: z.string(), days: z.number().int() }),
  execute: async ({ city, days }) => ({ city, days, outlook: "dry" }),
});

async function POST(req: Request): Promise<Response> {
  const { messages }: { messages: UIMessage[] } = await req.json();
  const result = streamText({
    model: openai("gpt-5"),
    system: "You are a weather assistant.",
    messages: await convertToModelMessages(messages),
    tools: { weather, forecast },
    stopWhen: stepCountIs(5),
  });
  return result.toUIMessageStreamResponse({ onError: (error) => `The model failed: ${String(error)}` });
}

// --- the test: MSW in front of the provider, useChat's transport in front of the route ----------
const server = setupServer();
let fake: ResponsesFake;
beforeAll(() => server.listen(unhandledGuard(/(^|\.)openai\.com$/)));
beforeEach(() => {
  vi.stubEnv("OPENAI_API_KEY", "sk-test");
  fake = fakeResponses();
  server.use(...fake.handlers);
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

/** What useChat does with a message typed in: send it through its transport, read the stream. */
async function chat(text: string): Promise<{ message: UIMessage | undefined; chunks: UIMessageChunk[] }> {
  const transport = new DefaultChatTransport({
    api: "http://app.test/api/chat",
    fetch: async (input, init) => POST(new Request(input, init)),
  });
  const stream = await transport.sendMessages({
    trigger: "submit-message",
    chatId: "chat-1",
    messageId: undefined,
    messages: [{ id: "u1", role: "user", parts: [{ type: "text", text }] }],
    abortSignal: undefined,
  });
  const chunks: UIMessageChunk[] = [];
  const recorded = stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        chunks.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const update of readUIMessageStream({ stream: recorded })) message = update;
  return { message, chunks };
}

describe("an AI SDK chat route (streamText, two tools, stopWhen) through useChat's transport", () => {
  test("a tool loop: both tools called, answered, then the streamed answer", async () => {
    fake.reply(
      turn.functionCall("weather", { city: "Oslo" }),
      turn.functionCall("forecast", { city: "Oslo", days: 3 }),
      turn.message("21 °C now, dry for three days."),
    );
    const { message } = await chat("Weather in Oslo, and the next days?");
    const text = message?.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
    expect(text).toBe("21 °C now, dry for three days.");
    const messages = [message!];
    expect(messages).toHaveCalledTool("weather", { city: "Oslo" });
    expect(messages).toHaveCalledTool("forecast", { city: "Oslo", days: 3 });
    expect(messages).toHaveAllCallsPaired();
    expect(fake).toHaveCalledToolTimes("weather", 1);
    const forecastPart = message!.parts.find((part) => part.type === "tool-forecast")!;
    // the route re-sends history each step: one answer, sent again unchanged, is still one answer
    expect(fake).toHaveAnsweredCall(forecastPart, { city: "Oslo", days: 3, outlook: "dry" });
    // `system` reaches the Responses API as a developer message, not as `instructions`
    expect(fake).toHaveReceivedRequest({
      input: expect.arrayContaining([{ role: "developer", content: "You are a weather assistant." }]),
    });
    expect(fake.requests).toHaveLength(3);
    expect(fake.pending).toBe(0);
  });

  test("stopWhen ends the loop: the model's next call is never made", async () => {
    fake.reply(...Array.from({ length: 6 }, (_, i) => turn.functionCall("weather", { city: `City ${i}` })));
    const { message } = await chat("Weather everywhere?");
    expect([message!]).toHaveCalledToolTimes("weather", 5);
    expect(fake.requests).toHaveLength(5);
    expect(fake.pending).toBe(1);
  });

  test("a provider error through the SDK's retries reaches the browser as the stream's error", async () => {
    fake.reply(turn.error(429, { code: "rate_limit_exceeded", message: "Slow down" }).always());
    const { chunks } = await chat("Weather in Oslo?");
    // the AI SDK's default policy: 2 retries, honouring the fake's short retry-after-ms
    expect(fake.requests).toHaveLength(3);
    const error = chunks.find((chunk) => chunk.type === "error");
    expect(error).toMatchObject({ type: "error", errorText: expect.stringContaining("Slow down") });
  });

  test("a provider error the retries outlast: the answer arrives", async () => {
    fake.reply(turn.error(503).times(2), turn.message("Sunny."));
    const { message, chunks } = await chat("Weather in Oslo?");
    expect(chunks.some((chunk) => chunk.type === "error")).toBe(false);
    expect(message?.parts).toContainEqual(expect.objectContaining({ type: "text", text: "Sunny." }));
    expect(fake.requests).toHaveLength(3);
  });
});
