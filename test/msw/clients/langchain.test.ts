// LangChain.js (`@langchain/openai`'s ChatOpenAI with `useResponsesApi: true`), used as its docs
// show, unchanged, against the Responses fake: through `fake.fetch` (the client's
// `configuration.fetch`) and through `fake.listen()` (its `configuration.baseURL`).
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI, type ChatOpenAIFields } from "@langchain/openai";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeResponses, turn } from "../../../fixtures/msw/index.js";

type Fake = ReturnType<typeof fakeResponses>;
type Installed = { configuration: NonNullable<ChatOpenAIFields["configuration"]>; close?: () => Promise<void> };

const weather = tool(async ({ city }) => JSON.stringify({ city, sky: "clear" }), {
  name: "weather",
  description: "The weather in a city.",
  schema: z.object({ city: z.string() }),
});

describe.each([
  ["fake.fetch", async (fake: Fake): Promise<Installed> => ({ configuration: { fetch: fake.fetch } })],
  [
    "fake.listen()",
    async (fake: Fake): Promise<Installed> => {
      const server = await fake.listen();
      return { configuration: { baseURL: server.url }, close: () => server.close() };
    },
  ],
])("LangChain.js ChatOpenAI on the Responses API against the fake through %s", (_name, install) => {
  let fake: Fake;
  let chat: (fields?: ChatOpenAIFields) => ChatOpenAI;
  let close: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    fake = fakeResponses();
    const installed = await install(fake);
    close = installed.close;
    chat = (fields = {}) =>
      new ChatOpenAI({
        model: "gpt-5",
        useResponsesApi: true,
        apiKey: "test-key",
        maxRetries: 0,
        configuration: installed.configuration,
        ...fields,
      });
  });
  afterEach(async () => {
    await close?.();
  });

  test("invoke answers with the scripted text, and the response is the fake's own", async () => {
    fake.reply(turn.message("Clear skies."));
    const answer = await chat().invoke("Weather in Oslo?");
    expect(answer.text).toBe("Clear skies.");
    expect(fake.responses.has(String(answer.id ?? answer.response_metadata.id))).toBe(true);
  });

  test("bindTools: the scripted call comes back as a tool call, the tool's answer goes back paired", async () => {
    fake.reply(turn.functionCall("weather", { city: "Oslo" }), turn.message("Oslo is clear."));
    const model = chat().bindTools([weather]);
    const messages: BaseMessage[] = [new HumanMessage("Weather in Oslo?")];
    const called = await model.invoke(messages);
    expect(called.tool_calls).toMatchObject([{ name: "weather", args: { city: "Oslo" } }]);
    messages.push(called);
    for (const call of called.tool_calls ?? []) messages.push(await weather.invoke(call));
    const answer = await model.invoke(messages);
    expect(answer.text).toBe("Oslo is clear.");
    expect(messages.at(-1)).toBeInstanceOf(ToolMessage);
    const [, second] = fake.requests;
    if (second?.route !== "responses.create") throw new Error("expected a second create");
    expect(second.body.input).toHaveAllCallsPaired();
    expect(second.body.tools).toMatchObject([{ type: "function", name: "weather" }]);
  });

  test("stream: the text arrives in several chunks that add up to the answer", async () => {
    fake.reply(turn.message("Lima is clear today."));
    const chunks: string[] = [];
    for await (const chunk of await chat({ streaming: true }).stream("Weather in Lima?")) chunks.push(chunk.text);
    expect(chunks.filter((c) => c !== "").length).toBeGreaterThan(1);
    expect(chunks.join("")).toBe("Lima is clear today.");
  });

  test("zdrEnabled (store: false): reasoning sent back by id alone is the API's 404; with its encrypted content, taken", async () => {
    fake.reply(
      turn.reasoning("Think.", turn.message("First.")),
      turn.reasoning("Think.", turn.message("First.")),
      turn.message("Second."),
    );
    const model = chat({ zdrEnabled: true, reasoning: { effort: "low", summary: "auto" } });
    const twoTurns = async (options: { include?: ["reasoning.encrypted_content"] }) => {
      const messages: BaseMessage[] = [new HumanMessage("One?")];
      const first = await model.invoke(messages, options);
      expect(first).toBeInstanceOf(AIMessage);
      messages.push(first, new HumanMessage("Two?"));
      return model.invoke(messages, options);
    };
    // the bug strict mode is for: without include, nothing kept the reasoning the history names
    await expect(twoTurns({})).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining("Items are not persisted when `store` is set to false"),
    });
    expect((await twoTurns({ include: ["reasoning.encrypted_content"] })).text).toBe("Second.");
    const replayed = fake.requests.at(-1);
    if (replayed?.route !== "responses.create") throw new Error("expected a create");
    expect(replayed.body).toMatchObject({ store: false, include: ["reasoning.encrypted_content"] });
    expect(replayed.body.input).toContainEqual(
      expect.objectContaining({ type: "reasoning", encrypted_content: expect.stringMatching(/^gAAAAA/) }),
    );
  });

  test("previous_response_id: the chain continues from the fake's stored response", async () => {
    fake.reply(turn.message("Paris."));
    let seen = 0;
    const first = await chat().invoke("Capital of France?");
    fake.respond(({ conversation }) => {
      seen = conversation.length;
      return turn.message("The Seine.");
    });
    const second = await chat().invoke("And its river?", {
      previous_response_id: String(first.response_metadata.id),
    });
    expect(second.text).toBe("The Seine.");
    expect(seen).toBe(3); // the first question, its answer, this question
  });
});
