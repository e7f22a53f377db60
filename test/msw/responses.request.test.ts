// The one parse of a create-like body: what a strict and a lax fake refuse, and what every later
// step (and the responder) reads from it.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { fakeResponses, type ParsedRequest, turn } from "../../fixtures/msw/index.js";
import { HttpError } from "../../fixtures/msw/kit/errors.js";
import { parseCreate } from "../../fixtures/msw/responses/request.js";

const tool = {
  type: "function",
  name: "lookup",
  parameters: { type: "object", properties: { id: { type: "string" } } },
};

describe("parseCreate", () => {
  it("reads each field once, typed", () => {
    const parsed = parseCreate(
      {
        model: "gpt-5",
        input: "hi",
        tools: [tool, { type: "web_search" }],
        store: false,
        stream: true,
        include: [],
        instructions: "Be brief.",
        temperature: 0.2,
        context_management: [{ type: "compaction" }],
      },
      { strict: true },
    );
    expect(parsed).toMatchObject({
      model: "gpt-5",
      input: "hi",
      instructions: "Be brief.",
      store: false,
      stream: true,
      background: false,
      encryptedReasoning: false, // store: false alone does not return it: only include does
      compactThreshold: 0,
      previousResponseId: undefined,
      conversationId: undefined,
      settings: { temperature: 0.2 },
    });
    expect(parsed.tools).toHaveLength(2);
    expect(parsed.functionTools.map((t) => ("name" in t ? t.name : ""))).toEqual(["lookup"]);
  });

  it("strict and lax differ only in what is refused", () => {
    const body = { messages: [], model: 5, input: { not: "items" } };
    expect(() => parseCreate(body, { strict: true })).toThrow(HttpError);
    const lax = parseCreate(body, { strict: false });
    expect(lax).toMatchObject({ model: undefined, input: undefined });
  });

  it("refuses in both modes what no response can answer", () => {
    for (const strict of [true, false]) {
      expect(() => parseCreate({ model: "m", conversation: { id: 5 } }, { strict })).toThrow(/Invalid 'conversation'/);
      expect(() => parseCreate({ model: "m", previous_response_id: 7 }, { strict })).toThrow(
        /Previous response with id '7' not found/,
      );
    }
  });

  it("a conversation wins over a previous id in a lax fake (strict refuses both)", () => {
    expect(
      parseCreate({ model: "m", conversation: "conv_1", previous_response_id: 7 }, { strict: false }),
    ).toMatchObject({ conversationId: "conv_1", previousResponseId: undefined });
    expect(() =>
      parseCreate({ model: "m", conversation: "conv_1", previous_response_id: "resp_1" }, { strict: true }),
    ).toThrow(/Mutually exclusive/);
  });
});

describe("the responder", () => {
  it("receives the parsed request beside the body as sent", async () => {
    const seen: ParsedRequest[] = [];
    const fake = fakeResponses().respond(({ parsed, body }) => {
      seen.push(parsed);
      expect(parsed.body).toBe(body);
      return turn.message(`model ${parsed.model ?? "?"}, ${parsed.functionTools.length} tool(s)`);
    });
    const response = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "hi", tools: [tool] }),
    });
    expect(response.status).toBe(200);
    expect(seen[0]?.model).toBe("gpt-5");
    expect(
      ((await response.json()) as { output: Array<{ content: Array<{ text: string }> }> }).output[0]?.content[0]?.text,
    ).toBe("model gpt-5, 1 tool(s)");
  });
});

describe("access_programs (openai ≥ 7.59: required on a response)", () => {
  it("is null unless the request asked for a program, which the response echoes", async () => {
    const fake = fakeResponses().reply(turn.message("a"), turn.message("b"));
    const post = (body: object) =>
      fake.fetch("https://api.openai.com/v1/responses", {
        method: "POST",
        headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(await (await post({ model: "gpt-5", input: "hi" })).json()).toMatchObject({ access_programs: null });
    expect(
      await (await post({ model: "gpt-5", input: "hi", access_programs: { cyber: "daybreak_blue" } })).json(),
    ).toMatchObject({ access_programs: { cyber: "daybreak_blue" } });
  });
});

describe("the responder's conversation is in one normalised form", () => {
  it("role-only messages, string content and parts alike; instructions in parsed", async () => {
    let seen: unknown[] = [];
    let instructions: string | null = null;
    const fake = fakeResponses().respond(({ conversation, parsed }) => {
      seen = conversation;
      instructions = parsed.instructions;
      return turn.message("ok");
    });
    await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-5",
        instructions: "Be brief.",
        input: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
          { type: "message", role: "user", content: [{ type: "input_text", text: "parts" }] },
        ],
      }),
    });
    expect(seen).toEqual([
      {
        type: "message",
        id: expect.stringMatching(/^msg_/),
        role: "user",
        content: [{ type: "input_text", text: "hi" }],
      },
      {
        type: "message",
        id: expect.stringMatching(/^msg_/),
        role: "assistant",
        content: [{ type: "output_text", text: "hello", annotations: [] }],
      },
      {
        type: "message",
        id: expect.stringMatching(/^msg_/),
        role: "user",
        content: [{ type: "input_text", text: "parts" }],
      },
    ]);
    expect(instructions).toBe("Be brief.");
  });
});

