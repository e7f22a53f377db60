// The Gemini fake through the official `@google/genai` client, unchanged (its `httpOptions.fetch`
// and `baseUrl`, as a test injects them): answers and their streams, function calling with thought
// signatures that must come back, the API's refusals and pairing rule in its words, Google's error
// shape, countTokens and the models; the conversation matchers read it.
import { type Content, type GenerateContentResponse, GoogleGenAI } from "@google/genai";
import { GoogleGenAI as GoogleGenAI2 } from "@google/genai-v2";
import { afterEach, describe, expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { sdkChecker } from "../sdkCheck.js";

const weather = {
  functionDeclarations: [
    {
      name: "get_weather",
      description: "The weather in a city.",
      parametersJsonSchema: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      },
    },
  ],
};

// both maintained majors, unchanged: 3.x (Node 22+) and 2.x (Node 20), through the same tests; typed as 3.x, whose
// client surface these tests use is the same in 2.x
// (3.x calls the API's v1, 2.x its v1beta: the fake serves both)
const MAJORS = [
  ["3", GoogleGenAI, "v1"],
  ["2", GoogleGenAI2 as unknown as typeof GoogleGenAI, "v1beta"],
] as const;

function setupWith(Client: typeof GoogleGenAI) {
  return (options: Parameters<typeof fakeGemini>[0] = {}) => {
    const fake = fakeGemini(options);
    made.push(fake);
    const ai = new Client({ apiKey: "test-key", httpOptions: { baseUrl: fake.baseUrl, fetch: fake.fetch } });
    return { fake, ai };
  };
}

