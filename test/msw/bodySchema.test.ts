// Each create body is parsed by one schema (RESPONSES_CREATE_SCHEMA, AGENTS_CREATE_SCHEMA): held here to the
// Open Responses document vendored in the repository, property by property, and to the API's words
// for what a strict fake refuses.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { parseResponsesBody } from "../../fixtures/msw/kit/bodies.js";
import { parseCreate } from "../../fixtures/msw/responses/request.js";
import { RESPONSES_CREATE_SCHEMA } from "../../src/wire/responsesRequest.js";
import { documentSchema, specErrors } from "../fixtures/openapi.js";

const CANDIDATES: readonly unknown[] = [
  null,
  "",
  "gpt-5",
  "auto",
  "low",
  "disabled",
  "in_memory",
  0,
  17,
  1.5,
  -3,
  true,
  false,
  [],
  ["x"],
  [{ type: "message", role: "user", content: "hi" }],
  [{ type: "function", name: "f" }],
  {},
  { a: "b" },
  { type: "text" },
  { format: { type: "text" } },
  { format: { type: "json_schema", name: "n", schema: {} } },
  { effort: "low" },
  { type: "function", name: "f" },
  { include_obfuscation: true },
];

// What the schema lets through that the document refuses, each for a reason: the SDK wins where
// the two differ (its types are what clients send), and some fields are the fake's own rules.
const WIDER: Record<string, string> = {
  // an item's shape is checked by the fake's input rules, in the API's words
  'input=[{"type":"function","name":"f"}]': "items: the fake's rules",
  // the SDK types `include` as nullable; any string is kept (the SDK's list is longer than the document's)
  "include=null": "SDK: nullable",
  'include=["x"]': "kept as sent",
  // a tool's shape is checked by the fake's tool rules (checkTools), naming its index
  'tools=[{"type":"message","role":"user","content":"hi"}]': "tools: the fake's rules",
  // a tool_choice the fake does not know is echoed as "auto" (its forms are checked when echoed)
  'tool_choice=""': "echo",
  'tool_choice="gpt-5"': "echo",
  'tool_choice="low"': "echo",
  'tool_choice="disabled"': "echo",
  'tool_choice="in_memory"': "echo",
  'tool_choice={"type":"text"}': "echo",
  // the SDK types these as `boolean | null`
  "stream=null": "SDK: nullable",
  "background=null": "SDK: nullable",
  "store=null": "SDK: nullable",
  // the SDK types a number with no minimum (the document: at least 16, and 1)
  "max_output_tokens=0": "SDK: any number",
  "max_output_tokens=-3": "SDK: any number",
  "max_tool_calls=0": "SDK: any number",
  "max_tool_calls=-3": "SDK: any number",
  // the SDK types these as nullable
  "truncation=null": "SDK: nullable",
  "service_tier=null": "SDK: nullable",
};

const DOCUMENTED = Object.keys(
  (documentSchema("CreateResponseBody") as { properties: Record<string, unknown> }).properties,
);

const spec = (key: string, value: unknown) => specErrors("CreateResponseBody", { [key]: value }).length === 0;

describe("RESPONSES_CREATE_SCHEMA", () => {
  it("declares every property of the Open Responses create body", () => {
    const declared = Object.keys(RESPONSES_CREATE_SCHEMA.properties);
    expect(DOCUMENTED.filter((key) => !declared.includes(key))).toEqual([]);
    expect(DOCUMENTED.length).toBeGreaterThan(20);
  });

  it("never refuses what the document accepts; accepts more only where the SDK or the fake's rules say", () => {
    const narrower: string[] = [];
    const wider: string[] = [];
    for (const key of DOCUMENTED) {
      for (const value of CANDIDATES) {
        const ours = parseResponsesBody.fits({ [key]: value });
        if (ours === spec(key, value)) continue;
        (ours ? wider : narrower).push(`${key}=${JSON.stringify(value)}`);
      }
    }
    expect(narrower).toEqual([]);
    expect(wider.sort()).toEqual(Object.keys(WIDER).sort());
  });
});

