import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { examples } from "../../fixtures/factories/index.js";
import { fakeResponses, type ResponsesFake, turn } from "../../fixtures/msw/index.js";
import { specErrors } from "../fixtures/openapi.js";
import type { Transport } from "./transports.js";

export const tools = [examples.salesTool, examples.lookupOrderTool];

/** Every JSON body and SSE event the fake sent validates against the Open Responses document. */
export function expectSpecValid(fake: ResponsesFake): void {
  for (const [id, response] of fake.responses) {
    expect({ id, errors: responseErrors(response) }).toEqual({ id, errors: [] });
    for (const event of fake.events(id))
      expect({ type: event.type, errors: specErrors(eventSchemaOf(event.type), event) }).toEqual({
        type: event.type,
        errors: [],
      });
  }
  for (const request of fake.requests) {
    for (const event of request.response.events ?? []) {
      expect({ type: event.type, errors: specErrors(eventSchemaOf(event.type), event) }).toEqual({
        type: event.type,
        errors: [],
      });
    }
    const body = request.response.body as unknown as Record<string, unknown> | undefined;
    if (body?.object === "response") expect(responseErrors(body)).toEqual([]);
    if (body?.object === "response.compaction") expect(specErrors("CompactResource", body)).toEqual([]);
    if (request.transport === "websocket") {
      if (request.response.status !== 200)
        expect(
          specErrors("WebSocketErrorEvent", { type: "error", status: request.response.status, ...(body as object) }),
        ).toEqual([]);
    } else if (body && "error" in body && request.response.status >= 400) {
      expect(body).toEqual({
        error: {
          message: expect.any(String),
          type: expect.any(String),
          param: expect.toBeOneOf([null, expect.any(String)]),
          code: expect.toBeOneOf([null, expect.any(String)]),
        },
      });
    }
  }
}

/**
 * A response's errors against `ResponseResource`, but one place where the SDK wins: the document
 * has an echoed JSON-schema format carry `schema: null`, while openai 7's `Response.text.format`
 * (`ResponseFormatTextJSONSchemaConfig`) requires the schema itself, which the fake echoes.
 */
export function responseErrors(response: unknown): string[] {
  const format = (response as { text?: { format?: { type?: string } } }).text?.format;
  const errors = specErrors("ResponseResource", response);
  return format?.type === "json_schema" ? errors.filter((e) => !e.startsWith("/text/format")) : errors;
}

/** The Open Responses schema of a streaming event type. */
export function eventSchemaOf(type: string): string {
  const eventSchema: Record<string, string> = {
    "response.created": "ResponseCreatedStreamingEvent",
    "response.queued": "ResponseQueuedStreamingEvent",
    "response.reasoning_summary_part.added": "ResponseReasoningSummaryPartAddedStreamingEvent",
    "response.reasoning_summary_part.done": "ResponseReasoningSummaryPartDoneStreamingEvent",
    "response.reasoning_summary_text.delta": "ResponseReasoningSummaryDeltaStreamingEvent",
    "response.reasoning_summary_text.done": "ResponseReasoningSummaryDoneStreamingEvent",
    "response.in_progress": "ResponseInProgressStreamingEvent",
    "response.completed": "ResponseCompletedStreamingEvent",
    "response.failed": "ResponseFailedStreamingEvent",
    "response.incomplete": "ResponseIncompleteStreamingEvent",
    "response.output_item.added": "ResponseOutputItemAddedStreamingEvent",
    "response.output_item.done": "ResponseOutputItemDoneStreamingEvent",
    "response.content_part.added": "ResponseContentPartAddedStreamingEvent",
    "response.content_part.done": "ResponseContentPartDoneStreamingEvent",
    "response.output_text.delta": "ResponseOutputTextDeltaStreamingEvent",
    "response.output_text.done": "ResponseOutputTextDoneStreamingEvent",
    "response.function_call_arguments.delta": "ResponseFunctionCallArgumentsDeltaStreamingEvent",
    "response.function_call_arguments.done": "ResponseFunctionCallArgumentsDoneStreamingEvent",
    error: "ErrorStreamingEvent",
  };
  const name = eventSchema[type];
  expect(name, `no schema for event ${type}`).toBeDefined();
  return name!;
}

export type { Transport } from "./transports.js";

