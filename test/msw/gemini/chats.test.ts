// `@google/genai`'s chats, unchanged, against the fake: a chat keeps its history and sends it whole
// each turn (the model's signed calls back as they came), and automatic function calling — a
// `CallableTool` in the config, called by the SDK itself until the model answers — on both
// maintained majors. The matchers read the conversation the SDK built.
import { type CallableTool, type FunctionCall, GoogleGenAI, type Part, type Tool } from "@google/genai";
import { GoogleGenAI as GoogleGenAI2 } from "@google/genai-v2";
import { describe, expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";

const declaration: Tool = {
  functionDeclarations: [
    {
      name: "get_weather",
      parametersJsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
};

/** A tool the SDK calls itself: it answers every call with the weather of its city. */
function weatherTool(calls: FunctionCall[]): CallableTool {
  return {
    tool: async () => declaration,
    callTool: async (functionCalls: FunctionCall[]): Promise<Part[]> => {
      calls.push(...functionCalls);
      return functionCalls.map((call) => ({
        functionResponse: { name: call.name, response: { city: call.args?.city, celsius: 21 } },
      }));
    },
  };
}

const MAJORS = [
  ["3", GoogleGenAI],
  ["2", GoogleGenAI2 as unknown as typeof GoogleGenAI],
] as const;

describe.each(MAJORS)("@google/genai %s", (_major, Client) => {
  const setup = () => {
    const fake = fakeGemini();
    return { fake, ai: new Client({ apiKey: "k", httpOptions: { baseUrl: fake.baseUrl, fetch: fake.fetch } }) };
  };

  test("a chat sends its whole history each turn; its signed call goes back as it came", async () => {
    const { fake, ai } = setup();
    fake.reply(
      turn.functionCall("get_weather", { city: "Paris" }),
      turn.message("Sunny."),
      turn.message("You're welcome."),
    );
    const chat = ai.chats.create({ model: "gemini-3-pro-preview", config: { tools: [declaration] } });
    const first = await chat.sendMessage({ message: "Weather in Paris?" });
    expect(first.functionCalls?.[0]).toMatchObject({ name: "get_weather", args: { city: "Paris" } });
    const second = await chat.sendMessage({
      message: [{ functionResponse: { name: "get_weather", response: { celsius: 21 } } }],
    });
    expect(second.text).toBe("Sunny.");
    expect((await chat.sendMessage({ message: "Thanks" })).text).toBe("You're welcome.");
    expect(fake.requests).toHaveLength(3);
    expect(chat.getHistory()).toHaveAllCallsPaired();
    expect(fake).toHaveAnsweredCall("gemini:get_weather:1", { celsius: 21 });
  });

  test("automatic function calling: the SDK calls the tool, sends its answer, returns the model's text", async () => {
    const { fake, ai } = setup();
    fake.reply(turn.functionCall("get_weather", { city: "Oslo" }), turn.message("Cold in Oslo."));
    const calls: FunctionCall[] = [];
    const response = await ai.models.generateContent({
      model: "gemini-2.5-flash",
      contents: "Weather in Oslo?",
      config: { tools: [weatherTool(calls)] },
    });
    expect(response.text).toBe("Cold in Oslo.");
    expect(calls).toEqual([expect.objectContaining({ name: "get_weather", args: { city: "Oslo" } })]);
    expect(fake.requests).toHaveLength(2);
    expect(fake).toHaveCalledTool("get_weather", { city: "Oslo" });
    expect(fake).toHaveAnsweredCall("gemini:get_weather:1", { city: "Oslo", celsius: 21 });
    expect(response.automaticFunctionCallingHistory).toHaveAllCallsPaired();
  });

  test("automatic function calling in a chat, across turns", async () => {
    const { fake, ai } = setup();
    fake.reply(
      turn.functionCall("get_weather", { city: "Rome" }),
      turn.message("Warm in Rome."),
      turn.functionCall("get_weather", { city: "Lima" }),
      turn.message("Mild in Lima."),
    );
    const calls: FunctionCall[] = [];
    const chat = ai.chats.create({ model: "gemini-2.5-flash", config: { tools: [weatherTool(calls)] } });
    expect((await chat.sendMessage({ message: "Rome?" })).text).toBe("Warm in Rome.");
    expect((await chat.sendMessage({ message: "Lima?" })).text).toBe("Mild in Lima.");
    expect(calls.map((call) => call.args?.city)).toEqual(["Rome", "Lima"]);
    expect(fake.pending).toBe(0);
    expect(chat.getHistory()).toHaveAllCallsPaired();
    expect(fake).toHaveCalledTool("get_weather", { city: "Lima" });
  });
});
