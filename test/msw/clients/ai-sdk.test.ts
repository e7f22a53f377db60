// The Vercel AI SDK (`ai` + `@ai-sdk/openai`, the Responses API by default), used as its docs
// show, unchanged, against the Responses fake: through `fake.fetch` and through `fake.listen()`.
// Each flow is one a third-party run found wrong in the fake (issue: the fakes follow the SDKs).
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ModelMessage, stepCountIs, streamText, tool } from "ai";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeResponses, turn } from "../../../fixtures/msw/index.js";
import { checkPair } from "../../../src/index.js";

type Fake = ReturnType<typeof fakeResponses>;
type Item = Record<string, unknown>;
type Installed = { provider: ReturnType<typeof createOpenAI>; close?: () => Promise<void> };

const weather = tool({
  description: "The weather in a city.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: "clear" }),
});

const inputOf = (fake: Fake, i: number): Item[] => {
  const entry = fake.requests[i];
  if (entry?.route !== "responses.create") throw new Error(`request ${i} is not a create`);
  return Array.isArray(entry.body.input) ? (entry.body.input as Item[]) : [];
};

describe.each([
  [
    "fake.fetch",
    async (fake: Fake): Promise<Installed> => ({ provider: createOpenAI({ apiKey: "test-key", fetch: fake.fetch }) }),
  ],
  [
    "fake.listen()",
    async (fake: Fake): Promise<Installed> => {
      const server = await fake.listen();
      return { provider: createOpenAI({ apiKey: "test-key", baseURL: server.url }), close: () => server.close() };
    },
  ],
])("the AI SDK against the fake through %s", (_name, install) => {
  let fake: Fake;
  let openai: ReturnType<typeof createOpenAI>;
  let close: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    fake = fakeResponses();
    ({ provider: openai, close } = await install(fake));
  });
  afterEach(async () => {
    await close?.();
  });

  test("generateText answers with the scripted text", async () => {
    fake.reply(turn.message("Clear skies."));
    const { text, response } = await generateText({ model: openai("gpt-5"), prompt: "Weather in Oslo?" });
    expect(text).toBe("Clear skies.");
    expect(fake.responses.has(response.id)).toBe(true);
  });

  test("a tool loop: the scripted call runs the tool, its output goes back paired, the answer ends it", async () => {
    fake.respond(({ conversation }) => {
      const output = conversation.findLast((item) => (item as Item).type === "function_call_output");
      if (output === undefined) return turn.functionCall("weather", { city: "Oslo" });
      const call = conversation.find((item) => (item as Item).call_id === (output as Item).call_id);
      expect(checkPair(call, output)).toMatchObject({ ok: true });
      return turn.message(`Sky: ${JSON.parse(String((output as Item).output)).sky}.`);
    });
    const result = await generateText({
      model: openai("gpt-5"),
      prompt: "Weather in Oslo?",
      tools: { weather },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(result.text).toBe("Sky: clear.");
    expect(result.steps[0]?.toolCalls).toMatchObject([{ toolName: "weather", input: { city: "Oslo" } }]);
    expect(fake.requests).toHaveLength(2);
    // stored as the API stores it: the call the AI SDK sent back without a status is a completed one
    expect(fake.items(result.response.id)).toHaveAllCallsPaired();
  });

  test("a provider tool beside a function tool: both are declared and the response reports both", async () => {
    fake.reply(turn.message("Searched."));
    const { response } = await generateText({
      model: openai("gpt-5"),
      prompt: "News?",
      tools: { weather, web_search: openai.tools.webSearch({ searchContextSize: "low" }) },
    });
    expect(fake.responses.get(response.id)?.tools).toEqual([
      expect.objectContaining({ type: "function", name: "weather" }),
      { type: "web_search", search_context_size: "low" },
    ]);
  });

  test("the settings it sends come back in the response, as the API echoes them", async () => {
    fake.reply(turn.message("ok"));
    const { response } = await generateText({
      model: openai("gpt-5.6"),
      prompt: "Hi",
      providerOptions: {
        openai: {
          user: "user-7",
          promptCacheKey: "app-v1",
          promptCacheRetention: "24h",
          promptCacheOptions: { mode: "explicit", ttl: "12h" },
          reasoningEffort: "low",
          reasoningSummary: "auto",
          reasoningMode: "pro",
          reasoningContext: "all_turns",
          textVerbosity: "low",
          serviceTier: "flex",
        },
      },
    });
    expect(fake.responses.get(response.id)).toMatchObject({
      user: "user-7",
      prompt_cache_key: "app-v1",
      prompt_cache_retention: "24h",
      prompt_cache_options: { mode: "explicit", ttl: "12h" },
      reasoning: { effort: "low", summary: "auto", mode: "pro", context: "all_turns" },
      text: { verbosity: "low" },
      service_tier: "flex",
    });
  });

  test("a namespaced tool is called in its namespace; a programmatic-only one is never called directly", async () => {
    const lookup = tool({
      description: "Find a contact.",
      inputSchema: z.object({ name: z.string() }),
      execute: async ({ name }) => ({ name, email: "ada@example.com" }),
      providerOptions: { openai: { namespace: { name: "crm", description: "The CRM." } } },
    });
    const audit = tool({
      description: "Audit the run.",
      inputSchema: z.object({}),
      execute: async () => "ok",
      providerOptions: { openai: { allowedCallers: ["programmatic"] } },
    });
    const tools = { weather, find_contact: lookup, audit };
    fake.reply(turn.functionCall("find_contact", { name: "Ada" }), turn.message("Found."));
    const found = await generateText({ model: openai("gpt-5"), prompt: "Ada?", tools, stopWhen: stepCountIs(3) });
    expect(found.steps[0]?.toolResults).toMatchObject([
      {
        toolName: "find_contact",
        output: { email: "ada@example.com" },
        providerMetadata: { openai: { namespace: "crm" } },
      },
    ]);
    // a script that has the model call it directly is the script's mistake, and says so
    fake.reply(turn.functionCall("audit", {}));
    await expect(generateText({ model: openai("gpt-5"), prompt: "Audit?", tools, maxRetries: 0 })).rejects.toThrow(
      /"audit" may be called only by a program/,
    );
  });

  test("streamText streams the deltas and the tool call, as the SDK parses them", async () => {
    fake.reply(turn.functionCall("weather", { city: "Lima" }), turn.message("Lima is clear today."));
    const result = streamText({
      model: openai("gpt-5"),
      prompt: "Weather in Lima?",
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Lima is clear today.");
    expect((await result.steps)[0]?.toolResults).toMatchObject([{ output: { city: "Lima", sky: "clear" } }]);
  });

  test("store: false with a reasoning model: the history it replays (reasoning, an assistant message without an id) is taken", async () => {
    // the AI SDK's zero-data-retention path: each reasoning item comes back with its encrypted content
    fake.reply(turn.reasoning("Think.", turn.message("First.")), turn.message("Second."));
    const providerOptions = { openai: { store: false, include: ["reasoning.encrypted_content" as const] } };
    const messages: ModelMessage[] = [{ role: "user", content: "One?" }];
    const first = await generateText({ model: openai("gpt-5"), messages, providerOptions });
    messages.push(...first.responseMessages, { role: "user", content: "Two?" });
    const second = await generateText({ model: openai("gpt-5"), messages, providerOptions });
    expect(second.text).toBe("Second.");
    const replayed = inputOf(fake, 1);
    expect(replayed).toContainEqual(
      expect.objectContaining({ type: "reasoning", encrypted_content: expect.stringMatching(/^gAAAAA/) }),
    );
    expect(replayed).toContainEqual(expect.objectContaining({ role: "assistant" }));
  });

  test("stored by default: the earlier turns come back as item references, and the script sees what they name", async () => {
    fake.reply(turn.reasoning("Think.", turn.message("Paris.")));
    const messages: ModelMessage[] = [{ role: "user", content: "Capital of France?" }];
    const first = await generateText({ model: openai("gpt-5"), messages });
    messages.push(...first.responseMessages, { role: "user", content: "And its river?" });
    let seen: unknown[] = [];
    fake.respond(({ conversation }) => {
      seen = conversation;
      return turn.message("The Seine.");
    });
    const second = await generateText({ model: openai("gpt-5"), messages });
    expect(second.text).toBe("The Seine.");
    expect(inputOf(fake, 1)).toContainEqual(expect.objectContaining({ type: "item_reference" }));
    expect(seen).toContainEqual(expect.objectContaining({ type: "message", role: "assistant" }));
    expect(seen).not.toContainEqual(expect.objectContaining({ type: "item_reference" }));
  });

  test("a reference to an item the fake never made is the API's 404, not an answer", async () => {
    const messages: ModelMessage[] = [
      { role: "user", content: "Hi" },
      {
        role: "assistant",
        content: [{ type: "text", text: "Hello.", providerOptions: { openai: { itemId: "msg_unknown" } } }],
      },
      { role: "user", content: "Again?" },
    ];
    // a model without reasoning: the AI SDK sends a stored message as a reference whatever came before it
    await expect(generateText({ model: openai("gpt-4.1"), messages, maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringContaining("msg_unknown"),
    });
  });

  test("logprobs: asked for, each token comes back with its log probability and alternatives", async () => {
    fake.reply(turn.message("Up four percent."));
    const { providerMetadata } = await generateText({
      model: openai("gpt-4.1"),
      prompt: "Sales?",
      providerOptions: { openai: { logprobs: 2 } },
    });
    const logprobs = providerMetadata?.openai?.logprobs as
      | Array<Array<{ token: string; logprob: number; top_logprobs: unknown[] }>>
      | undefined;
    expect(
      logprobs
        ?.flat()
        .map((l) => l.token)
        .join(""),
    ).toBe("Up four percent.");
    expect(logprobs?.flat().every((l) => l.logprob <= 0 && l.top_logprobs.length === 2)).toBe(true);
  });
});
