// The replay gate on Gemini: a `functionCall` part judged as the call it stands for, against
// `functionDeclarations` (as `parametersJsonSchema` or Google's OpenAPI `parameters`), and a call
// that lost its thought signature is a reason of its own — on the answers `@google/genai` got from
// the fake, and in `agent-testkit check` over a log of them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GenerateContentResponse, GoogleGenAI, type Tool, Type } from "@google/genai";
import { describe, expect, test } from "vitest";
import { fakeGemini, turn } from "../../../fixtures/msw/index.js";
import { replayGate, replayReason } from "../../../src/index.js";
import "../../../matchers/vitest.js";
import { run } from "../../cli/run.js";

// typed as the SDK types it: a `Tool` is a ToolSpec as it is
const weather: Tool = {
  functionDeclarations: [
    {
      name: "get_weather",
      parametersJsonSchema: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      },
    },
    // Google's OpenAPI subset, as older apps declare it
    {
      name: "get_time",
      parameters: { type: Type.OBJECT, properties: { zone: { type: Type.STRING } }, required: ["zone"] },
    },
    { name: "now" },
  ],
};
const tools = [weather, { googleSearch: {} }];

async function answers(model: string, script: Parameters<ReturnType<typeof fakeGemini>["reply"]>) {
  const fake = fakeGemini();
  const ai = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fake.baseUrl, fetch: fake.fetch } });
  fake.reply(...script);
  const got: GenerateContentResponse[] = [];
  for (let n = 0; n < script.length; n++)
    got.push(await ai.models.generateContent({ model, contents: "Paris?", config: { tools: [weather] } }));
  return got.map((answer) => JSON.parse(JSON.stringify(answer)) as GenerateContentResponse);
}

describe("replayGate on a functionCall part", () => {
  test("a signed call whose args fit its declaration passes; the args are parsed", async () => {
    const [answer] = await answers("gemini-3-pro-preview", [turn.functionCall("get_weather", { city: "Paris" })]);
    const part = answer!.candidates![0]!.content!.parts![0]!;
    expect(part.thoughtSignature).toEqual(expect.any(String));
    expect(replayGate(part, weather)).toMatchObject({ ok: true, reason: "ok", arguments: { city: "Paris" } });
    expect(part).toBeReplayable(tools);
  });

  test("without its signature: missing_signature, after every other rule", () => {
    const unsigned = { functionCall: { name: "get_weather", args: { city: "Paris" } } };
    const result = replayGate(unsigned, weather);
    expect(result).toMatchObject({ ok: false, reason: "missing_signature" });
    expect(result.message).toMatch(
      /^missing_signature: the functionCall part "get_weather" carries no thoughtSignature/,
    );
    expect(unsigned).toHaveReplayReason("missing_signature", weather);
    // the earlier rules speak first
    expect(replayReason({ functionCall: { name: "get_weather", args: { town: "Paris" } } }, weather)).toBe(
      "arguments_schema",
    );
    expect(replayReason({ functionCall: { name: "book", args: {} } }, weather)).toBe("unknown_tool");
    expect(replayReason({ functionCall: { name: "get_weather", args: 7 } }, weather)).toBe("arguments_type");
    expect(replayReason({ functionCall: { name: "get_weather", args: {} }, thoughtSignature: "" }, weather)).toBe(
      "arguments_schema",
    );
  });

  test("Google's OpenAPI parameters are read as the JSON Schema they stand for; a function without any takes any", () => {
    const signed = (name: string, args: unknown) => ({ functionCall: { name, args }, thoughtSignature: "c2ln" });
    expect(replayReason(signed("get_time", { zone: "CET" }), tools)).toBe("ok");
    expect(replayGate(signed("get_time", { zone: 1 }), tools).message).toContain("/zone must be string");
    expect(replayReason(signed("now", {}), tools)).toBe("ok");
    // a declaration alone is a tool set of one
    expect(replayReason(signed("get_weather", { city: "Oslo" }), weather.functionDeclarations![0]!)).toBe("ok");
  });

  test("a call without an id reads under its name; the conversation matchers agree", () => {
    const part = { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "c2ln" };
    expect(replayGate(part).ok).toBe(true);
    expect([{ role: "model", parts: [part] }]).toHaveCalledTool("get_weather", { city: "Paris" });
  });
});

describe("agent-testkit check over Gemini answers", () => {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-gemini-check-"));
  const write = (name: string, lines: unknown[]) => {
    const path = join(dir, name);
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join("\n"));
    return path;
  };
  const toolsFile = write("tools.json", [tools]);

  test("an answer's first call carries the step's signature; the parallel calls after it need none", async () => {
    const [parallel, text] = await answers("gemini-3-pro-preview", [
      turn.parallelCalls([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Oslo" }],
      ]),
      turn.message("Sunny."),
    ]);
    const stripped = structuredClone(parallel!);
    delete stripped.candidates![0]!.content!.parts![0]!.thoughtSignature;
    const [flash] = await answers("gemini-2.0-flash", [turn.functionCall("get_weather", { city: "Rome" })]);
    expect(flash!.candidates![0]!.content!.parts![0]!.thoughtSignature).toBeUndefined();
    const log = write("gemini.jsonl", [
      parallel,
      text,
      stripped,
      // a model that does not think signs nothing: its calls replay as they are
      flash,
      // a model content, and a part alone (which cannot say its model: the gate asks for the signature)
      stripped.candidates![0]!.content,
      { functionCall: { name: "get_weather", args: { city: "Lima" } } },
    ]);
    const { code, out } = await run(["check", log, "--tools", toolsFile, "--json"]);
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.counts).toMatchObject({ ok: 5, missing_signature: 3 });
    expect(report.skipped).toBe(1);
    expect(report.failures).toEqual([
      expect.objectContaining({ line: 3, index: 0, reason: "missing_signature", tool: "get_weather" }),
      expect.objectContaining({ line: 5, index: 0, reason: "missing_signature", tool: "get_weather" }),
      expect.objectContaining({ line: 6, reason: "missing_signature", tool: "get_weather" }),
    ]);
  });
});
