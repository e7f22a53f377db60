// A log entry's body is typed by the route whose parse accepted it (`route`), and is `unknown`
// (route null) for a refused request, a body of another shape, or a route without a body.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { writeSection } from "../../fixtures/msw/cassette/file.js";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";

const URL_RESPONSES = "https://api.openai.com/v1/responses";
const post = (body: unknown, url = URL_RESPONSES): RequestInit & { url: string } => ({
  url,
  method: "POST",
  headers: { authorization: "Bearer k", "content-type": "application/json", "openai-beta": "agents=v1" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const send = (fake: { fetch: typeof fetch }, init: RequestInit & { url: string }) => fake.fetch(init.url, init);

describe("the Responses fake's log", () => {
  test("a create, a compaction and a token count its parse accepted are typed; the rest are not", async () => {
    const fake = fakeResponses().reply(turn.message("Hi"));
    await send(fake, post({ model: "gpt-5", input: [{ role: "user", content: "Hi" }] }));
    await send(fake, post({ input: "no model" })); // strict: 400
    await send(fake, post("{not json"));
    await send(fake, post({ model: "gpt-5", input: "x" }, `${URL_RESPONSES}/compact`));
    await send(fake, post({ input: "x" }, `${URL_RESPONSES}/input_tokens`));
    const id = (fake.requests[0]!.response.body as { id: string }).id;
    await fake.fetch(`${URL_RESPONSES}/${id}`, { headers: { authorization: "Bearer k" } });
    expect(fake.requests.map((r) => [r.route, r.response.status])).toEqual([
      ["responses.create", 200],
      [null, 400],
      [null, 400],
      ["responses.compact", 200],
      ["responses.input_tokens", 200],
      [null, 200],
    ]);
    const [created] = fake.requests;
    if (created?.route !== "responses.create") throw new Error("expected a typed create");
    expect(created.body.input).toEqual([{ role: "user", content: "Hi" }]);
  });

  test("a lax fake answers a body of another shape, and does not type it", async () => {
    const fake = fakeResponses({ strict: false }).reply(turn.message("one"), turn.message("two"));
    expect((await send(fake, post({ model: 42, input: "x" }))).status).toBe(200);
    expect((await send(fake, post({ model: "m", input: ["not an item"] }))).status).toBe(200);
    expect(fake.requests.map((r) => r.route)).toEqual([null, null]);
  });

  test("the responder's entry is the typed one", async () => {
    const routes: unknown[] = [];
    const fake = fakeResponses().respond(({ request }) => {
      routes.push(request.route);
      return turn.message(request.route === "responses.create" ? String(request.body.model) : "?");
    });
    const answer = await send(fake, post({ model: "gpt-5-mini", input: "x" }));
    expect(
      ((await answer.json()) as { output: Array<{ content: Array<{ text: string }> }> }).output[0]?.content[0]?.text,
    ).toBe("gpt-5-mini");
    expect(routes).toEqual(["responses.create"]);
  });

  test("a cassette types what it replays by the same routes", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "bodies-")), "c.jsonl");
    const body = { model: "gpt-5", input: "Hi" };
    await writeSection(path, "", [
      { section: "", request: { method: "POST", path: "/responses", body }, response: { status: 200, body: {} } },
    ] as never);
    const fake = fakeResponses({ cassette: { path, mode: "replay" } });
    expect((await send(fake, post(body))).status).toBe(200);
    expect(fake.requests.map((r) => r.route)).toEqual(["responses.create"]);
  });

  // The guard is checked against an independent statement of the typed fields: whatever a lax
  // fake receives, an entry it types has them with the types ResponsesRequestBody declares.
  test("every typed entry has the declared field types (random bodies, lax fake)", async () => {
    const optional = (schema: object) => ({ anyOf: [schema, { type: "null" }] });
    const declared = new Ajv({ strict: false }).compile({
      type: "object",
      properties: {
        model: optional({ type: "string" }),
        input: {
          anyOf: [
            { type: "null" },
            { type: "string" },
            {
              type: "array",
              items: {
                type: "object",
                properties: {
                  type: optional({ type: "string" }),
                  id: optional({ type: "string" }),
                  role: { type: "string" },
                  call_id: optional({ type: "string" }),
                  name: optional({ type: "string" }),
                  status: optional({ type: "string" }),
                },
              },
            },
          ],
        },
        instructions: optional({ type: "string" }),
        tools: optional({
          type: "array",
          items: { type: "object", required: ["type"], properties: { type: { type: "string" } } },
        }),
        previous_response_id: optional({ type: "string" }),
        stream: optional({ type: "boolean" }),
        store: optional({ type: "boolean" }),
        background: optional({ type: "boolean" }),
        metadata: optional({ type: "object", additionalProperties: { type: "string" } }),
      },
    });
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const item = fc.dictionary(fc.constantFrom("type", "id", "role", "call_id", "name", "status", "content"), value);
    const random = fc.record(
      {
        model: value,
        input: fc.oneof(value, fc.array(fc.oneof(item, value), { maxLength: 3 })),
        tools: fc.oneof(value, fc.array(fc.dictionary(fc.constantFrom("type", "name"), value), { maxLength: 2 })),
        stream: fc.oneof(fc.constant(false), fc.constant(null), fc.string()),
        metadata: fc.oneof(value, fc.dictionary(fc.string(), value, { maxKeys: 2 })),
      },
      { requiredKeys: [] },
    );
    // Bodies of the declared shape too, so that the log's typing is tried on both sides (counted below).
    const message = fc.record({ type: fc.constant("message"), role: fc.constant("user"), content: fc.string() });
    const wellFormed = fc.record(
      {
        model: fc.constant("gpt-5"),
        input: fc.oneof(fc.string(), fc.array(message, { minLength: 1, maxLength: 3 })),
        instructions: fc.string(),
        store: fc.boolean(),
        metadata: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), { maxKeys: 2 }),
      },
      { requiredKeys: ["model", "input"] },
    );
    const body = fc.oneof(random, wellFormed);
    let typed = 0;
    let untyped = 0;
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const fake = fakeResponses({ strict: false }).respond(() => turn.message("ok"));
        const response = await send(fake, post(sent));
        const [entry] = fake.requests;
        if (entry?.route === "responses.create") {
          typed++;
          expect(declared(entry.body), JSON.stringify(sent)).toBe(true);
        } else if (response.ok) {
          // answered, yet not typed: only a body whose fields are not of the declared types
          untyped++;
          expect(declared(sent), JSON.stringify(sent)).toBe(false);
        }
      }),
      { numRuns: 150, seed: 37 },
    );
    // both sides were tried: a property that typed no body would hold of any shape check
    expect(typed).toBeGreaterThanOrEqual(30);
    expect(untyped).toBeGreaterThanOrEqual(10);
  });
});