describe("structured output: turn.json and the strict schema check", () => {
  const format = {
    type: "json_schema",
    name: "person",
    strict: true,
    schema: {
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
      additionalProperties: false,
    },
  };
  const ask = (fake: ReturnType<typeof fakeResponses>, text: object = { format }) =>
    fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "Who?", text }),
    });

  it("turn.json serves the value as the answer's JSON text", async () => {
    const response = await ask(fakeResponses().reply(turn.json({ name: "Ada" })));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { output: Array<{ content: Array<{ text: string }> }> };
    expect(JSON.parse(body.output[0]?.content[0]?.text ?? "")).toEqual({ name: "Ada" });
  });

  it("a strict fake refuses a scripted answer that breaks the schema, naming it; invalidJson is served as scripted", async () => {
    const refused = await ask(fakeResponses().reply(turn.json({ name: 42 })));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: "invalid_scripted_output", message: expect.stringContaining('"person"') },
    });
    const notJson = await ask(fakeResponses().reply(turn.message("Ada")));
    expect(await notJson.json()).toMatchObject({
      error: { code: "invalid_scripted_output", message: expect.stringContaining("not JSON") },
    });
    expect((await ask(fakeResponses().reply(turn.invalidJson({ name: 42 })))).status).toBe(200);
    expect((await ask(fakeResponses({ strict: false }).reply(turn.json({ name: 42 })))).status).toBe(200);
    // without a strict schema, any text is an answer
    expect(
      (await ask(fakeResponses().reply(turn.message("Ada")), { format: { ...format, strict: false } })).status,
    ).toBe(200);
  });

  it("an invalid schema is the API's 400", async () => {
    const response = await ask(fakeResponses().reply(turn.json({})), {
      format: { ...format, schema: { type: "nope" } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_json_schema", param: "text.format.schema" },
    });
  });
});

describe("settings the response echoes", () => {
  // The response is what the SDK's `Response` type says: a lax fake echoes a setting only in one of
  // the API's forms (sdk.test-d.ts proves the type); anything else is reported as the default.
  it("a lax fake echoes only the API's forms of each setting", async () => {
    const fake = fakeResponses({ strict: false }).reply(turn.message("ok"), turn.message("ok"));
    const create = async (settings: Record<string, unknown>) =>
      (await (
        await fake.fetch("https://api.openai.com/v1/responses", {
          method: "POST",
          headers: { authorization: "Bearer k", "content-type": "application/json" },
          body: JSON.stringify({ model: "gpt-5", input: "x", ...settings }),
        })
      ).json()) as Record<string, unknown>;
    const odd = await create({
      tool_choice: "sometimes",
      truncation: "sideways",
      service_tier: "gold",
      reasoning: { effort: "extreme", summary: "long" },
      text: { format: { type: "yaml" }, verbosity: "loud" },
      prompt: { id: "pmpt_1", variables: { city: "Paris", count: 3 } },
    });
    expect(odd).toMatchObject({
      tool_choice: "auto",
      truncation: "disabled",
      service_tier: "default",
      reasoning: { effort: null, summary: null },
      text: { format: { type: "text" } },
      prompt: { id: "pmpt_1", variables: { city: "Paris" } },
    });
    expect(odd.text).not.toHaveProperty("verbosity");
    const sent = {
      tool_choice: { type: "mcp", server_label: "docs" },
      truncation: "auto",
      service_tier: "flex",
      reasoning: { effort: "high", summary: "auto", mode: "pro", context: "all_turns" },
      text: { format: { type: "json_object" }, verbosity: "low" },
      user: "user-7",
      prompt_cache_retention: "24h",
    };
    expect(await create(sent)).toMatchObject(sent);
  });
});