/** Every answer and chunk the fake sent, field by field against `@google/genai`'s declarations. */
function sdkProblems(fake: ReturnType<typeof fakeGemini>): string[] {
  const check = sdkChecker("GeminiWire");
  const answers = fake.requests.flatMap((request) => {
    const body = request.response.body;
    return [...(Array.isArray(body) ? body : body === undefined ? [] : [body]), ...(request.response.events ?? [])];
  });
  return answers.flatMap((answer) => {
    if (!isRecord(answer) || !("responseId" in answer)) return [];
    const { candidates, usageMetadata, promptFeedback, modelVersion, responseId, ...rest } = answer;
    return [
      ...(Object.keys(rest).length > 0 ? [`unknown fields ${Object.keys(rest).join(", ")}`] : []),
      ...(typeof modelVersion === "string" && typeof responseId === "string" ? [] : ["modelVersion/responseId"]),
      ...(Array.isArray(candidates) ? candidates : []).flatMap((c) => check("candidate", c)),
      ...(usageMetadata === undefined ? [] : check("usage", usageMetadata)),
      ...(promptFeedback === undefined ? [] : check("promptFeedback", promptFeedback)),
    ];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// every test's answers, checked against the SDK's declarations once it is done
const made: Array<ReturnType<typeof fakeGemini>> = [];
afterEach(() => {
  const fakes = made.splice(0);
  expect(fakes.flatMap(sdkProblems)).toEqual([]);
});

test("the SDK check catches a field the SDK does not type so", () => {
  const check = sdkChecker("GeminiWire");
  expect(check("candidate", { index: 0, finishReason: "FINISHED" })).not.toEqual([]);
  expect(
    check("candidate", { index: 0, finishReason: "STOP", content: { role: "model", parts: [{ text: "x" }] } }),
  ).toEqual([]);
});

describe.each(MAJORS)("@google/genai %s", (_major, Client, version) => {
  const setup = setupWith(Client);
  describe("generateContent", () => {
    test("a message: the text, the finish reason, usage, the model version", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.message("Hello from the fake."));
      const response = await ai.models.generateContent({ model: "gemini-2.0-flash", contents: "Hi?" });
      expect(response.text).toBe("Hello from the fake.");
      expect(response.candidates?.[0]?.finishReason).toBe("STOP");
      expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
      expect(response.modelVersion).toBe("gemini-2.0-flash");
      expect(fake.requests[0]).toMatchObject({
        route: "models.generateContent",
        path: `/${version}/models/gemini-2.0-flash:generateContent`,
      });
    });

    test("a function call, answered, then the final text: the matchers read the conversation", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny in Paris."));
      const model = "gemini-2.5-flash";
      const config = { tools: [weather] };
      const contents: Content[] = [{ role: "user", parts: [{ text: "Weather in Paris?" }] }];
      const first = await ai.models.generateContent({ model, contents, config });
      expect(first.functionCalls).toEqual([{ name: "get_weather", args: { city: "Paris" } }]);
      const part = first.candidates?.[0]?.content?.parts?.[0];
      // a thinking model signs its first call; the signature goes back with the call
      expect(part?.thoughtSignature).toEqual(expect.any(String));
      // opaque bytes as base64, which the clients decode (the Python SDK's pydantic refused what was not)
      const signature = part?.thoughtSignature ?? "";
      expect(Buffer.from(signature, "base64").toString("base64")).toBe(signature);
      contents.push(first.candidates?.[0]?.content as Content, {
        role: "user",
        parts: [{ functionResponse: { name: "get_weather", response: { celsius: 21 } } }],
      });
      const second = await ai.models.generateContent({ model, contents, config });
      expect(second.text).toBe("Sunny in Paris.");
      expect(fake).toHaveCalledTool("get_weather", { city: "Paris" });
      expect(fake).toHaveAnsweredCall("gemini:get_weather:1", { celsius: 21 });
    });

    test("parallel calls with ids: each answered by its id", async () => {
      const { fake, ai } = setup();
      fake.reply(
        turn.parallelCalls([
          ["get_weather", { city: "Paris" }],
          ["get_weather", { city: "Oslo" }],
        ]),
      );
      const response = await ai.models.generateContent({
        model: "gemini-2.5-flash",
        contents: "Paris and Oslo?",
        config: { tools: [weather] },
      });
      expect(response.functionCalls?.map((call) => call.args)).toEqual([{ city: "Paris" }, { city: "Oslo" }]);
    });

    test("reasoning: a thought summary when includeThoughts, its tokens in usage", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.reasoning("Weighing the forecast.", turn.message("Take an umbrella.")));
      const response = await ai.models.generateContent({
        model: "gemini-2.5-pro",
        contents: "Umbrella?",
        config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
      });
      const parts = response.candidates?.[0]?.content?.parts ?? [];
      expect(parts[0]).toMatchObject({ thought: true, text: "Weighing the forecast." });
      expect(response.text).toBe("Take an umbrella.");
      expect(response.usageMetadata?.thoughtsTokenCount).toBeGreaterThan(0);
    });

    test("a refusal is a SAFETY finish with no content; a call cut off, MAX_TOKENS without the call", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.refusal("No."), turn.incomplete({ name: "get_weather", arguments: { city: "Paris" } }));
      const refused = await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "?" });
      expect(refused.candidates?.[0]).toMatchObject({ finishReason: "SAFETY" });
      expect(refused.text).toBeUndefined();
      const cut = await ai.models.generateContent({
        model: "gemini-2.5-flash",
        contents: "?",
        config: { tools: [weather] },
      });
      expect(cut.candidates?.[0]?.finishReason).toBe("MAX_TOKENS");
      expect(cut.functionCalls).toBeUndefined();
    });
  });

  describe("generateContentStream", () => {
    test("text in pieces, the call whole in one chunk, the finish and usage on the last", async () => {
      const { fake, ai } = setup({ deltas: 3 });
      fake.reply(turn.message("Sunny and warm in Paris."));
      const chunks: GenerateContentResponse[] = [];
      for await (const chunk of await ai.models.generateContentStream({
        model: "gemini-2.0-flash",
        contents: "Paris?",
      }))
        chunks.push(chunk);
      expect(chunks.map((c) => c.text ?? "").join("")).toBe("Sunny and warm in Paris.");
      expect(chunks.length).toBeGreaterThan(2);
      expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe("STOP");
      expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
      expect(fake.requests[0]).toMatchObject({ route: "models.generateContentStream" });
      expect(fake.requests[0]?.url).toContain("alt=sse");
    });

    test("a stream error mid-answer: the SDK throws it after the pieces so far", async () => {
      const { fake, ai } = setup();
      fake.reply(
        turn.streamError({ code: "server_error", message: "The model broke." }, turn.message("Half an answer")),
      );
      const seen: string[] = [];
      const read = async () => {
        for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.0-flash", contents: "?" }))
          seen.push(chunk.text ?? "");
      };
      await expect(read()).rejects.toThrow(/The model broke/);
      expect(seen.join("")).toBe("Half an answer");
    });
  });

  describe("the API's rules, in its words (strict)", () => {
    test("a call not answered by as many function responses is a 400 the SDK raises", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.message("x"));
      const contents: Content[] = [
        { role: "user", parts: [{ text: "Weather?" }] },
        { role: "model", parts: [{ functionCall: { name: "get_weather", args: { city: "Paris" } } }] },
        { role: "user", parts: [{ text: "never mind" }] },
      ];
      await expect(
        ai.models.generateContent({ model: "gemini-2.0-flash", contents, config: { tools: [weather] } }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining(
          "the number of function response parts is equal to the number of function call parts",
        ),
      });
      expect(fake.pending).toBe(1);
    });

    test("Gemini 3: the current turn's call without its thought signature is the API's 400", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny."));
      const model = "gemini-3-pro-preview";
      const config = { tools: [weather] };
      const contents: Content[] = [{ role: "user", parts: [{ text: "Weather in Paris?" }] }];
      const first = await ai.models.generateContent({ model, contents, config });
      const call = first.candidates?.[0]?.content as Content;
      const answer: Content = {
        role: "user",
        parts: [{ functionResponse: { name: "get_weather", response: { c: 21 } } }],
      };
      const { thoughtSignature: _dropped, ...unsigned } = call.parts?.[0] ?? {};
      await expect(
        ai.models.generateContent({
          model,
          contents: [...contents, { role: "model", parts: [unsigned] }, answer],
          config,
        }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("Function call is missing a thought_signature in functionCall parts"),
      });
      const tampered = { ...call.parts?.[0], thoughtSignature: "Cs0000" };
      await expect(
        ai.models.generateContent({
          model,
          contents: [...contents, { role: "model", parts: [tampered] }, answer],
          config,
        }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Corrupted thought signature") });
      const notBytes = { ...call.parts?.[0], thoughtSignature: "not base64!" };
      await expect(
        ai.models.generateContent({
          model,
          contents: [...contents, { role: "model", parts: [notBytes] }, answer],
          config,
        }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("(TYPE_BYTES), Base64 decoding failed"),
      });
      const final = await ai.models.generateContent({ model, contents: [...contents, call, answer], config });
      expect(final.text).toBe("Sunny.");
    });

    test("a role the API does not know, a value of the wrong type: Google's words", async () => {
      const { ai } = setup();
      await expect(
        ai.models.generateContent({
          model: "gemini-2.0-flash",
          contents: [{ role: "assistant", parts: [{ text: "x" }] }],
        }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("Please use a valid role: user, model."),
      });
      await expect(
        ai.models.generateContent({
          model: "gemini-2.0-flash",
          contents: "x",
          config: { candidateCount: "two" as never },
        }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("Invalid value at 'generation_config.candidate_count' (TYPE_INT32)"),
      });
    });

    test("no key is Google's 403; a scripted 429 carries its RetryInfo", async () => {
      const fake = fakeGemini();
      const anonymous = await fake.fetch(`${fake.baseUrl}/v1beta/models/gemini-2.0-flash:generateContent`, {
        method: "POST",
        body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
      });
      expect(anonymous.status).toBe(403);
      expect(await anonymous.json()).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED" } });
      // an OAuth bearer token is a key too (as the docs say)
      fake.reply(turn.message("With a token."));
      const bearer = await fake.fetch(`${fake.baseUrl}/v1beta/models/gemini-2.0-flash:generateContent`, {
        method: "POST",
        headers: { authorization: "Bearer ya29.token" },
        body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
      });
      expect(bearer.status).toBe(200);
      fake.reply(turn.error(429, { headers: { "retry-after": "3" } }));
      const limited = await fake.fetch(`${fake.baseUrl}/v1beta/models/gemini-2.0-flash:generateContent?key=k`, {
        method: "POST",
        body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
      });
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({
        error: {
          code: 429,
          status: "RESOURCE_EXHAUSTED",
          details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3s" }],
        },
      });
    });

    test("a script the request could not produce: a call under mode NONE", async () => {
      const { fake, ai } = setup();
      fake.reply(turn.functionCall("get_weather", { city: "Paris" }));
      await expect(
        ai.models.generateContent({
          model: "gemini-2.0-flash",
          contents: "x",
          config: { tools: [weather], toolConfig: { functionCallingConfig: { mode: "NONE" as never } } },
        }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("functionCallingConfig mode is") });
    });

    test("a builder that means nothing on this wire is refused naming it", () => {
      expect(() => fakeGemini().reply(turn.computerCall())).toThrow(/Gemini/);
    });
  });

  describe("countTokens and the models", () => {
    test("countTokens counts the contents; the models are listed and read", async () => {
      const { ai } = setup();
      const counted = await ai.models.countTokens({ model: "gemini-2.5-flash", contents: "How many tokens is this?" });
      expect(counted.totalTokens).toBeGreaterThan(0);
      const model = await ai.models.get({ model: "gemini-2.5-flash" });
      expect(model.name).toBe("models/gemini-2.5-flash");
      const names: string[] = [];
      for await (const listed of await ai.models.list()) names.push(String(listed.name));
      expect(names).toContain("models/gemini-3-pro-preview");
    });
  });

  describe("the transports", () => {
    test("listen(): the SDK over HTTP, streaming", async () => {
      const fake = fakeGemini();
      made.push(fake);
      fake.reply(turn.message("Over the wire."));
      const server = await fake.listen();
      try {
        const ai = new Client({ apiKey: "k", httpOptions: { baseUrl: server.url } });
        let text = "";
        for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.0-flash", contents: "?" }))
          text += chunk.text ?? "";
        expect(text).toBe("Over the wire.");
      } finally {
        await server.close();
      }
    });
  });
});
