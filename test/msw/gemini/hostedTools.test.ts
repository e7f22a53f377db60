// Gemini's hosted tools through `@google/genai`, unchanged: a Google Search the model ran
// (`turn.webSearch`: the answer's `groundingMetadata` — its queries, the pages, the text they
// support, the search suggestion) and code it ran (`turn.codeInterpreter`: `executableCode` and
// `codeExecutionResult` parts), answered and streamed, each candidate checked against the SDK's
// `Candidate`; a strict fake refuses one the request did not declare; another wire cannot take them.
import { type GenerateContentResponse, GoogleGenAI } from "@google/genai";
import { expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { sdkChecker } from "../sdkCheck.js";

function setup() {
  const fake = fakeGemini();
  return { fake, ai: new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fake.baseUrl, fetch: fake.fetch } }) };
}

const check = sdkChecker("GeminiWire");
const candidateProblems = (answers: GenerateContentResponse[]) =>
  answers.flatMap((answer) => (answer.candidates ?? []).flatMap((candidate) => check("candidate", candidate)));

const sources = [
  { url: "https://weather.example/paris", title: "Paris weather" },
  { url: "https://meteo.example/fr", title: "Météo France" },
];

test("a Google Search grounds the answer: its queries, its pages, the text they support", async () => {
  const { fake, ai } = setup();
  fake.reply(turn.webSearch("paris weather today", { sources, next: turn.message("Sunny, 21 °C.") }));
  const response = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Weather in Paris today?",
    config: { tools: [{ googleSearch: {} }] },
  });
  expect(response.text).toBe("Sunny, 21 °C.");
  const grounding = response.candidates?.[0]?.groundingMetadata;
  expect(grounding?.webSearchQueries).toEqual(["paris weather today"]);
  expect(grounding?.groundingChunks?.map((chunk) => chunk.web?.uri)).toEqual(sources.map((s) => s.url));
  expect(grounding?.groundingSupports?.[0]).toMatchObject({
    segment: { startIndex: 0, text: "Sunny, 21 °C." },
    groundingChunkIndices: [0, 1],
  });
  expect(grounding?.searchEntryPoint?.renderedContent).toContain("paris weather today");
  expect(candidateProblems([response])).toEqual([]);
  // a search the model ran is no call the app answers
  expect(fake).not.toHaveCalledTool("googleSearch");
});

test("streamed: the text in pieces, the grounding on the last chunk; the query defaults to what was asked", async () => {
  const gemini = fakeGemini({ deltas: 3 });
  const ai = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: gemini.baseUrl, fetch: gemini.fetch } });
  gemini.reply(turn.webSearch());
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of await ai.models.generateContentStream({
    model: "gemini-2.5-flash",
    contents: "Latest agent testing news?",
    config: { tools: [{ googleSearch: {} }] },
  }))
    chunks.push(chunk);
  expect(chunks.map((c) => c.text ?? "").join("")).toContain("Here is what I found");
  expect(chunks.at(-1)?.candidates?.[0]?.groundingMetadata?.webSearchQueries).toEqual(["Latest agent testing news?"]);
  expect(chunks.slice(0, -1).every((c) => c.candidates?.[0]?.groundingMetadata === undefined)).toBe(true);
  expect(candidateProblems(chunks)).toEqual([]);
});

test("code execution: the code, its result, then the answer; streamed whole", async () => {
  const { fake, ai } = setup();
  const script = () => turn.codeInterpreter("print(2 + 2)", { logs: "4\n", next: turn.message("It is 4.") });
  fake.reply(script(), script());
  const config = { tools: [{ codeExecution: {} }] };
  const response = await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "2 + 2?", config });
  expect(response.executableCode).toBe("print(2 + 2)");
  expect(response.codeExecutionResult).toBe("4\n");
  expect(response.candidates?.[0]?.content?.parts?.map((part) => Object.keys(part)[0])).toEqual([
    "executableCode",
    "codeExecutionResult",
    "text",
  ]);
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.5-flash", contents: "?", config }))
    chunks.push(chunk);
  expect(chunks.map((c) => c.executableCode).filter(Boolean)).toEqual(["print(2 + 2)"]);
  expect(chunks.map((c) => c.text ?? "").join("")).toBe("It is 4.");
  expect(candidateProblems([response, ...chunks])).toEqual([]);
  // the code Gemini ran is its own: another wire has no such part
  const history = [{ role: "user", parts: [{ text: "2 + 2?" }] }, response.candidates?.[0]?.content];
  expect(history).toBePortableTo("gemini");
  expect(() => expect(history).toBePortableTo("anthropic")).toThrow(/hosted_tool_item: \[1\] code Gemini ran/);
});

test("strict: a hosted tool the request did not declare is a script it could not produce; another API's is refused", async () => {
  const { fake, ai } = setup();
  fake.reply(turn.webSearch("x"));
  await expect(ai.models.generateContent({ model: "gemini-2.5-flash", contents: "?" })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining("the request declares no googleSearch (or urlContext) tool"),
  });
  expect(() => fake.reply(turn.fileSearch("docs"))).toThrow(/Gemini.*file_search_call is another API's/);
});

test("URL context: with the urlContext tool, a scripted web search's sources are the pages the model read", async () => {
  const { fake, ai } = setup();
  const pages = [{ url: "https://example.com/post", title: "A post" }];
  fake.reply(
    turn.webSearch(undefined, { sources: pages, next: turn.message("It says hello.") }),
    turn.webSearch("post summary", { sources: pages, next: turn.message("Found and read.") }),
  );
  const read = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Summarise https://example.com/post",
    config: { tools: [{ urlContext: {} }] },
  });
  expect(read.text).toBe("It says hello.");
  expect(read.candidates?.[0]?.urlContextMetadata?.urlMetadata).toEqual([
    { retrievedUrl: "https://example.com/post", urlRetrievalStatus: "URL_RETRIEVAL_STATUS_SUCCESS" },
  ]);
  expect(read.candidates?.[0]?.groundingMetadata).toBeUndefined();
  // beside a Google Search, both: what it searched, and the pages it read
  const both = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Find and summarise the post",
    config: { tools: [{ urlContext: {} }, { googleSearch: {} }] },
  });
  expect(both.candidates?.[0]?.groundingMetadata?.webSearchQueries).toEqual(["post summary"]);
  expect(both.candidates?.[0]?.urlContextMetadata?.urlMetadata).toHaveLength(1);
  expect(candidateProblems([read, both])).toEqual([]);
});