describe("image and moderation", () => {
  const create = (fake: ReturnType<typeof fakeResponses>, body: Record<string, unknown>) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5.6",
      input: "x",
      ...body,
    } as never);

  it("the image policy chosen is reported; moderation asked for is run on input and output, flagging nothing", async () => {
    const fake = fakeResponses().reply(turn.message("ok"), turn.message("ok"));
    const chosen = await create(fake, {
      image: { context_compression: "disabled" },
      moderation: { model: "omni-moderation-latest", policy: { input: { mode: "block" } } },
    });
    expect(chosen.image).toEqual({ context_compression: "disabled" });
    expect(chosen.moderation?.input).toMatchObject({
      type: "moderation_result",
      model: "omni-moderation-latest",
      flagged: false,
      categories: expect.objectContaining({ harassment: false, "self-harm": false }),
    });
    expect(chosen.moderation?.output).toEqual(chosen.moderation?.input);
    // "auto": the API picks by model, transport and input, which a fake cannot know: not reported
    const auto = await create(fake, { image: { context_compression: "auto" } });
    expect(auto).not.toHaveProperty("image");
    expect(auto).not.toHaveProperty("moderation");
  });

  it("a strict fake refuses forms the API does not define", async () => {
    const fake = fakeResponses();
    await expect(create(fake, { image: { context_compression: "max" } })).rejects.toMatchObject({
      status: 400,
      param: "image",
    });
    await expect(create(fake, { moderation: { policy: null } })).rejects.toMatchObject({
      status: 400,
      param: "moderation",
    });
    await expect(
      create(fake, { moderation: { model: "omni-moderation-latest", policy: { output: { mode: "redact" } } } }),
    ).rejects.toMatchObject({ status: 400, param: "moderation" });
  });
});

describe("the tools a request declares", () => {
  const post = (fake: ReturnType<typeof fakeResponses>, body: Record<string, unknown>) =>
    fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "x", ...body }),
    });
  const hosted = [
    { type: "web_search", search_context_size: "low" },
    { type: "file_search", vector_store_ids: ["vs_1"], max_num_results: 3 },
    { type: "mcp", server_label: "docs", server_url: "https://mcp.example/sse", require_approval: "never" },
    { type: "code_interpreter", container: { type: "auto", memory_limit: "1g" } },
    { type: "custom", name: "sql", format: { type: "grammar", syntax: "regex", definition: "SELECT .*" } },
    {
      type: "namespace",
      name: "crm",
      description: "The CRM.",
      tools: [{ type: "function", name: "find", parameters: { type: "object" } }],
    },
  ];

  it("are all echoed: a function with the API's nulls for what it left out, every other kind as sent", async () => {
    const fake = fakeResponses().reply(turn.message("ok"));
    const response = (await (await post(fake, { tools: [tool, ...hosted] })).json()) as { tools: unknown[] };
    expect(response.tools).toEqual([{ ...tool, description: null, strict: null }, ...hosted]);
  });

  it("a strict fake refuses an unknown kind and a kind without a field it requires, as the API does", async () => {
    const fake = fakeResponses();
    const refused = async (tools: unknown[]) =>
      ((await (await post(fake, { tools })).json()) as { error: unknown }).error;
    expect(await refused([tool, { type: "web_surf" }])).toMatchObject({
      code: "invalid_value",
      param: "tools[1].type",
      message: expect.stringContaining('but got "web_surf"'),
    });
    expect(await refused([{ type: "file_search" }])).toMatchObject({
      code: "missing_required_parameter",
      param: "tools[0].vector_store_ids",
    });
    expect(await refused([{ type: "mcp", server_label: 7 }])).toMatchObject({
      code: "invalid_type",
      param: "tools[0].server_label",
    });
    expect(await refused([{ type: "function", parameters: { type: "object" } }])).toMatchObject({
      code: "missing_required_parameter",
      param: "tools[0].name",
    });
    expect(fake.responses.size).toBe(0);
  });

  it("a lax fake takes them, and echoes only the ones of a kind the API defines", async () => {
    const fake = fakeResponses({ strict: false }).reply(turn.message("ok"));
    const response = (await (
      await post(fake, { tools: [{ type: "web_surf" }, { type: "file_search" }, ...hosted] })
    ).json()) as {
      tools: unknown[];
    };
    expect(response.tools).toEqual(hosted);
  });
});

