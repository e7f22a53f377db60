// The provider fakes against a bare MSW handler serving a static answer, measured in the same run
// with the official clients: 1,000 sequential turns on fakeChatCompletions (openai's
// chat.completions.create), on fakeAnthropic (@anthropic-ai/sdk's messages.create) and on fakeGemini
// (@google/genai's models.generateContent) and on fakeBedrock (@aws-sdk/client-bedrock-runtime's
// Converse, and ConverseStream's binary event stream), each through fake.handlers against a minimal
// http.post returning a fixed body (the stream: its frames encoded once, each a chunk, as a
// hand-written MSW handler streams them). Target: ≤ 1.1×.
import Anthropic from "@anthropic-ai/sdk";
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from "@aws-sdk/client-bedrock-runtime";
import { GoogleGenAI } from "@google/genai";
import { EventStreamCodec } from "@smithy/core/event-streams";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { fakeAnthropic, fakeBedrock, fakeChatCompletions, fakeGemini, turn } from "../dist/msw.js";

const staticCompletion = {
  id: "chatcmpl-static",
  object: "chat.completion",
  created: 1,
  model: "gpt-5",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "hi", refusal: null, annotations: [] },
      finish_reason: "stop",
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

const staticMessage = {
  id: "msg_static",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5",
  content: [{ type: "text", text: "hi", citations: null }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};

const staticGemini = {
  candidates: [{ content: { role: "model", parts: [{ text: "hi" }] }, finishReason: "STOP", index: 0 }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  modelVersion: "gemini-2.0-flash",
  responseId: "static",
};

const staticConverse = {
  output: { message: { role: "assistant", content: [{ text: "hi" }] } },
  stopReason: "end_turn",
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
};

/** ConverseStream's answer as AWS frames it: each event a frame, encoded once (streamed one by one). */
function staticConverseStream() {
  const codec = new EventStreamCodec(
    (bytes) => new TextDecoder().decode(bytes),
    (text) => new TextEncoder().encode(text),
  );
  const frame = (name, payload) =>
    codec.encode({
      headers: {
        ":event-type": { type: "string", value: name },
        ":message-type": { type: "string", value: "event" },
        ":content-type": { type: "string", value: "application/json" },
      },
      body: new TextEncoder().encode(JSON.stringify(payload)),
    });
  const frames = [
    frame("messageStart", { role: "assistant" }),
    frame("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "hi" } }),
    frame("contentBlockStop", { contentBlockIndex: 0 }),
    frame("messageStop", { stopReason: "end_turn" }),
    frame("metadata", { usage: staticConverse.usage, metrics: staticConverse.metrics }),
  ];
  return frames;
}

/** Medians of `rounds` paired ratios a/b, the pair's order alternating, and each side's best time per call. */
async function paired(rounds, count, a, b) {
  await a(100);
  await b(100);
  const ratios = [];
  const best = { a: Infinity, b: Infinity };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["a", "b"] : ["b", "a"];
    const times = {};
    for (const side of order) times[side] = await (side === "a" ? a : b)(count);
    best.a = Math.min(best.a, times.a);
    best.b = Math.min(best.b, times.b);
    ratios.push(times.a / times.b);
  }
  return { ratio: [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)], a: best.a, b: best.b };
}

async function perCall(count, call) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) if ((await call()) !== "hi") throw new Error("unexpected answer");
  return Number(process.hrtime.bigint() - started) / 1e6 / count;
}

