// The bodies of the Responses fake that the Open Responses document does not describe —
// conversations and their items, input token counts, the compaction item — and the WebSocket
// error envelope, checked at run time against the `openai` SDK's own types (extra properties
// refused). Responses and stream events are checked against the document (responses.scenarios.ts):
// the SDK's `Response` type also holds what the client computes (`output_text`) and fields the
// document leaves out, so it is not a wire check for them.
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fakeResponses, type Listening, turn } from "../../fixtures/msw/index.js";
import { tools } from "./responses.scenarios.js";
import { type Check, sdkChecker } from "./sdkCheck.js";

let check: Check;
let server: Listening;
const fake = fakeResponses({ tools, clock: "manual" });

beforeAll(async () => {
  check = sdkChecker("ResponsesWire");
  server = await fake.listen();
}, 60_000);
afterAll(() => server.close());

/** The SDK shape of a JSON body the fake sent, by its `object` (undefined: not checked here). */
function kindOf(body: Record<string, unknown>): string | undefined {
  switch (body.object) {
    case "response":
      return "response";
    case "response.compaction":
      return "compacted";
    case "response.input_tokens":
      return "inputTokens";
    case "conversation":
      return "conversation";
    case "conversation.deleted":
      return "conversationDeleted";
    case "list":
      return "conversationItemList";
    default:
      return body.type === undefined ? undefined : "conversationItem";
  }
}

test("conversations, their items, token counts, the compaction item and WebSocket errors are what the SDK's types say; a WebSocket lane comes back on its events", async () => {
  const client = new OpenAI({ apiKey: "test-key", baseURL: server.url });
  fake.reply(
    turn.reasoning("Checking APAC.", turn.functionCall("get_latest_sales_report", { region: "apac" })),
    turn.message("Up 4%."),
    turn.message("In the background."),
    turn.message("Over a socket."),
    turn.streamError({ message: "lost" }),
  );
  const conversation = await client.conversations.create({
    items: [{ type: "message", role: "user", content: "Hi" }],
    metadata: { a: "b" },
  });
  const first = await client.responses.create({
    model: "gpt-5",
    conversation: conversation.id,
    input: "APAC?",
    tools: tools as never,
    include: ["reasoning.encrypted_content"],
    reasoning: { effort: "high", summary: "auto" },
    text: { verbosity: "low" },
    context_management: [{ type: "compaction", compact_threshold: 1 }],
    stream: true,
  });
  for await (const event of first) void event;
  const [, call] = fake
    .conversationItems(conversation.id)
    .slice(-1)
    .concat(fake.conversationItems(conversation.id).filter((i) => i.type === "function_call"));
  await client.responses.create({
    model: "gpt-5",
    conversation: conversation.id,
    input: [{ type: "function_call_output", call_id: String(call!.call_id), output: "+4%" }],
  });
  await client.responses.compact({ model: "gpt-5", input: "Long story." });
  await client.responses.inputTokens.count({ model: "gpt-5", input: "How many?" });
  const background = await client.responses.create({ model: "gpt-5", input: "x", background: true, stream: true });
  const reading = (async () => {
    for await (const event of background) void event;
  })();
  await fake.clock.advance(100);
  await reading;
  const items = await client.conversations.items.create(conversation.id, {
    items: [{ type: "message", role: "user", content: "More" }],
  });
  await client.conversations.items.list(conversation.id);
  await client.conversations.items.retrieve(items.data[0]!.id!, { conversation_id: conversation.id });
  await client.conversations.update(conversation.id, { metadata: { c: "d" } });

  const socket = new ResponsesWS(client);
  const messages: unknown[] = [];
  socket.on("event", (event) => messages.push(event));
  socket.on("error", () => undefined);
  const settled = (count: number) =>
    new Promise<void>((resolve) =>
      socket.on("event", () =>
        messages.filter(
          (m) =>
            ["response.completed", "response.failed", "error"].includes((m as { type: string }).type) &&
            !("sequence_number" in (m as object) && (m as { type: string }).type === "error"),
        ).length >= count
          ? resolve()
          : undefined,
      ),
    );
  const three = settled(3);
  socket.send({ type: "response.create", model: "gpt-5", input: "x", stream_id: "lane-a" } as never);
  socket.send({ type: "response.create", model: "gpt-5", input: "y", stream_id: "lane-b" } as never);
  socket.send({
    type: "response.create",
    model: "gpt-5",
    previous_response_id: "resp_missing",
    input: "z",
    stream_id: "lane-c",
  } as never);
  await three;
  socket.close();
  await client.conversations.delete(conversation.id);

  const problems: string[] = [];
  for (const request of fake.requests) {
    const body = request.response.body as unknown as Record<string, unknown> | undefined;
    if (request.transport === "websocket") continue;
    if (!body || "error" in body) continue;
    const kind = kindOf(body);
    expect(kind, JSON.stringify(body).slice(0, 200)).toBeDefined();
    if (kind === "response") continue;
    if (kind === "compacted") {
      // The document (and the issue) put the user messages first; openai 7 types `output` as
      // output items, whose messages are the assistant's. The compaction item is checked here.
      const output = body.output as Array<Record<string, unknown>>;
      expect(output.slice(0, -1).every((item) => item.type === "message" && item.role === "user")).toBe(true);
      problems.push(...check("compacted", { ...body, output: output.slice(-1) }));
      continue;
    }
    problems.push(...check(kind!, body));
  }
  for (const message of messages)
    if ((message as { type: string }).type === "error" && !("sequence_number" in (message as object)))
      problems.push(...check("webSocketEvent", message));
  expect(problems).toEqual([]);
  // the lanes came back on their responses' events
  expect(new Set(messages.map((m) => (m as { stream_id?: string }).stream_id))).toEqual(
    new Set(["lane-a", "lane-b", "lane-c"]),
  );
  expect(
    messages
      .filter((m) => (m as { type: string }).type === "response.completed")
      .map((m) => (m as { stream_id: string }).stream_id),
  ).toEqual(["lane-a"]);
}, 60_000);
