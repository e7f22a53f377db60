// Issue 36's adversarial round on round 3's surface: each case below failed (a host that died, a
// hang, unbounded memory or work, a silent change) and is written to fail without its fix.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI, { toFile } from "openai";
import { describe, expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { agentStep, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { responsesRoutes } from "../../fixtures/msw/responses/routes.js";
import { createContext } from "../../fixtures/msw/responses/state.js";
import { checkCustomInput } from "../../src/customTools.js";
import { promptPrefixReport } from "../../src/promptCache.js";

describe("super-linear work", () => {
  test("a custom tool's regex grammar the linear engine cannot run is not checked, never backtracked (29 characters of (?=a)(a+)+b)", () => {
    const tool = { type: "custom", name: "g", format: { type: "grammar", syntax: "regex", definition: "(?=a)(a+)+b" } };
    const verdict = checkCustomInput(tool, "a".repeat(29));
    expect(verdict).toMatchObject({ ok: true, checked: false });
    expect(verdict.message).toContain("needs backtracking");
    const backreference = { ...tool, format: { ...tool.format, definition: "(a)\\1" } };
    expect(checkCustomInput(backreference, "aa")).toMatchObject({ checked: false });
  });

  test("toKeepPromptCachePrefix on a body whose tool refers to itself twice: each object read once", () => {
    const tool: Record<string, unknown> = { type: "function", name: "loop", parameters: { type: "object" } };
    tool.left = tool;
    tool.right = tool;
    let chain: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 64; i++) chain = { a: chain, b: chain }; // shared all the way down
    const bodies = [
      { model: "gpt-5", tools: [tool, chain], input: "Hi" },
      { model: "gpt-5", tools: [tool, chain], input: "Hi again" },
    ];
    expect(promptPrefixReport(bodies).requests).toBe(2);
  });
});

describe("generation from a pattern", () => {
  test("a nested repeat whose shortest match is 20,000,000 characters is refused at once, not generated", () => {
    const f = createFactories({
      seed: 1,
      tools: [
        {
          type: "function",
          name: "t",
          parameters: {
            type: "object",
            properties: { s: { type: "string", pattern: "^((a{1000}){1000}){20}$" } },
            required: ["s"],
          },
        },
      ],
    });
    expect(() => f.functionCall({ name: "t" })).toThrow(/more than agent-testkit generates/);
  });

  test("a pattern within the bound still generates a matching string", () => {
    const tool = {
      type: "function" as const,
      name: "t",
      parameters: {
        type: "object",
        properties: { s: { type: "string", maxLength: 20_000, pattern: "^(a{100}){100}(b|cc)+$" } },
        required: ["s"],
        additionalProperties: false,
      },
    };
    const call = createFactories({ seed: 2, tools: [tool] }).functionCall({ name: "t" });
    const { s } = JSON.parse(call.arguments) as { s: string };
    expect(s).toMatch(/^(a{100}){100}(b|cc)+$/);
  });
});

describe("validation gaps", () => {
  test("a namespace tool's function whose schema does not compile ($ref to nowhere) is a 400 naming it, not a 200 then a 500", async () => {
    const fake = fakeResponses().reply(turn.functionCall("find", { id: "1" }));
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const tools = [
      {
        type: "namespace",
        name: "crm",
        description: "CRM",
        tools: [{ type: "function", name: "find", parameters: { $ref: "#/$defs/nowhere" } }],
      },
    ];
    await expect(client.responses.create({ model: "gpt-5", input: "x", tools: tools as never })).rejects.toMatchObject({
      status: 400,
      code: "invalid_function_parameters",
      param: "tools[0].tools[0].parameters",
    });
  });
});

test("a cyclic or BigInt argument to agentStep.mcpCall / mcpApproval is a mistake told at once, never a session stuck in_progress", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  expect(() => agentStep.mcpCall("docs", "search", cyclic)).toThrow(
    /agentStep\.mcpCall\(server, name, arguments\) takes JSON; got a value that is not/,
  );
  expect(() => agentStep.mcpApproval({ server_label: "docs", name: "search", arguments: { n: 1n } })).toThrow(
    RangeError,
  );
  expect(agentStep.mcpCall("docs", "search", { q: "refunds" })).toBeDefined();
});

test("a cassette of 12,000 lines written section first (as docs/cassettes.md shows them) indexes in linear time", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-section-first-"));
  const path = join(dir, "section-first.jsonl");
  const line = (i: number) =>
    JSON.stringify({
      section: `s${i}`,
      request: { method: "POST", path: "/responses", body: { model: "gpt-5", input: `q${i}` } },
      response: { status: 200, headers: {}, body: { id: `resp_${i}`, object: "response", output: [] } },
    });
  writeFileSync(path, `${Array.from({ length: 12_000 }, (_, i) => line(i)).join("\n")}\n`);
  const fake = fakeResponses({ cassette: { path, section: "s11999", mode: "replay" } });
  const answer = await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
    model: "gpt-5",
    input: "q11999",
  });
  expect(answer.id).toBe("resp_11999");
}, 5_000);

test("a vector store search with a 96 KB query over a 116 KB file looks up each query word once", async () => {
  const fake = fakeResponses();
  const openai = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");
  // a paragraph per word: ~14,000 passages; a query of ~12,000 distinct words
  const text = Array.from({ length: 14_000 }, (_, p) => `w${p}x`).join("\n\n");
  const file = await openai.files.create({
    file: await toFile(Buffer.from(text.slice(0, 116_000)), "big.txt"),
    purpose: "assistants",
  });
  const store = await openai.vectorStores.create({ name: "big", file_ids: [file.id] });
  const query = `${words(12_000, "q")} w3x`.slice(-96_000);
  const found = await openai.vectorStores.search(store.id, { query, max_num_results: 3 });
  expect(found.data[0]?.content[0]?.text).toBe("w3x");
}, 1_000); // ~0.07 s; each query word against each passage took 2 s here (5 s at the report's sizes)

test("a file batch of 30,000 ids counts the store once, not once per file", async () => {
  // the route as the fake serves it, on files stored directly (30,000 uploads would be the test's cost)
  const ctx = createContext({});
  const ids = Array.from({ length: 30_000 }, (_, i) => `file-${i}`);
  for (const id of ids)
    ctx.storage.files.set(id, {
      object: { id, bytes: 1, filename: `${id}.txt` },
      content: new Uint8Array([120]),
    } as never);
  const call = async (path: string, body: unknown) => {
    const url = new URL(`https://api.openai.com/v1${path}`);
    const request = {
      method: "POST",
      url: url.href,
      headers: new Headers({ "content-type": "application/json", authorization: "Bearer k" }),
      text: async () => JSON.stringify(body),
    };
    const record = { body: undefined, response: {} } as never;
    return (await responsesRoutes.dispatch(ctx, request, url, record)).json() as Promise<Record<string, unknown>>;
  };
  const store = await call("/vector_stores", { name: "big" });
  const batch = await call(`/vector_stores/${store.id}/file_batches`, { file_ids: ids });
  expect(batch.file_counts).toMatchObject({ completed: 30_000, total: 30_000 });
}, 2_000); // ~0.1 s; a recount per file was 30,000 × 30,000