describe("prompt_cache_options", () => {
  const create = (fake: ReturnType<typeof fakeResponses>, options: unknown) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5.6",
      input: "x",
      prompt_cache_options: options as never,
    });

  it("are echoed as applied: what was sent, the API's defaults (implicit, 30m) for the rest", async () => {
    const fake = fakeResponses().reply(turn.message("ok"), turn.message("ok"));
    expect((await create(fake, { ttl: "12h", prewarm: false })).prompt_cache_options).toEqual({
      mode: "implicit",
      ttl: "12h",
    });
    expect((await create(fake, { mode: "explicit", comparison_response_id: "resp_1" })).prompt_cache_options).toEqual({
      mode: "explicit",
      ttl: "30m",
      comparison_response_id: "resp_1",
    });
  });

  it("a strict fake refuses a form the API does not define", async () => {
    await expect(create(fakeResponses(), { ttl: "1h" })).rejects.toMatchObject({
      status: 400,
      code: "invalid_value",
      param: "prompt_cache_options",
    });
  });
});

describe("reasoning another model made", () => {
  it("is withheld from the model and reported in input_transformations (model_mismatch); the same model reads it", async () => {
    const tools = [{ type: "function" as const, name: "lookup", strict: false, parameters: { type: "object" } }];
    const fake = fakeResponses().reply(turn.reasoning("why", turn.functionCall("lookup", {})));
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const first = await client.responses.create({ model: "gpt-5", input: "x", tools });
    const [reasoning, call] = first.output;
    if (reasoning?.type !== "reasoning" || call?.type !== "function_call")
      throw new Error("expected reasoning, a call");
    const input = [
      { role: "user" as const, content: "x" },
      reasoning,
      call,
      { type: "function_call_output" as const, call_id: call.call_id, output: "ok" },
    ];
    const seen: string[][] = [];
    fake.respond(({ conversation }) => {
      seen.push(conversation.map((item) => String((item as { type?: unknown }).type)));
      return turn.message("done");
    });
    const other = await client.responses.create({ model: "gpt-5-mini", input, tools });
    expect(other.input_transformations).toEqual([
      { id: reasoning.id, type: "reasoning", action: "removed", reason: "model_mismatch" },
    ]);
    const same = await client.responses.create({ model: "gpt-5", input, tools });
    expect(same).not.toHaveProperty("input_transformations");
    expect(seen).toEqual([
      ["message", "function_call", "function_call_output"],
      ["message", "reasoning", "function_call", "function_call_output"],
    ]);
    // what was sent is kept as sent: the input items still list it
    expect(fake.items(other.id).map((item) => item.type)).toContain("reasoning");
  });
});

describe("reasoning under store: false", () => {
  const tools = [{ type: "function" as const, name: "lookup", strict: false, parameters: { type: "object" } }];
  const client = (fake: ReturnType<typeof fakeResponses>) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });

  it("comes back opaque only when include asks for it (forgetting include is a bug a test must see)", async () => {
    const fake = fakeResponses().reply(
      turn.reasoning("why", turn.functionCall("lookup", {})),
      turn.reasoning("why", turn.functionCall("lookup", {})),
    );
    const plain = await client(fake).responses.create({ model: "gpt-5", input: "x", tools, store: false });
    expect(plain.output[0]).not.toHaveProperty("encrypted_content");
    const included = await client(fake).responses.create({
      model: "gpt-5",
      input: "x",
      tools,
      store: false,
      include: ["reasoning.encrypted_content"],
    });
    expect(included.output[0]).toMatchObject({ encrypted_content: expect.stringMatching(/^gAAAAA/) });
  });

  it("sent back by id alone, it names an item nobody kept: the API's 404; a stored one is found", async () => {
    const fake = fakeResponses().reply(
      turn.reasoning("why", turn.functionCall("lookup", {})),
      turn.reasoning("why", turn.functionCall("lookup", {})),
      turn.message("done"),
    );
    const unstored = await client(fake).responses.create({ model: "gpt-5", input: "x", tools, store: false });
    const [reasoning, call] = unstored.output;
    if (reasoning?.type !== "reasoning" || call?.type !== "function_call")
      throw new Error("expected reasoning, a call");
    const answer = { type: "function_call_output" as const, call_id: call.call_id, output: "ok" };
    await expect(
      client(fake).responses.create({
        model: "gpt-5",
        store: false,
        tools,
        input: [{ role: "user", content: "x" }, reasoning, call, answer] as never,
      }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining(
        `Item with id '${reasoning.id}' not found. Items are not persisted when \`store\` is set to false.`,
      ),
    });
    const stored = await client(fake).responses.create({ model: "gpt-5", input: "x", tools });
    const [kept, keptCall] = stored.output;
    if (kept?.type !== "reasoning" || keptCall?.type !== "function_call") throw new Error("expected reasoning, a call");
    const next = await client(fake).responses.create({
      model: "gpt-5",
      tools,
      input: [kept, keptCall, { type: "function_call_output", call_id: keptCall.call_id, output: "ok" }],
    });
    expect(next.output_text).toBe("done");
  });
});

