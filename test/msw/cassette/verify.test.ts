// Verify mode: every request with a recording goes to the provider, the client gets today's
// answer, and where its shape differs from the recording's is reported per interaction; the
// cassette is left as it is. The provider is a fake reached through the cassette's `fetch`, its
// answers reshaped on the way to stand for a provider that changed.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import {
  agentStep,
  CassetteDriftError,
  type CassetteMode,
  fakeAgents,
  fakeResponses,
  turn,
} from "../../../fixtures/msw/index.js";

const KEY = "sk-test-recording-key-0123456789";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cassette-verify-"));
const tool = {
  type: "function" as const,
  name: "lookup_order",
  parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  strict: false,
};

type Reshape = (value: Record<string, unknown>) => void;

/** A provider fake's fetch with each JSON body (or SSE event) passed through `reshape` first. */
function provider(reshape?: Reshape, seed = 1) {
  const fake = fakeResponses({ tools: [tool], deltas: 2, seed }).respond(({ body }) =>
    body.previous_response_id ? turn.message("It shipped.") : turn.functionCall("lookup_order", { id: "A-1" }),
  );
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await fake.fetch(input, init);
    if (!reshape) return response;
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    const changed = type.includes("text/event-stream")
      ? text.replace(/^data: (.*)$/gm, (_line, data: string) => {
          const event = JSON.parse(data) as Record<string, unknown>;
          reshape(event);
          return `data: ${JSON.stringify(event)}`;
        })
      : JSON.stringify(reshaped(JSON.parse(text) as Record<string, unknown>, reshape));
    return new Response(changed, { status: response.status, headers: response.headers });
  };
  return fetch;
}

function reshaped(value: Record<string, unknown>, reshape: Reshape) {
  reshape(value);
  return value;
}

/** The app: a tool loop, its first turn plain JSON, its second streamed. */
async function app(fake: ReturnType<typeof fakeResponses>) {
  const client = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
  const first = await client.responses.create({ model: "gpt-5", input: "Where is A-1?", tools: [tool] });
  const call = first.output.find((item) => item.type === "function_call");
  const stream = await client.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: call?.call_id ?? "", output: "shipped" }],
    tools: [tool],
    stream: true,
  });
  let text = "";
  for await (const event of stream) if (event.type === "response.output_text.delta") text += event.delta;
  return { first, text };
}

const cassette = (path: string, mode: CassetteMode, fetch: typeof globalThis.fetch, extra: object = {}) =>
  fakeResponses({ cassette: { path, mode, apiKey: KEY, fetch, ...extra } });

async function recordedAt(name: string) {
  const path = join(dir, name);
  const recorder = cassette(path, "record", provider());
  await app(recorder);
  await recorder.cassette?.saved();
  return path;
}