export async function benchProviders({ count = 1000, rounds = 7 } = {}) {
  const server = setupServer();
  server.listen({ onUnhandledRequest: "error" });
  try {
    /** The fake's handlers against a bare handler of `url` answering `answer`, both asked by `ask`. */
    const ratioOf = (fake, ask, url, answer, bare = () => HttpResponse.json(JSON.parse(JSON.stringify(answer)))) => {
      const side = (handlers) => async (n) => {
        server.resetHandlers(...handlers);
        fake.reset();
        fake.respond(() => turn.message("hi"));
        return perCall(n, ask);
      };
      return paired(rounds, count, side(fake.handlers), side([http.post(url, bare)]));
    };

    const openai = new OpenAI({ apiKey: "k", maxRetries: 0 });
    const chatRatio = await ratioOf(
      fakeChatCompletions(),
      async () =>
        (await openai.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "hello" }] }))
          .choices[0].message.content,
      "https://api.openai.com/v1/chat/completions",
      staticCompletion,
    );
    const anthropic = new Anthropic({ apiKey: "k", maxRetries: 0 });
    const claudeRatio = await ratioOf(
      fakeAnthropic(),
      async () =>
        (
          await anthropic.messages.create({
            model: "claude-sonnet-4-5",
            max_tokens: 16,
            messages: [{ role: "user", content: "hello" }],
          })
        ).content[0].text,
      "https://api.anthropic.com/v1/messages",
      staticMessage,
    );
    const ai = new GoogleGenAI({ apiKey: "k" });
    const geminiRatio = await ratioOf(
      fakeGemini(),
      async () => (await ai.models.generateContent({ model: "gemini-2.0-flash", contents: "hello" })).text,
      "https://generativelanguage.googleapis.com/:version/models/:call",
      staticGemini,
    );
    // the AWS SDK through its HTTP/1.1 handler, which MSW intercepts (its default speaks HTTP/2)
    const bedrock = new BedrockRuntimeClient({
      region: "us-east-1",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
      requestHandler: new NodeHttpHandler(),
    });
    const messages = [{ role: "user", content: [{ text: "hello" }] }];
    const modelId = "anthropic.claude-3-haiku-20240307-v1:0";
    const converseRatio = await ratioOf(
      fakeBedrock({ deltas: 1 }),
      async () => (await bedrock.send(new ConverseCommand({ modelId, messages }))).output.message.content[0].text,
      "https://bedrock-runtime.us-east-1.amazonaws.com/model/:model/converse",
      staticConverse,
    );
    const frames = staticConverseStream();
    const streamRatio = await ratioOf(
      fakeBedrock({ deltas: 1 }),
      async () => {
        const { stream } = await bedrock.send(new ConverseStreamCommand({ modelId, messages }));
        let text = "";
        for await (const event of stream) text += event.contentBlockDelta?.delta?.text ?? "";
        return text;
      },
      "https://bedrock-runtime.us-east-1.amazonaws.com/model/:model/converse-stream",
      undefined,
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              for (const frame of frames) controller.enqueue(frame);
              controller.close();
            },
          }),
          { headers: { "content-type": "application/vnd.amazon.eventstream", "transfer-encoding": "chunked" } },
        ),
    );
    const ms = (v) => +v.toFixed(3);
    return {
      name: `Provider fakes: ${count} sequential turns through fake.handlers against a bare MSW handler (medians of ${rounds} paired rounds; ms per call: best)`,
      msPerCall: {
        "Chat Completions, bare MSW handler": ms(chatRatio.b),
        "fakeChatCompletions().handlers": ms(chatRatio.a),
        "Anthropic Messages, bare MSW handler": ms(claudeRatio.b),
        "fakeAnthropic().handlers": ms(claudeRatio.a),
        "Gemini generateContent, bare MSW handler": ms(geminiRatio.b),
        "fakeGemini().handlers": ms(geminiRatio.a),
        "Bedrock Converse, bare MSW handler": ms(converseRatio.b),
        "fakeBedrock().handlers, Converse": ms(converseRatio.a),
        "Bedrock ConverseStream, bare MSW handler": ms(streamRatio.b),
        "fakeBedrock().handlers, ConverseStream": ms(streamRatio.a),
      },
      ratios: [
        { name: "fakeChatCompletions / bare MSW handler", value: chatRatio.ratio, target: 1.1 },
        { name: "fakeAnthropic / bare MSW handler", value: claudeRatio.ratio, target: 1.1 },
        { name: "fakeGemini / bare MSW handler", value: geminiRatio.ratio, target: 1.1 },
        { name: "fakeBedrock Converse / bare MSW handler", value: converseRatio.ratio, target: 1.1 },
        { name: "fakeBedrock ConverseStream / bare MSW handler", value: streamRatio.ratio, target: 1.1 },
      ],
    };
  } finally {
    server.close();
  }
}
