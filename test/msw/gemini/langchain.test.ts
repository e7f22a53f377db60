// The Gemini fake through LangChain's ChatGoogleGenerativeAI, unchanged (it calls the REST API with
// the older `@google/generative-ai` client and the process's fetch): the fake's handlers on the
// test's MSW server, a tool bound and called, then the answer; a stream in pieces.
import { ChatGoogleGenerativeAI } from "@langchain/google-genai";
import { expect, test } from "vitest";
import { z } from "zod";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { strictServer } from "../server.js";

const server = strictServer();

test("a tool bound and called, the call's arguments read back", async () => {
  const gemini = fakeGemini();
  server.use(...gemini.handlers);
  gemini.reply(turn.functionCall("get_weather", { city: "Paris" }));
  const model = new ChatGoogleGenerativeAI({ model: "gemini-2.5-flash", apiKey: "test", maxRetries: 0 });
  const withTools = model.bindTools([
    { name: "get_weather", description: "The weather in a city.", schema: z.object({ city: z.string() }) },
  ]);
  const message = await withTools.invoke("Weather in Paris?");
  expect(message.tool_calls?.map((call) => [call.name, call.args])).toEqual([["get_weather", { city: "Paris" }]]);
  expect(gemini).toHaveCalledTool("get_weather", { city: "Paris" });
});

test("a stream: the text in pieces", async () => {
  const gemini = fakeGemini({ deltas: 3 });
  server.use(...gemini.handlers);
  gemini.reply(turn.message("Sunny in Paris today."));
  const model = new ChatGoogleGenerativeAI({ model: "gemini-2.5-flash", apiKey: "test", maxRetries: 0 });
  const pieces: string[] = [];
  for await (const chunk of await model.stream("Paris?")) pieces.push(String(chunk.content));
  expect(pieces.join("")).toBe("Sunny in Paris today.");
  expect(pieces.length).toBeGreaterThan(1);
});