describe("verify mode", () => {
  test("an unchanged provider: no drift; the client got today's answers; the cassette is untouched", async () => {
    const path = await recordedAt("same.jsonl");
    const before = readFileSync(path, "utf8");
    const verifying = cassette(path, "verify", provider(undefined, 2)); // a provider that mints other ids
    const { first, text } = await app(verifying);
    expect(text).toBe("It shipped.");
    expect(verifying.cassette?.mode).toBe("verify");
    await expect(verifying.cassette?.verified()).resolves.toBeUndefined();
    expect(verifying.cassette?.drift).toEqual([]);
    expect(verifying.cassette?.used).toBe(2);
    // today's ids reached the client (its second request carried them, and still matched its recording)
    expect(before).not.toContain(first.id);
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  test("a provider whose answers gained and lost fields: exactly those paths, per interaction; the test fails with a summary", async () => {
    const path = await recordedAt("drifted.jsonl");
    const before = readFileSync(path, "utf8");
    const report = join(dir, "reports", "drift.jsonl");
    const changed = provider((value) => {
      const response = (value.object === "response" ? value : value.response) as Record<string, unknown> | undefined;
      if (response) {
        delete response.top_p; // lost
        response.safety_report = { flagged: false }; // gained (an object: its fields are its own)
        response.service_tier = 2; // a string before
      }
      if (value.type === "response.output_text.delta") value.obfuscation = "x1"; // gained on an event type
    });
    const verifying = cassette(path, "verify", changed, { driftReport: report });
    expect((await app(verifying)).text).toBe("It shipped.");
    const drift = verifying.cassette?.drift ?? [];
    expect(drift.map((d) => [d.line, d.request, d.section])).toEqual([
      [2, "POST /responses", ""],
      [3, "POST /responses", ""],
    ]);
    expect(drift[0]?.differences).toEqual([
      { path: "body/safety_report", recorded: "missing", now: "object" },
      { path: "body/service_tier", recorded: "string", now: "number" },
      { path: "body/top_p", recorded: "number", now: "missing" },
    ]);
    const streamed = drift[1]?.differences.map((d) => `${d.path}: ${d.recorded} → ${d.now}`);
    expect(streamed).toEqual([
      "events[response.completed]/response/safety_report: missing → object",
      "events[response.completed]/response/service_tier: string → number",
      "events[response.completed]/response/top_p: number → missing",
      "events[response.created]/response/safety_report: missing → object",
      "events[response.created]/response/service_tier: string → number",
      "events[response.created]/response/top_p: number → missing",
      "events[response.in_progress]/response/safety_report: missing → object",
      "events[response.in_progress]/response/service_tier: string → number",
      "events[response.in_progress]/response/top_p: number → missing",
      "events[response.output_text.delta]/obfuscation: missing → string",
    ]);
    const error = await verifying.cassette?.verified().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CassetteDriftError);
    expect((error as Error).message).toContain("2 recordings have drifted from what the provider answers now");
    expect((error as Error).message).toContain(
      `- ${path}:2 (POST /responses): body/safety_report: recorded missing, now object; body/service_tier: recorded string, now number; body/top_p: recorded number, now missing`,
    );
    expect(readFileSync(path, "utf8")).toBe(before);
    const lines = readFileSync(report, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(drift.map((d) => ({ drift: d })));
  });

  test("the sequences and statuses count, the values do not: more deltas, other text and ids are no drift", async () => {
    const path = await recordedAt("sequences.jsonl");
    const wordy = fakeResponses({ tools: [tool], deltas: 7 }).respond(({ body }) =>
      body.previous_response_id
        ? turn.message("It shipped on Monday, by sea.")
        : turn.functionCall("lookup_order", { id: "B-22" }),
    );
    const same = cassette(path, "verify", wordy.fetch);
    await app(same);
    expect(same.cassette?.drift).toEqual([]);

    const reasoning = fakeResponses({ tools: [tool] }).respond(({ body }) =>
      body.previous_response_id
        ? turn.reasoning("Checking.", turn.message("It shipped."))
        : turn.functionCall("lookup_order", { id: "A-1" }),
    );
    const other = cassette(path, "verify", reasoning.fetch);
    await app(other);
    const [drift] = other.cassette?.drift ?? [];
    expect(drift?.line).toBe(3);
    expect(drift?.differences.slice(0, 2)).toEqual([
      { path: "(output item types)", recorded: "message", now: "reasoning, message" },
      {
        path: "(event types)",
        recorded: expect.stringContaining(
          "response.in_progress, response.output_item.added, response.content_part.added",
        ),
        now: expect.stringContaining("response.in_progress, response.output_item.added, response.reasoning"),
      },
    ]);
  });

  test("a request with no recording is a miss, as in replay; AGENT_TESTKIT_RECORD=verify chooses the mode", async () => {
    const path = await recordedAt("miss.jsonl");
    const verifying = cassette(path, "verify", provider());
    const client = new OpenAI({ apiKey: KEY, fetch: verifying.fetch, maxRetries: 0 });
    await expect(client.responses.create({ model: "gpt-5", input: "Something else" })).rejects.toThrow(
      /no recording in .*miss\.jsonl .* matches POST \/responses/,
    );
    process.env.AGENT_TESTKIT_RECORD = "verify";
    try {
      expect(fakeResponses({ cassette: path }).cassette?.mode).toBe("verify");
    } finally {
      delete process.env.AGENT_TESTKIT_RECORD;
    }
  });
});

describe("verify mode in the Agents fake", () => {
  test("a session whose answer gained a field is reported, the cassette left as it is", async () => {
    const path = join(dir, "agents.jsonl");
    const upstream = () =>
      fakeAgents({ seed: 1 }).reply(
        agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
        agentStep.message("Paid."),
      );
    const create = (fake: ReturnType<typeof fakeAgents>) =>
      new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions.create({
        agent: { model: "gpt-6-astra", tools: [tool] },
        environment: { type: "openai_hosted" },
        input: "Where is A-1042?",
      } as never);
    const recorder = fakeAgents({ cassette: { path, mode: "record", apiKey: KEY, fetch: upstream().fetch } });
    await create(recorder);
    await recorder.cassette?.saved();
    const before = readFileSync(path, "utf8");
    const provider = upstream();
    const reshaped: typeof globalThis.fetch = async (input, init) => {
      const answer = await provider.fetch(input, init);
      const body = { ...((await answer.json()) as object), region: "eu" };
      return new Response(JSON.stringify(body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    };
    const verifying = fakeAgents({ cassette: { path, mode: "verify", apiKey: KEY, fetch: reshaped } });
    await create(verifying);
    expect(verifying.cassette?.drift.map((d) => d.differences)).toEqual([
      [{ path: "body/region", recorded: "missing", now: "string" }],
    ]);
    await expect(verifying.cassette?.verified()).rejects.toThrow(/1 recording has drifted/);
    expect(readFileSync(path, "utf8")).toBe(before);
  });
});