describe("item_reference input items", () => {
  const client = (fake: ReturnType<typeof fakeResponses>) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });

  it("are resolved from the store, as the API does: the responder reads what the reference names", async () => {
    const seen: unknown[][] = [];
    const fake = fakeResponses().respond(({ conversation }) => {
      seen.push(conversation);
      return turn.message(`answer ${seen.length}`);
    });
    const first = await client(fake).responses.create({ model: "gpt-5", input: "Hi" });
    const said = first.output[0];
    if (said?.type !== "message") throw new Error("expected a message");
    const second = await client(fake).responses.create({
      model: "gpt-5",
      input: [{ type: "item_reference", id: said.id }, { id: said.id }, { role: "user", content: "And?" }],
    });
    expect(second.output_text).toBe("answer 2");
    expect(seen[1]?.slice(0, 2)).toEqual([said, said]);
    expect(fake.items(second.id)[0]).toEqual(said);
  });

  it("a reference to an item the fake does not have is the API's 404 (a lax fake passes it on)", async () => {
    const strict = fakeResponses().reply(turn.message("never"));
    await expect(
      client(strict).responses.create({ model: "gpt-5", input: [{ type: "item_reference", id: "msg_nope" }] }),
    ).rejects.toMatchObject({ status: 404, message: "404 Item with id 'msg_nope' not found." });
    const lax = fakeResponses({ strict: false }).reply(turn.message("ok"));
    expect(
      (await client(lax).responses.create({ model: "gpt-5", input: [{ type: "item_reference", id: "msg_nope" }] }))
        .output_text,
    ).toBe("ok");
  });

  it("a reference to reasoning made under store: false says it was never kept", async () => {
    const fake = fakeResponses().reply(turn.reasoning("why", turn.message("first")));
    const first = await client(fake).responses.create({ model: "gpt-5", input: "x", store: false });
    const id = first.output[0]?.id ?? "";
    await expect(
      client(fake).responses.create({ model: "gpt-5", input: [{ type: "item_reference", id }] }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining("Items are not persisted when `store` is set to false."),
    });
  });
});

describe("namespaced tools and their callers", () => {
  const top = { type: "function" as const, name: "top_level", strict: false, parameters: { type: "object" } };
  const namespace = {
    type: "namespace" as const,
    name: "crm",
    description: "The CRM.",
    tools: [
      {
        type: "function" as const,
        name: "find_customer",
        parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      },
      { type: "function" as const, name: "batch_export", allowed_callers: ["programmatic" as const] },
    ],
  };
  const create = (fake: ReturnType<typeof fakeResponses>) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "x",
      tools: [top, namespace] as never,
    });

  it("a function inside a namespace tool is declared: a call to it is served, with its namespace", async () => {
    const fake = fakeResponses().reply(
      turn.functionCall("find_customer", { id: "c-1" }),
      turn.functionCall("find_customer"),
    );
    const [call] = (await create(fake)).output;
    expect(call).toMatchObject({
      type: "function_call",
      name: "find_customer",
      namespace: "crm",
      arguments: '{"id":"c-1"}',
    });
    // generated from the member's own schema
    const [generated] = (await create(fake)).output;
    expect(JSON.parse((generated as { arguments: string }).arguments)).toMatchObject({ id: expect.any(String) });
    // and its schema is the one scripted arguments must pass
    await expect(create(fakeResponses().reply(turn.functionCall("find_customer", { id: 7 })))).rejects.toMatchObject({
      status: 400,
      code: "invalid_scripted_call",
    });
  });

  it("a tool only a program may call is never called by the model directly (a deliberate one still can be)", async () => {
    await expect(create(fakeResponses().reply(turn.functionCall("batch_export", {})))).rejects.toMatchObject({
      status: 400,
      code: "invalid_scripted_call",
      message: expect.stringContaining('"batch_export" may be called only by a program'),
    });
    const [served] = (await create(fakeResponses().reply(turn.invalidCall("batch_export", {})))).output;
    expect(served).toMatchObject({ name: "batch_export" });
  });
});