describe("a strict fake refuses by the schema, in the API's words", () => {
  const client = (fake = fakeResponses().reply(turn.message("ok"))) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const refused = async (body: Record<string, unknown>) => {
    const error = await client()
      .responses.create({ model: "gpt-5", input: "hi", ...body } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const { status, code, param, message } = error as InstanceType<typeof OpenAI.BadRequestError>;
    return { status, code, param, message };
  };

  it.each([
    [
      { temperature: "hot" },
      "temperature",
      "invalid_type",
      "Invalid type for 'temperature': expected a number, but got a string instead.",
    ],
    [
      { reasoning: { effort: "extreme" } },
      "reasoning.effort",
      "invalid_value",
      "Invalid value: \"extreme\". Supported values are: 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', and 'max'.",
    ],
    [
      { text: { format: { type: "yaml" } } },
      "text.format.type",
      "invalid_value",
      "Invalid value: \"yaml\". Supported values are: 'text', 'json_object', and 'json_schema'.",
    ],
    [
      { text: { format: { type: "json_schema", schema: {} } } },
      "text.format.name",
      "missing_required_parameter",
      "Missing required parameter: 'text.format.name'.",
    ],
    [
      { input: [5] },
      "input[0]",
      "invalid_type",
      "Invalid type for 'input[0]': expected an object, but got an integer instead.",
    ],
    [{ metadata: { a: 1 } }, "metadata.a", "invalid_type", "Invalid type for 'metadata.a': expected a string"],
    [
      { top_logprobs: 21 },
      "top_logprobs",
      "integer_above_max_value",
      "Invalid 'top_logprobs': integer above maximum value",
    ],
    [
      { image: { context_compression: "max" } },
      "image",
      "invalid_value",
      `Invalid 'image': expected { context_compression?: "auto" | "enabled" | "disabled" }, but got`,
    ],
    [{ model: "" }, "model", "invalid_type", "Invalid type for 'model': expected a non-empty string"],
    [{ prompt: { variables: {} } }, "prompt.id", "missing_required_parameter", "Missing required parameter"],
  ])("%j → %s", async (body, param, code, message) => {
    const error = await refused(body);
    expect(error).toMatchObject({ status: 400, param, code });
    expect(error.message).toContain(message);
  });

  it("checks a field once: a body the schema refuses never reaches the script", async () => {
    const fake = fakeResponses().reply(turn.message("ok"));
    await expect(client(fake).responses.create({ model: "gpt-5", input: "x", top_p: "1" } as never)).rejects.toThrow(
      /top_p/,
    );
    expect(fake.pending).toBe(1);
  });
});

describe("a lax fake drops what does not fit, where it fails", () => {
  it("drops the failing field, an array's failing element, and leaves the body as sent untouched", () => {
    const body = {
      model: "gpt-5",
      input: [{ role: "user", content: "a" }, 7, { role: "user", content: "b" }],
      reasoning: { effort: "extreme", summary: "auto" },
      text: { format: { type: "yaml" }, verbosity: "high" },
      metadata: { team: "core", count: 3 },
    };
    const copy = structuredClone(body);
    const kept = parseResponsesBody.lax(body);
    expect(kept).toEqual({
      model: "gpt-5",
      input: [
        { role: "user", content: "a" },
        { role: "user", content: "b" },
      ],
      reasoning: { summary: "auto" },
      text: { verbosity: "high" },
      metadata: { team: "core" },
    });
    expect(body).toEqual(copy);
    expect(parseResponsesBody.lax(copy as never)).not.toBe(copy);
    const fitting = { model: "gpt-5", input: "hi" };
    expect(parseResponsesBody.lax(fitting)).toBe(fitting);
    const parsed = parseCreate(body, { strict: false });
    expect(parsed.body).toBe(body);
    expect(parsed.settings.reasoning).toEqual({ effort: null, summary: "auto" });
  });

  it("survives hostile bodies: huge, deep and many-fielded", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 5_000; i++) deep = { deep };
    const many = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i]));
    const huge = Array.from({ length: 20_000 }, (_, i) => (i % 2 ? 1 : { role: "user", content: "x" }));
    const body = { model: "gpt-5", input: huge, metadata: { ...many, nested: deep }, ...many };
    expect(() => parseCreate(body, { strict: true })).toThrow(/Invalid type for 'input\[1\]'/);
    const lax = parseCreate(body, { strict: false });
    expect(lax.input).toHaveLength(10_000);
    expect(lax.settings.metadata).toEqual({}); // every value was a number or an object: dropped
  });
});

describe("the Agents fake's session bodies, by their schemas", () => {
  const sessions = (strict = true) =>
    new OpenAI({ apiKey: "k", fetch: fakeAgents({ strict }).fetch, maxRetries: 0 }).beta.agents.sessions;
  const agent = { model: "gpt-6-astra" };

  it.each([
    [
      { environment: { type: "cloud" } },
      "environment.type",
      "Invalid value: \"cloud\". Supported values are: 'none', 'openai_hosted', and 'self_hosted'.",
    ],
    [
      { environment: { type: "self_hosted" } },
      "environment.workspace_directory",
      "Missing required parameter: 'environment.workspace_directory'.",
    ],
    [
      { agent: { ...agent, reasoning: { effort: "extreme" } } },
      "agent.reasoning.effort",
      "Invalid value: \"extreme\". Supported values are: 'none'",
    ],
    [{ metadata: { n: 1 } }, "metadata.n", "Invalid type for 'metadata.n': expected a string"],
  ])("%j → %s", async (body, param, message) => {
    const error = await sessions()
      .create({ agent, environment: { type: "none" }, input: "hi", ...body } as never)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, param });
    expect((error as Error).message).toContain(message);
  });

  it("takes the SDK's environment forms: an existing hosted environment by id", async () => {
    const session = await sessions().create({
      agent,
      environment: { type: "openai_hosted", environment_id: "env_1" },
      input: "hi",
    });
    expect(session.environment?.type).toBe("openai_hosted");
  });

  it("a lax fake drops what does not fit (the session echoes the defaults)", async () => {
    const session = (await sessions(false).create({
      agent: { ...agent, reasoning: { effort: "extreme", summary: "concise" }, service_tier: "gold" },
      environment: { type: "none" },
      input: "hi",
    } as never)) as unknown as { agent: unknown };
    expect(session.agent).toMatchObject({ reasoning: { effort: "medium", summary: "concise" }, service_tier: "auto" });
  });
});
