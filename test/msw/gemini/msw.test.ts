// The Gemini fake under MSW: the official `@google/genai` client with its own fetch, the fake's
// handlers on the test's server (which fails any request no handler takes).
import { GoogleGenAI } from "@google/genai";
import { expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { strictServer } from "../server.js";

const weather = {
  functionDeclarations: [
    { name: "get_weather", parametersJsonSchema: { type: "object", properties: { city: { type: "string" } } } },
  ],
};
const server = strictServer();

test("MSW: the SDK with its own fetch, the fake's handlers on the test's server", async () => {
  const fake = fakeGemini();
  server.use(...fake.handlers);
  fake.reply(turn.functionCall("get_weather", { city: "Oslo" }));
  const ai = new GoogleGenAI({ apiKey: "k" });
  const response = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Oslo?",
    config: { tools: [weather] },
  });
  expect(response.functionCalls).toEqual([{ name: "get_weather", args: { city: "Oslo" } }]);
  expect(fake).toHaveCalledTool("get_weather", { city: "Oslo" });
});