export function responsesScenarios(transport: Transport): void {
  async function setup(options: Parameters<typeof fakeResponses>[0] = {}) {
    const fake = fakeResponses({ tools, ...options });
    const client = await transport.connect(fake);
    return { fake, client };
  }

  describe(`Responses fake through ${transport.name}`, () => {
    test("create: a scripted function call the gate accepts, then a message", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }), turn.message("Sales are up."));
      const first = await client.responses.create({
        model: "gpt-5",
        input: "How are sales in APAC?",
        tools: [...tools] as never,
      });
      expect(first.status).toBe("completed");
      expect(first.output).toHaveLength(1);
      expect(first.output[0]).toBeReplayable(tools);
      expect(first.output[0]).toHaveStringArguments({ region: "apac" });
      const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
      const second = await client.responses.create({
        model: "gpt-5",
        previous_response_id: first.id,
        input: [{ type: "function_call_output", call_id: call.call_id, output: "sales report for apac" }],
      });
      expect(second.output_text).toBe("Sales are up.");
      expect(fake.requests.map((r) => r.response.status)).toEqual([200, 200]);
      expect(fake.requests[0]!.body).toMatchObject({ model: "gpt-5", input: "How are sales in APAC?" });
      expect(fake.requests[0]!.headers.authorization).toBe("Bearer test-key");
      expectSpecValid(fake);
    });

    test("arguments are generated from the tool's schema when the script gives none", async () => {
      const { fake, client } = await setup({ seed: 3 });
      fake.reply(turn.functionCall("lookup_order"));
      const response = await client.responses.create({
        model: "gpt-5",
        input: "Find my order",
        tools: [...tools] as never,
      });
      expect(response.output[0]).toBeReplayable(tools);
      expect(response.output[0]).toHaveStringArguments({ order_id: expect.stringMatching(/^[A-Z]-\d{4}$/) });
    });

    test("create with stream: true follows the spec's event sequence", async () => {
      const { fake, client } = await setup();
      fake.reply(
        turn.output(turn.message("Looking it up."), turn.functionCall("lookup_order", { order_id: "A-1042" })),
      );
      const stream = await client.responses.create({ model: "gpt-5", input: "Find A-1042", stream: true });
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const types = events.map((e) => e.type);
      expect(types.slice(0, 2)).toEqual(["response.created", "response.in_progress"]);
      expect(types.at(-1)).toBe("response.completed");
      expect(types).toContain("response.output_text.delta");
      expect(types.filter((t) => t === "response.function_call_arguments.delta").length).toBeGreaterThan(1);
      const seq = events.map((e) => e.sequence_number);
      expect(seq).toEqual([...seq].sort((a, b) => a - b));
      expect(new Set(seq).size).toBe(seq.length);
      const args = events
        .filter((e) => e.type === "response.function_call_arguments.delta")
        .map((e) => (e as { delta: string }).delta)
        .join("");
      expect(args).toBe('{"order_id":"A-1042"}');
      const done = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
      expect(done.response.output.map((i) => i.type)).toEqual(["message", "function_call"]);
      expectSpecValid(fake);
    });

    test("responses.stream(...).finalResponse()", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("Final answer."));
      const final = await client.responses.stream({ model: "gpt-5", input: "hi" }).finalResponse();
      expect(final.output_text).toBe("Final answer.");
      expectSpecValid(fake);
    });

    test("retrieve, input_items, cancel and delete; unknown ids are 404", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("one"));
      const created = await client.responses.create({
        model: "gpt-5",
        input: [
          { role: "user", content: "a" },
          { role: "user", content: "b" },
          { role: "user", content: "c" },
        ],
      });
      expect((await client.responses.retrieve(created.id)).id).toBe(created.id);
      expect([...fake.responses.keys()]).toEqual([created.id]);
      const items: string[] = [];
      for await (const item of client.responses.inputItems.list(created.id, { limit: 1, order: "asc" }))
        items.push((item as { content: Array<{ text: string }> }).content[0]!.text);
      expect(items).toEqual(["a", "b", "c"]);
      await expect(client.responses.cancel(created.id)).rejects.toBeInstanceOf(OpenAI.BadRequestError);
      await client.responses.delete(created.id);
      await expect(client.responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
      await expect(client.responses.retrieve("resp_missing")).rejects.toMatchObject({
        status: 404,
        error: { message: "Response with id 'resp_missing' not found." },
      });
      expectSpecValid(fake);
    });

    test("scripted errors come back as the SDK's error classes", async () => {
      const { fake, client } = await setup();
      fake.reply(
        turn.error(429, { code: "rate_limit_exceeded", message: "Slow down" }),
        turn.error(500, { message: "boom" }),
      );
      await expect(client.responses.create({ model: "gpt-5", input: "x" }, { maxRetries: 0 })).rejects.toMatchObject({
        status: 429,
        code: "rate_limit_exceeded",
        message: expect.stringContaining("Slow down"),
      });
      await expect(client.responses.create({ model: "gpt-5", input: "x" }, { maxRetries: 0 })).rejects.toBeInstanceOf(
        OpenAI.InternalServerError,
      );
      expectSpecValid(fake);
    });

    test("with no script, a clear error naming the request, not a hang and not retried", async () => {
      const { fake, client } = await setup();
      const started = Date.now();
      await expect(client.responses.create({ model: "gpt-5", input: "x" })).rejects.toMatchObject({
        status: 400,
        code: "no_scripted_reply",
        message: expect.stringContaining("no reply scripted for POST"),
      });
      expect(fake.requests).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    test("strict validation answers the gate's bugs with OpenAI-shaped 400s", async () => {
      const { fake, client } = await setup();
      fake.respond(() => turn.message("ok"));
      const bad = (input: unknown[]) => client.responses.create({ model: "gpt-5", input: input as never });
      await expect(bad([{ type: "function_call_output", call_id: "call_nope", output: "x" }])).rejects.toMatchObject({
        status: 400,
        param: "input[0].call_id",
      });
      await expect(
        bad([{ type: "function_call", call_id: "c1", name: "lookup_order", arguments: { order_id: "A-1042" } }]),
      ).rejects.toMatchObject({ status: 400, param: "input[0].arguments" });
      await expect(bad([{ type: "anthropic:thinking", id: "x" }])).rejects.toMatchObject({
        status: 400,
        param: "input[0].type",
      });
      await expect(bad([{ role: "tool", tool_call_id: "c1", content: "x" }])).rejects.toMatchObject({
        status: 400,
        param: "input[0].role",
      });
      await expect(bad([{ role: "assistant", content: null, tool_calls: [] }])).rejects.toMatchObject({
        status: 400,
        param: "input[0].tool_calls",
      });
      await expect(client.responses.create({ model: "gpt-5", messages: [] } as never)).rejects.toMatchObject({
        status: 400,
        param: "messages",
      });
      await expect(bad(["just a string item"])).rejects.toMatchObject({ status: 400, param: "input[0]" });
      await expect(client.responses.create({ input: "x" } as never)).rejects.toMatchObject({
        status: 400,
        param: "model",
      });
      const broken = { type: "function", name: "broken_tool", parameters: { type: "objekt" } };
      await expect(
        client.responses.create({ model: "gpt-5", input: "x", tools: [broken] } as never),
      ).rejects.toMatchObject({
        status: 400,
        param: "tools[0].parameters",
        message: expect.stringContaining("broken_tool"),
      });
      const incomplete = {
        type: "function_call",
        call_id: "c2",
        name: "lookup_order",
        arguments: '{"order',
        status: "incomplete",
      };
      await expect(
        bad([incomplete, { type: "function_call_output", call_id: "c2", output: "x" }]),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("call_not_pairable") });
      // the same provider's own items, and a call answered in the same request, are fine
      const ok = await bad([
        { type: "openai:web_search_call", id: "ws_1", status: "completed" },
        { type: "function_call", call_id: "c3", name: "lookup_order", arguments: "{}", status: "completed" },
        { type: "function_call_output", call_id: "c3", output: "x" },
      ]);
      expect(ok.status).toBe("completed");
      expectSpecValid(fake);
    });

    test("strict: false accepts what strict rejects", async () => {
      const { fake, client } = await setup({ strict: false });
      fake.reply(turn.message("ok"));
      const response = await client.responses.create({
        model: "gpt-5",
        input: [{ type: "function_call_output", call_id: "call_nope", output: "x" }] as never,
      });
      expect(response.status).toBe("completed");
    });

    test("an incomplete turn: arguments cut, status incomplete, the gate says status", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.incomplete({ name: "lookup_order", arguments: { order_id: "A-1042" }, at: 10 }));
      const response = await client.responses.create({ model: "gpt-5", input: "x" });
      expect(response.status).toBe("incomplete");
      expect(response.incomplete_details).toEqual({ reason: "max_output_tokens" });
      expect(response.output[0]).toMatchObject({ status: "incomplete", arguments: '{"order_id' });
      expect(response.output[0]).toHaveReplayReason("status");
      fake.reply(turn.incomplete({ name: "lookup_order", arguments: { order_id: "A-1042" } }));
      const events: string[] = [];
      for await (const event of await client.responses.create({ model: "gpt-5", input: "x", stream: true }))
        events.push(event.type);
      expect(events.at(-1)).toBe("response.incomplete");
      expectSpecValid(fake);
    });

    test("parallel calls in one response", async () => {
      const { fake, client } = await setup();
      fake.reply(
        turn.parallelCalls([
          ["lookup_order", { order_id: "A-1042" }],
          { name: "get_latest_sales_report", arguments: { region: "emea" } },
        ]),
      );
      const response = await client.responses.create({ model: "gpt-5", input: "x", tools: [...tools] as never });
      expect(response.output).toHaveLength(2);
      for (const item of response.output) expect(item).toBeReplayable(tools);
      expect(new Set(response.output.map((i) => (i as { call_id: string }).call_id)).size).toBe(2);
    });

    test("a mid-stream error: `error` event then response.failed; the SDK throws", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.streamError({ code: "server_error", message: "lost the model" }));
      const stream = await client.responses.create({ model: "gpt-5", input: "x", stream: true });
      await expect(async () => {
        for await (const _ of stream) void _;
      }).rejects.toThrow(/lost the model/);
      await new Promise((r) => setTimeout(r, 20));
      const events = fake.requests[0]!.response.events!.map((e) => e.type);
      expect(events.slice(-2)).toEqual(["error", "response.failed"]);
      expectSpecValid(fake);
    });

    test("the respond() callback sees the body and the whole conversation", async () => {
      const { fake, client } = await setup();
      const seen: number[] = [];
      fake.respond(({ conversation }) => {
        seen.push(conversation.length);
        return turn.message(`turn ${seen.length}`);
      });
      const a = await client.responses.create({ model: "gpt-5", input: "first" });
      const b = await client.responses.create({ model: "gpt-5", input: "second", previous_response_id: a.id });
      expect(b.output_text).toBe("turn 2");
      expect(seen).toEqual([1, 3]);
    });

    test("the client's abort closes the stream", async () => {
      const { fake, client } = await setup({ deltas: 2000 });
      fake.reply(turn.message("word ".repeat(2000)).delay(5));
      const controller = new AbortController();
      const stream = await client.responses.create(
        { model: "gpt-5", input: "x", stream: true },
        { signal: controller.signal },
      );
      let count = 0;
      try {
        for await (const _ of stream) {
          if (++count === 5) controller.abort();
        }
      } catch (error) {
        expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
      }
      expect(count).toBeLessThan(50);
      await new Promise((r) => setTimeout(r, 50));
      const sent = fake.requests[0]!.response.events!.length;
      expect(sent).toBeLessThan(2000);
      expect(fake.requests[0]!.response.events!.map((e) => e.type)).not.toContain("response.completed");
    });

    test("a 1 MB streamed arguments string arrives whole and in order", async () => {
      const { fake, client } = await setup();
      const blob = Array.from({ length: 1 << 20 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
      fake.reply(turn.invalidCall("lookup_order", { order_id: "A-1042", note: blob })); // a note the schema does not declare
      const stream = client.responses.stream({ model: "gpt-5", input: "x" });
      let streamed = "";
      stream.on("response.function_call_arguments.delta", (event) => (streamed += event.delta));
      const final = await stream.finalResponse();
      const call = final.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
      expect(streamed).toBe(call.arguments);
      expect(JSON.parse(call.arguments).note).toBe(blob);
    });

    test("reset() forgets script, state and log", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("a"), turn.message("b"));
      const r = await client.responses.create({ model: "gpt-5", input: "x" });
      fake.reset();
      expect(fake.requests).toHaveLength(0);
      expect(fake.pending).toBe(0);
      await expect(client.responses.retrieve(r.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    });
  });
}
