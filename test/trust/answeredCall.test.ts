// Issue 36 (3): toHaveAnsweredCall counts an output re-sent with the history (the AI SDK,
// @openai/agents and every stateless loop send each earlier function_call_output again) as the
// same answer — driven by the AI SDK, whose tool loop re-sends it — and still reports two
// different outputs for one call.

import { stripVTControlCharacters } from "node:util";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, tool } from "ai";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import "../../matchers/vitest.js";

const weather = {
  type: "function" as const,
  name: "get_weather",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  },
  strict: true,
};

describe("toHaveAnsweredCall over re-sent history", () => {
  test("the AI SDK's tool loop re-sends the output in every later request: one answer", async () => {
    const fake = fakeResponses().reply(
      turn.functionCall("get_weather", { city: "Oslo" }),
      turn.functionCall("get_weather", { city: "Bergen" }),
      turn.message("Sunny in both."),
    );
    const openai = createOpenAI({ apiKey: "k", fetch: fake.fetch });
    const getWeather = tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async () => "sunny",
    });
    await generateText({
      model: openai("gpt-5"),
      prompt: "Weather in Oslo and Bergen?",
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(5),
    });
    const first = (fake.requests[0]?.response.body as { output: { call_id: string }[] } | undefined)?.output[0];
    // the output of the first call went out twice (requests 2 and 3)
    const sent = fake.requests.filter((r) => JSON.stringify(r.body).includes('"function_call_output"'));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(fake).toHaveAnsweredCall(first, "sunny");
  });

  /** A fake scripted with a call and two answers, and the call its first request got. */
  async function called() {
    const fake = fakeResponses().reply(
      turn.functionCall("get_weather", { city: "Oslo" }),
      turn.message("A."),
      turn.message("B."),
    );
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
    const first = await client.responses.create({ model: "gpt-5", input: "Weather?", tools: [weather] });
    const call = first.output[0];
    if (call?.type !== "function_call") throw new Error("expected a call");
    const send = (input: OpenAI.Responses.ResponseInputItem[]) =>
      client.responses.create({ model: "gpt-5", input, tools: [weather] });
    return { fake, call, send };
  }

  test("a stateless loop re-sending input: one answer; a changed output for the same call: two", async () => {
    const { fake, call, send } = await called();
    const history = [{ role: "user" as const, content: "Weather?" }, call];
    const output = { type: "function_call_output" as const, call_id: call.call_id, output: "sunny" };
    await send([...history, output]);
    await send([...history, output, { role: "user", content: "And now?" }]);
    expect(fake).toHaveAnsweredCall(call, "sunny");
    const { fake: changed, call: c, send: sendAgain } = await called();
    await sendAgain([c, { type: "function_call_output", call_id: c.call_id, output: "sunny" }]);
    await sendAgain([c, { type: "function_call_output", call_id: c.call_id, output: "rain" }]);
    let message = "";
    try {
      expect(changed).toHaveAnsweredCall(c);
    } catch (error) {
      message = stripVTControlCharacters((error as Error).message);
    }
    expect(message).toContain('Received: the call was answered 2 times: "sunny", "rain"');
  });
});
