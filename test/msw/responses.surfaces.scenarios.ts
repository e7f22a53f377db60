// Compaction, background runs, conversations, token counting, reasoning and the API's current
// defaults, through one transport, with the official client.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, type ResponsesFake, turn } from "../../fixtures/msw/index.js";
import { specErrors } from "../fixtures/openapi.js";
import { expectSpecValid, tools } from "./responses.scenarios.js";
import type { Transport } from "./transports.js";

type Item = Record<string, unknown>;

/** Every compaction body the fake answered validates as the spec's `CompactResource`. */
function expectCompactionsValid(fake: ResponsesFake): void {
  for (const request of fake.requests) {
    const body = request.response.body as unknown as Item | undefined;
    if (body?.object === "response.compaction") expect(specErrors("CompactResource", body)).toEqual([]);
  }
}

async function readAll<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function surfaceScenarios(transport: Transport): void {
  async function setup(options: Parameters<typeof fakeResponses>[0] = {}) {
    const fake = fakeResponses({ tools, ...options });
    const client = await transport.connect(fake);
    return { fake, client };
  }

  describe(`Responses fake, the API as it is now, through ${transport.name}`, () => {
    test("compact: the user messages, then one opaque compaction item that expands back to what it replaced", async () => {
      const { fake, client } = await setup();
      const seen: unknown[][] = [];
      fake.respond(({ conversation }) => {
        seen.push(conversation);
        return turn.message(`answer ${seen.length}`);
      });
      const first = await client.responses.create({ model: "gpt-5", input: "Summarise the APAC report." });
      const compacted = await client.responses.compact({
        model: "gpt-5",
        previous_response_id: first.id,
        input: [{ role: "user", content: "And EMEA?" }],
      });
      expect(compacted.object).toBe("response.compaction");
      expect(compacted.output.map((item) => item.type)).toEqual(["message", "message", "compaction"]);
      const item = compacted.output.at(-1) as OpenAI.Responses.ResponseCompactionItem;
      expect(item.encrypted_content).toMatch(/^gAAAAA/);
      expect(JSON.stringify(item)).not.toContain("APAC"); // opaque
      expect(compacted.usage.input_tokens).toBeGreaterThan(0);

      const next = await client.responses.create({
        model: "gpt-5",
        input: [...(compacted.output as never[]), { role: "user", content: "Go on." }],
      });
      expect(next.output_text).toBe("answer 2");
      // the responder reads the history the compaction item stands for, then the new messages
      const texts = seen[1]!.map((entry) => JSON.stringify(entry));
      expect(texts.some((t) => t.includes("Summarise the APAC report."))).toBe(true);
      expect(texts.some((t) => t.includes("answer 1"))).toBe(true);
      expect(texts.at(-1)).toContain("Go on.");
      expect(texts.some((t) => t.includes('"type":"compaction"'))).toBe(false);

      const tampered = { ...item, encrypted_content: `${item.encrypted_content}x` };
      await expect(client.responses.create({ model: "gpt-5", input: [tampered as never] })).rejects.toMatchObject({
        status: 400,
        code: "invalid_encrypted_content",
        param: "input[0].encrypted_content",
      });
      const foreign = fakeResponses();
      await expect(
        foreign
          .handle(
            new Request("https://api.openai.com/v1/responses", {
              method: "POST",
              headers: { authorization: "Bearer k", "content-type": "application/json" },
              body: JSON.stringify({ model: "gpt-5", input: [item] }),
            }),
          )
          .then((r) => r.status),
      ).resolves.toBe(400);
      await expect(client.responses.compact({ input: "x" } as never)).rejects.toMatchObject({
        status: 400,
        param: "model",
      });
      expectCompactionsValid(fake);
      expectSpecValid(fake);
    });

    test("context_management: past the threshold, the response carries a compaction item, streamed with its events", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("short"), turn.message("compacted"), turn.message("streamed"));
      const small = await client.responses.create({
        model: "gpt-5",
        input: "hi",
        context_management: [{ type: "compaction", compact_threshold: 10_000 }],
      });
      expect(small.output.map((i) => i.type)).toEqual(["message"]);
      const big = await client.responses.create({
        model: "gpt-5",
        input: "word ".repeat(200),
        context_management: [{ type: "compaction", compact_threshold: 50 }],
      });
      expect(big.output.map((i) => i.type)).toEqual(["compaction", "message"]);
      const events = await readAll(
        await client.responses.create({
          model: "gpt-5",
          input: "word ".repeat(200),
          stream: true,
          context_management: [{ type: "compaction", compact_threshold: 50 }],
        }),
      );
      const added = events
        .filter((e) => e.type === "response.output_item.added")
        .map((e) => (e as { item: { type: string } }).item.type);
      expect(added).toEqual(["compaction", "message"]);
      // the compaction item goes back as input like any other item
      fake.reply(turn.message("ok"));
      const follow = await client.responses.create({
        model: "gpt-5",
        input: [...(big.output as never[]), { role: "user", content: "more" }],
      });
      expect(follow.status).toBe("completed");
      expectSpecValid(fake);
    });

    test("background: queued, in_progress, then completed on the fake's clock; retrieve polls it", async () => {
      const { fake, client } = await setup({ clock: "manual", background: { queuedMs: 100, runMs: 1000 } });
      fake.reply(turn.message("Report ready."));
      const created = await client.responses.create({ model: "gpt-5", input: "Build the report", background: true });
      expect(created).toMatchObject({ status: "queued", background: true, output: [] });
      expect((await client.responses.retrieve(created.id)).status).toBe("queued");
      await fake.clock.advance(100);
      expect((await client.responses.retrieve(created.id)).status).toBe("in_progress");
      await fake.clock.advance(999);
      expect((await client.responses.retrieve(created.id)).status).toBe("in_progress");
      await fake.clock.advance(1);
      const done = await client.responses.retrieve(created.id);
      expect(done.status).toBe("completed");
      expect(done.output_text).toBe("Report ready.");
      await expect(client.responses.cancel(created.id)).rejects.toMatchObject({
        status: 400,
        code: "response_not_cancellable",
      });
      expectSpecValid(fake);
    });

    test("background_options (openai 7.59) are accepted with a background request, and a malformed one is a 400", async () => {
      const { fake, client } = await setup({ clock: "manual" });
      fake.reply(turn.message("Later."));
      const created = await client.responses.create({
        model: "gpt-5",
        input: "Whenever",
        background: true,
        background_options: { completion_window: "8h", continuation_id: "cont_1" },
      });
      expect(created.status).toBe("queued");
      await expect(
        client.responses.create({
          model: "gpt-5",
          input: "x",
          background: true,
          background_options: { completion_window: "1w" } as never,
        }),
      ).rejects.toMatchObject({ status: 400, code: "invalid_value", param: "background_options" });
    });

    test("background: real time by default", async () => {
      const { fake, client } = await setup({ background: { queuedMs: 5, runMs: 20 } });
      fake.reply(turn.message("Done in the background."));
      const created = await client.responses.create({ model: "gpt-5", input: "x", background: true });
      expect(created.status).toBe("queued");
      let polled = created;
      for (let i = 0; i < 200 && (polled.status === "queued" || polled.status === "in_progress"); i++) {
        await new Promise((r) => setTimeout(r, 10));
        polled = await client.responses.retrieve(created.id);
      }
      expect(polled.status).toBe("completed");
      expect(polled.output_text).toBe("Done in the background.");
    });

    test("background: cancel while queued or in progress; the run never finishes", async () => {
      const { fake, client } = await setup({ clock: "manual" });
      fake.reply(turn.message("never"), turn.message("never either"));
      const queued = await client.responses.create({ model: "gpt-5", input: "x", background: true });
      const cancelled = await client.responses.cancel(queued.id);
      expect(cancelled.status).toBe("cancelled");
      const running = await client.responses.create({ model: "gpt-5", input: "y", background: true });
      await fake.clock.advance(10);
      expect((await client.responses.retrieve(running.id)).status).toBe("in_progress");
      expect((await client.responses.cancel(running.id)).status).toBe("cancelled");
      expect((await client.responses.cancel(running.id)).status).toBe("cancelled"); // idempotent
      await fake.clock.advance(60_000);
      expect((await client.responses.retrieve(queued.id)).status).toBe("cancelled");
      expect((await client.responses.retrieve(running.id)).output).toEqual([]);
      await expect(
        client.responses.create({ model: "gpt-5", input: "z", background: true, store: false }),
      ).rejects.toMatchObject({ status: 400, param: "background" });
      expectSpecValid(fake);
    });

    test("reset() stops background runs: nothing they scheduled comes back", async () => {
      const { fake, client } = await setup({ clock: "manual" });
      const conversation = await client.conversations.create({});
      fake.reply(turn.message("from before the reset"));
      await client.responses.create({ model: "gpt-5", input: "x", background: true, conversation: conversation.id });
      fake.reset();
      await fake.clock.advance(60_000);
      expect(fake.responses.size).toBe(0);
      expect(() => fake.conversationItems(conversation.id)).toThrow(/no conversation/);
      fake.reply(turn.message("after"));
      expect((await client.responses.create({ model: "gpt-5", input: "y" })).output_text).toBe("after");
    });

    test("background + stream: drop the stream, resume with starting_after, read on live to the end", async () => {
      const { fake, client } = await setup({ clock: "manual", deltas: 3 });
      fake.reply(turn.message("Sales are up in APAC."));
      const stream = await client.responses.create({ model: "gpt-5", input: "x", background: true, stream: true });
      const early: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) {
        early.push(event);
        if (early.length === 2) break; // the client drops the stream while the response is queued
      }
      expect(early.map((e) => [e.type, e.sequence_number])).toEqual([
        ["response.created", 0],
        ["response.queued", 1],
      ]);
      const id = (early[0] as OpenAI.Responses.ResponseCreatedEvent).response.id;
      await fake.clock.advance(10); // it starts running
      const resumed = await client.responses.retrieve(id, { stream: true, starting_after: 1 });
      const rest: OpenAI.Responses.ResponseStreamEvent[] = [];
      const reading = (async () => {
        for await (const event of resumed) rest.push(event);
      })();
      await new Promise((r) => setTimeout(r, 20));
      expect(rest.map((e) => e.type)).toEqual(["response.in_progress"]);
      await fake.clock.advance(50); // it finishes: the rest arrives live
      await reading;
      expect(rest.map((e) => e.sequence_number)).toEqual(rest.map((_, i) => i + 2));
      expect(rest.at(-1)!.type).toBe("response.completed");
      expect(
        rest
          .filter((e) => e.type === "response.output_text.delta")
          .map((e) => (e as { delta: string }).delta)
          .join(""),
      ).toBe("Sales are up in APAC.");
      // the whole stream again, from the start, once it is over
      const all = await readAll(await client.responses.retrieve(id, { stream: true }));
      expect(all.map((e) => e.sequence_number)).toEqual(all.map((_, i) => i));
      expect(fake.events(id)).toHaveLength(all.length);
      await expect(client.responses.retrieve(id, { stream: true, starting_after: -3 } as never)).rejects.toMatchObject({
        status: 400,
        param: "starting_after",
      });
      fake.reply(turn.message("plain"));
      const plain = await client.responses.create({ model: "gpt-5", input: "x" });
      await expect(client.responses.retrieve(plain.id, { stream: true })).rejects.toMatchObject({
        status: 400,
        param: "stream",
      });
      expectSpecValid(fake);
    });

    test("conversations: create with items, retrieve, update, delete; items create, list (pages), retrieve, delete", async () => {
      const { fake, client } = await setup();
      const conversation = await client.conversations.create({
        items: [{ type: "message", role: "user", content: "Hello" }],
        metadata: { topic: "sales" },
      });
      expect(conversation).toMatchObject({ object: "conversation", metadata: { topic: "sales" } });
      expect(conversation.id).toMatch(/^conv_/);
      expect(await client.conversations.retrieve(conversation.id)).toEqual(conversation);
      expect(await client.conversations.update(conversation.id, { metadata: { topic: "ops" } })).toMatchObject({
        id: conversation.id,
        metadata: { topic: "ops" },
      });
      const many = Array.from({ length: 24 }, (_, i) => ({
        type: "message" as const,
        role: "user" as const,
        content: `note ${i}`,
      }));
      const added = await client.conversations.items.create(conversation.id, { items: many.slice(0, 20) });
      expect(added.data).toHaveLength(20);
      await client.conversations.items.create(conversation.id, { items: many.slice(20) });
      const listed: string[] = [];
      for await (const item of client.conversations.items.list(conversation.id, { limit: 7, order: "asc" }))
        listed.push(((item as OpenAI.Conversations.Message).content[0] as { text: string }).text);
      expect(listed).toEqual(["Hello", ...many.map((m) => m.content)]);
      const first = added.data[0]!;
      expect(await client.conversations.items.retrieve(first.id!, { conversation_id: conversation.id })).toEqual(first);
      expect(first).toMatchObject({
        type: "message",
        status: "completed",
        role: "user",
        content: [{ type: "input_text", text: "note 0" }],
      });
      expect((await client.conversations.items.delete(first.id!, { conversation_id: conversation.id })).id).toBe(
        conversation.id,
      );
      await expect(
        client.conversations.items.retrieve(first.id!, { conversation_id: conversation.id }),
      ).rejects.toMatchObject({ status: 404 });
      expect(fake.conversationItems(conversation.id)).toHaveLength(24);
      await expect(
        client.conversations.items.create(conversation.id, { items: many.concat(many) }),
      ).rejects.toMatchObject({ status: 400, param: "items" });
      expect(await client.conversations.delete(conversation.id)).toEqual({
        id: conversation.id,
        object: "conversation.deleted",
        deleted: true,
      });
      await expect(client.conversations.retrieve(conversation.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    });

    test("responses.create({ conversation }) reads it as history and appends input and output; unknown is 404, with previous_response_id 400", async () => {
      const { fake, client } = await setup();
      const lengths: number[] = [];
      fake.respond(({ conversation }) => {
        lengths.push(conversation.length);
        return turn.message(`reply ${lengths.length}`);
      });
      const conversation = await client.conversations.create({
        items: [{ type: "message", role: "developer", content: "Answer briefly." }],
      });
      const a = await client.responses.create({ model: "gpt-5", conversation: conversation.id, input: "first" });
      expect(a.conversation).toEqual({ id: conversation.id });
      const b = await client.responses.create({
        model: "gpt-5",
        conversation: { id: conversation.id },
        input: "second",
      });
      expect(b.output_text).toBe("reply 2");
      expect(lengths).toEqual([2, 4]);
      const items: OpenAI.Conversations.ConversationItem[] = [];
      for await (const item of client.conversations.items.list(conversation.id, { order: "asc" })) items.push(item);
      expect(items.map((i) => [i.type, (i as { role?: string }).role])).toEqual([
        ["message", "developer"],
        ["message", "user"],
        ["message", "assistant"],
        ["message", "user"],
        ["message", "assistant"],
      ]);
      await expect(
        client.responses.create({ model: "gpt-5", conversation: "conv_does_not_exist", input: "x" }),
      ).rejects.toMatchObject({ status: 404, param: "conversation", code: "conversation_not_found" });
      await expect(
        client.responses.create({
          model: "gpt-5",
          conversation: conversation.id,
          previous_response_id: a.id,
          input: "x",
        }),
      ).rejects.toMatchObject({ status: 400, param: "conversation" });
      // streamed turns append too
      await readAll(
        await client.responses.create({ model: "gpt-5", conversation: conversation.id, input: "third", stream: true }),
      );
      expect(fake.conversationItems(conversation.id)).toHaveLength(7);
      expectSpecValid(fake);
    });

    test("inputTokens.count gives the estimate that usage.input_tokens reports for the same request", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("first answer"), turn.message("second answer"));
      const body = {
        model: "gpt-5",
        instructions: "Be brief.",
        input: "How are sales in APAC this quarter?",
        tools: [...tools] as never,
      };
      const counted = await client.responses.inputTokens.count(body);
      expect(counted.object).toBe("response.input_tokens");
      const created = await client.responses.create(body);
      expect(counted.input_tokens).toBe(created.usage!.input_tokens);
      const follow = { model: "gpt-5", previous_response_id: created.id, input: "And EMEA?" };
      const countedFollow = await client.responses.inputTokens.count(follow);
      expect(countedFollow.input_tokens).toBe((await client.responses.create(follow)).usage!.input_tokens);
      // the chain counts: the same message alone is cheaper
      expect(countedFollow.input_tokens).toBeGreaterThan(
        (await client.responses.inputTokens.count({ model: "gpt-5", input: "And EMEA?" })).input_tokens,
      );
      await expect(client.responses.inputTokens.count({ previous_response_id: "resp_missing" })).rejects.toMatchObject({
        status: 400,
        code: "previous_response_not_found",
      });
    });

    test("reasoning: an item before the call, summary streamed, encrypted content recognised when it comes back", async () => {
      const { fake, client } = await setup();
      fake.reply(
        turn.reasoning(
          "The user wants APAC numbers.",
          turn.functionCall("get_latest_sales_report", { region: "apac" }),
        ),
        turn.message("Up 4%."),
      );
      const events = await readAll(
        await client.responses.create({
          model: "gpt-5",
          input: "APAC sales?",
          tools: [...tools] as never,
          include: ["reasoning.encrypted_content"],
          store: false,
          reasoning: { effort: "high", summary: "auto" },
          stream: true,
        }),
      );
      const types = events.map((e) => e.type);
      expect(types).toContain("response.reasoning_summary_part.added");
      expect(
        events
          .filter((e) => e.type === "response.reasoning_summary_text.delta")
          .map((e) => (e as { delta: string }).delta)
          .join(""),
      ).toBe("The user wants APAC numbers.");
      const response = (events.at(-1) as OpenAI.Responses.ResponseCompletedEvent).response;
      const [reasoning, call] = response.output as [
        OpenAI.Responses.ResponseReasoningItem,
        OpenAI.Responses.ResponseFunctionToolCall,
      ];
      expect(reasoning).toMatchObject({
        type: "reasoning",
        summary: [{ type: "summary_text", text: "The user wants APAC numbers." }],
        encrypted_content: expect.stringMatching(/^gAAAAA/),
      });
      expect(response.reasoning).toEqual({ effort: "high", summary: "auto" });
      expect(response.usage!.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
      const output = { type: "function_call_output" as const, call_id: call.call_id, output: "up 4%" };
      const user = { role: "user" as const, content: "APAC sales?" };
      // a stateless chain sends everything back: accepted
      const next = await client.responses.create({
        model: "gpt-5",
        store: false,
        input: [user, reasoning, call, output] as never,
        tools: [...tools] as never,
      });
      expect(next.output_text).toBe("Up 4%.");
      // stateless, the items after a reasoning item may come back rebuilt (the AI SDK's zero-data-retention
      // path: an assistant message without its id): accepted
      fake.reply(turn.message("Rebuilt."));
      const rebuilt = await client.responses.create({
        model: "gpt-5",
        store: false,
        input: [user, reasoning, { role: "assistant", content: "Up 4%." }, { role: "user", content: "More?" }] as never,
      });
      expect(rebuilt.output_text).toBe("Rebuilt.");
      // a stored reasoning item without the call that followed it: the real API's 400 (a refused request takes no
      // scripted turn)
      fake.reply(turn.reasoning("Again.", turn.functionCall("get_latest_sales_report", { region: "apac" })));
      const stored = await client.responses.create({ model: "gpt-5", input: "APAC?", tools: [...tools] as never });
      const [storedReasoning, storedCall] = stored.output as [
        OpenAI.Responses.ResponseReasoningItem,
        OpenAI.Responses.ResponseFunctionToolCall,
      ];
      const storedOutput = { type: "function_call_output" as const, call_id: storedCall.call_id, output: "up 4%" };
      await expect(
        client.responses.create({ model: "gpt-5", input: [user, storedReasoning, storedOutput] as never }),
      ).rejects.toMatchObject({
        status: 400,
        message: `400 Item '${storedReasoning.id}' of type 'reasoning' was provided without its required following item.`,
      });
      await expect(
        client.responses.create({
          model: "gpt-5",
          store: false,
          input: [user, { ...reasoning, encrypted_content: "gAAAAAforged" }, call, output] as never,
        }),
      ).rejects.toMatchObject({ status: 400, code: "invalid_encrypted_content" });
      fake.reply(turn.reasoning(undefined, turn.message("no summary")));
      const plain = await client.responses.create({ model: "gpt-5", input: "x" });
      // stored and not asked for: no encrypted content
      expect(plain.output[0]).toEqual({ type: "reasoning", id: expect.stringMatching(/^rs_/), summary: [] });
      expectSpecValid(fake);
    });

    test("a stored prompt without a model is accepted and echoed", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("From the prompt."));
      const prompt = { id: "pmpt_123", version: "2", variables: { city: "Paris" } };
      const response = await client.responses.create({ prompt, input: "x" });
      expect(response.prompt).toEqual(prompt);
      expect(response.output_text).toBe("From the prompt.");
      await expect(client.responses.create({ input: "x" } as never)).rejects.toMatchObject({
        status: 400,
        param: "model",
      });
      expectSpecValid(fake);
    });

    test("the request's settings are echoed as the API echoes them", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message('{"ok":true}'), turn.message("defaults"));
      const format = {
        type: "json_schema" as const,
        name: "answer",
        schema: {
          type: "object",
          properties: { ok: { type: "boolean" } },
          required: ["ok"],
          additionalProperties: false,
        },
        strict: true,
      };
      const settings = {
        tool_choice: { type: "function" as const, name: "lookup_order" },
        reasoning: { effort: "low" as const, summary: "concise" as const, context: "current_turn" as const },
        user: "user-7",
        prompt_cache_retention: "in_memory" as const,
        max_output_tokens: 500,
        max_tool_calls: 3,
        truncation: "auto" as const,
        service_tier: "flex" as const,
        safety_identifier: "user-42",
        prompt_cache_key: "k1",
        top_logprobs: 2,
        temperature: 0.2,
        metadata: { run: "7" },
        parallel_tool_calls: false,
      };
      const response = await client.responses.create({
        model: "gpt-5",
        input: "x",
        tools: [...tools] as never,
        text: { format, verbosity: "low" },
        ...settings,
      });
      // a JSON-schema format is echoed as sent: without a description when none was sent (the SDK
      // types `description` as an optional string, never null)
      expect(response).toMatchObject({
        ...settings,
        text: { format, verbosity: "low" },
        background: false,
      });
      expect(response.text?.format).not.toHaveProperty("description");
      const defaults = await client.responses.create({ model: "gpt-5", input: "x" });
      expect(defaults).toMatchObject({
        text: { format: { type: "text" } },
        tool_choice: "auto",
        reasoning: null,
        background: false,
      });
      expectSpecValid(fake);
    });

    test("a function_call input without status is a completed call: its output pairs with it", async () => {
      const { fake, client } = await setup();
      fake.reply(turn.message("Paired."));
      const response = await client.responses.create({
        model: "gpt-5",
        input: [
          { type: "function_call", call_id: "call_1", name: "lookup_order", arguments: '{"order_id":"A-1042"}' },
          { type: "function_call_output", call_id: "call_1", output: "paid" },
        ],
      });
      expect(response.output_text).toBe("Paired.");
    });

    test("an unknown route is a 404 naming it; a known route with the wrong method a 405, both invalid_request_error", async () => {
      const { client } = await setup();
      await expect(client.post("/responses/resp_1/unknown_action", { body: {} })).rejects.toMatchObject({
        status: 404,
        type: "invalid_request_error",
        message: expect.stringContaining("/responses/resp_1/unknown_action"),
      });
      await expect(client.get("/responses/compact")).rejects.toMatchObject({
        status: 405,
        type: "invalid_request_error",
        message: expect.stringContaining("/responses/compact"),
      });
      await expect(client.get("/conversations/conv_1/things")).rejects.toMatchObject({
        status: 404,
        type: "invalid_request_error",
      });
    });
  });
}