describe("the Agents fake's log", () => {
  const BASE = "https://api.openai.com/v1/agents/sessions";
  const tool = { type: "function", name: "lookup_order", parameters: { type: "object" } };

  test("a session's create, update and event batch are typed; a refused batch is not", async () => {
    const fake = fakeAgents().reply(agentStep.functionCall("lookup_order", { order_id: "A-1" }));
    const created = await send(
      fake,
      post({ agent: { model: "gpt-6-astra", tools: [tool] }, environment: { type: "none" }, input: "Hi" }, BASE),
    );
    const session = (await created.json()) as {
      id: string;
      required_actions: Array<{ call_id: string; turn_id: string }>;
    };
    await send(fake, post({ metadata: { run: "1" } }, `${BASE}/${session.id}`));
    await send(
      fake,
      post({ events: [{ type: "agent.session.input.tool_result", call_id: "nope" }] }, `${BASE}/${session.id}/events`),
    );
    expect(fake.requests.map((r) => [r.route, r.response.status])).toEqual([
      ["sessions.create", 200],
      ["sessions.update", 200],
      [null, 400],
    ]);
    const [first] = fake.requests;
    if (first?.route !== "sessions.create") throw new Error("expected a typed create");
    expect(first.body.agent?.tools?.[0]?.name).toBe("lookup_order");
  });
});
