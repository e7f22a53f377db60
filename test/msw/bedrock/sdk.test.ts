// The Bedrock fake through `@aws-sdk/client-bedrock-runtime`, unchanged: a client built with only a
// region, credentials and the fake's `listen()` URL as its endpoint (its default handler speaks HTTP/2,
// SigV4-signed). Converse and ConverseStream (AWS's binary event stream, read with `for await`), tool
// use, reasoning signatures, cache points, CountTokens, the API's refusals in its words, its typed
// exceptions and the SDK's default retries; every answer and event against the SDK's declarations.
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  type ContentBlock,
  ConverseCommand,
  type ConverseCommandInput,
  type ConverseResponse,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  CountTokensCommand,
  type Message,
  ModelErrorException,
  ModelNotReadyException,
  ModelStreamErrorException,
  ModelTimeoutException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
} from "@aws-sdk/client-bedrock-runtime";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { type BedrockFake, fakeBedrock, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { sdkChecker } from "../sdkCheck.js";
import { MODEL, sdkProblems, weather } from "./converse.js";

const ask = (text: string): Message => ({ role: "user", content: [{ text }] });
/** A Converse call asking "x", with the request's other fields. */
const askX = (client: BedrockRuntimeClient, fields: Omit<ConverseCommandInput, "modelId" | "messages"> = {}) =>
  client.send(new ConverseCommand({ modelId: MODEL, messages: [ask("x")], ...fields }));

const fakes: BedrockFake[] = [];
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(() => {
  const made = fakes.splice(0);
  expect(made.flatMap(sdkProblems)).toEqual([]);
});
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A fake on a loopback server, and the SDK's client as a team builds it: region, credentials, endpoint. */
async function setup(options: Parameters<typeof fakeBedrock>[0] = {}) {
  const fake = fakeBedrock(options);
  fakes.push(fake);
  const server = await fake.listen();
  servers.push(server);
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    endpoint: server.url,
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
  });
  return { fake, client, url: server.url };
}

async function collect(stream: AsyncIterable<ConverseStreamOutput> | undefined): Promise<ConverseStreamOutput[]> {
  const events: ConverseStreamOutput[] = [];
  for await (const event of stream ?? []) events.push(event);
  return events;
}

const toolUseOf = (response: ConverseResponse) => response.output?.message?.content?.find((b) => b.toolUse)?.toolUse;

test("the SDK check catches a field the SDK does not type so", () => {
  const check = sdkChecker("BedrockWire");
  expect(check("messageStop", { stopReason: "finished" })).not.toEqual([]);
  expect(check("messageStop", { stopReason: "end_turn" })).toEqual([]);
  expect(check("converse", { output: { message: { role: "assistant", content: [{ text: 1 }] } } })).not.toEqual([]);
});

describe("Converse", () => {
  test("a tool loop: the call with a tooluse_ id, its result in the next message, the answer; the matchers read it", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.functionCall("get_weather", { city: "Paris" }), turn.message("Sunny in Paris."));
    const messages: Message[] = [ask("Weather in Paris?")];
    const first = await client.send(new ConverseCommand({ modelId: MODEL, messages, toolConfig: weather }));
    expect(first.stopReason).toBe("tool_use");
    const use = toolUseOf(first);
    expect(use).toEqual({
      toolUseId: expect.stringMatching(/^tooluse_[A-Za-z0-9]{22}$/),
      name: "get_weather",
      input: { city: "Paris" },
    });
    expect(first.$metadata.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.usage).toEqual({
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
      totalTokens: expect.any(Number),
    });
    expect(first.metrics?.latencyMs).toEqual(expect.any(Number));
    messages.push(first.output?.message as Message, {
      role: "user",
      content: [{ toolResult: { toolUseId: use?.toolUseId, content: [{ json: { sky: "clear" } }] } }],
    });
    const second = await client.send(new ConverseCommand({ modelId: MODEL, messages, toolConfig: weather }));
    expect(second.output?.message?.content).toEqual([{ text: "Sunny in Paris." }]);
    expect(second.stopReason).toBe("end_turn");
    expect(fake).toHaveCalledTool("get_weather", { city: "Paris" });
    expect(fake).toHaveAnsweredCall(use?.toolUseId);
    expect(fake).toHaveReceivedRequest({ messages: [{ role: "user" }] });
    expect(fake.requests.map((request) => request.route)).toEqual(["converse", "converse"]);
    expect(fake.responses.get(first.$metadata.requestId ?? "")?.stopReason).toBe("tool_use");
  });

  test("parallel calls, an inference profile's ARN as the model (one URL-encoded segment), the parse for a responder", async () => {
    const { fake, client } = await setup();
    const arn = "arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-sonnet-4-5-20250929-v1:0";
    const seen: string[] = [];
    fake.respond(({ parsed }) => {
      seen.push(parsed.modelId);
      return turn.parallelCalls([
        ["get_weather", { city: "Oslo" }],
        ["get_weather", { city: "Rome" }],
      ]);
    });
    const answer = await client.send(
      new ConverseCommand({ modelId: arn, messages: [ask("Oslo and Rome?")], toolConfig: weather }),
    );
    expect(answer.output?.message?.content?.map((b) => b.toolUse?.input)).toEqual([{ city: "Oslo" }, { city: "Rome" }]);
    expect(seen).toEqual([arn]);
    expect(fake.requests[0]?.path).toBe(`/model/${encodeURIComponent(arn)}/converse`);
  });

  test("the script's other turns: a structured answer, a cut-off answer, a refusal by a guardrail or the content filter", async () => {
    const { fake, client } = await setup();
    fake.reply(
      turn.json({ city: "Paris" }),
      turn.incomplete(),
      turn.refusal("Blocked by policy."),
      turn.refusal("No."),
    );
    const json = await client.send(new ConverseCommand({ modelId: MODEL, messages: [ask("JSON")] }));
    expect(JSON.parse(json.output?.message?.content?.[0]?.text ?? "")).toEqual({ city: "Paris" });
    const cut = await client.send(
      new ConverseCommand({ modelId: MODEL, messages: [ask("Long")], toolConfig: weather }),
    );
    expect(cut.stopReason).toBe("max_tokens");
    const guarded = await client.send(
      new ConverseCommand({
        modelId: MODEL,
        messages: [ask("Bad")],
        guardrailConfig: { guardrailIdentifier: "gr-1", guardrailVersion: "1", trace: "enabled" },
      }),
    );
    expect(guarded.stopReason).toBe("guardrail_intervened");
    expect(guarded.output?.message?.content).toEqual([{ text: "Blocked by policy." }]);
    expect(guarded.trace?.guardrail).toBeDefined();
    const filtered = await client.send(new ConverseCommand({ modelId: MODEL, messages: [ask("Bad")] }));
    expect(filtered.stopReason).toBe("content_filtered");
  });

  test("structured output, Nova's reasoningConfig, prompt variables: what the request asks is what the script must fit", async () => {
    const { fake, client } = await setup();
    const outputConfig = {
      textFormat: {
        type: "json_schema" as const,
        structure: {
          jsonSchema: {
            name: "city",
            schema: JSON.stringify({
              type: "object",
              properties: { city: { type: "string" } },
              required: ["city"],
              additionalProperties: false,
            }),
          },
        },
      },
    };
    fake.reply(turn.json({ city: "Paris" }), turn.json({ town: "Paris" }));
    const fits = await client.send(new ConverseCommand({ modelId: MODEL, messages: [ask("City?")], outputConfig }));
    expect(JSON.parse(fits.output?.message?.content?.[0]?.text ?? "")).toEqual({ city: "Paris" });
    await expect(
      client.send(new ConverseCommand({ modelId: MODEL, messages: [ask("City?")], outputConfig })),
    ).rejects.toThrow(/outputConfig/);
    const broken = { textFormat: { ...outputConfig.textFormat, structure: { jsonSchema: { schema: "{not json" } } } };
    fake.reply(turn.json({ city: "Paris" }));
    await expect(
      client.send(new ConverseCommand({ modelId: MODEL, messages: [ask("City?")], outputConfig: broken })),
    ).rejects.toThrow("The outputConfig.textFormat.structure.jsonSchema.schema field is not valid JSON.");

    // Nova turns reasoning on with reasoningConfig; without it, a reasoning turn is refused naming it
    const nova = "amazon.nova-premier-v1:0";
    fake.reset();
    fake.reply(turn.reasoning("Thinking.", turn.message("Yes.")), turn.reasoning("Thinking.", turn.message("Yes.")));
    const thought = await client.send(
      new ConverseCommand({
        modelId: nova,
        messages: [ask("Sure?")],
        additionalModelRequestFields: { reasoningConfig: { type: "enabled", maxReasoningEffort: "low" } },
      }),
    );
    expect(thought.output?.message?.content?.[0]?.reasoningContent?.reasoningText?.text).toBe("Thinking.");
    await expect(client.send(new ConverseCommand({ modelId: nova, messages: [ask("Sure?")] }))).rejects.toThrow(
      /reasoningConfig/,
    );

    // prompt variables are taken as the API takes them (they fill a prompt managed in Bedrock)
    fake.reset();
    fake.reply(turn.message("Hello, Ada."));
    const managed = await client.send(
      new ConverseCommand({ modelId: MODEL, messages: [ask("Greet")], promptVariables: { name: { text: "Ada" } } }),
    );
    expect(managed.output?.message?.content?.[0]?.text).toBe("Hello, Ada.");
    expect((fake.requests[0]!.body as { promptVariables?: unknown }).promptVariables).toEqual({
      name: { text: "Ada" },
    });
  });

  test("reasoning: signed; sent back unchanged it passes, altered it is the model's 400 in its words", async () => {
    const { fake, client } = await setup();
    const thinking = { thinking: { type: "enabled", budget_tokens: 2048 } };
    fake.reply(turn.reasoning("The user wants Paris.", turn.functionCall("get_weather", { city: "Paris" })));
    fake.reply(turn.message("Sunny.").times(2));
    const messages: Message[] = [ask("Weather?")];
    const first = await client.send(
      new ConverseCommand({ modelId: MODEL, messages, toolConfig: weather, additionalModelRequestFields: thinking }),
    );
    const blocks = first.output?.message?.content ?? [];
    expect(blocks[0]?.reasoningContent?.reasoningText).toEqual({
      text: "The user wants Paris.",
      signature: expect.any(String),
    });
    const use = blocks[1]?.toolUse;
    const answer: Message = {
      role: "user",
      content: [{ toolResult: { toolUseId: use?.toolUseId, content: [{ text: "sunny" }] } }],
    };
    const back = await client.send(
      new ConverseCommand({
        modelId: MODEL,
        messages: [...messages, { role: "assistant", content: blocks }, answer],
        toolConfig: weather,
        additionalModelRequestFields: thinking,
      }),
    );
    expect(back.output?.message?.content).toEqual([{ text: "Sunny." }]);
    const altered: ContentBlock[] = [
      {
        reasoningContent: {
          reasoningText: { text: "Something else.", signature: blocks[0]?.reasoningContent?.reasoningText?.signature },
        },
      },
      blocks[1] as ContentBlock,
    ];
    const refused = client.send(
      new ConverseCommand({
        modelId: MODEL,
        messages: [...messages, { role: "assistant", content: altered }, answer],
        toolConfig: weather,
        additionalModelRequestFields: thinking,
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(ValidationException);
    await expect(refused).rejects.toThrow(
      "The model returned the following errors: messages.1.content.0: Invalid `signature` in `thinking` block",
    );
    // without its reasoning first, Claude's rule for a thinking turn that answers calls
    await expect(
      client.send(
        new ConverseCommand({
          modelId: MODEL,
          messages: [...messages, { role: "assistant", content: [blocks[1] as ContentBlock] }, answer],
          toolConfig: weather,
          additionalModelRequestFields: thinking,
        }),
      ),
    ).rejects.toThrow("Expected `thinking` or `redacted_thinking`, but found `tool_use`");
  });

  test("cache points: the prefix written, then read, until its TTL passes on the fake's clock", async () => {
    const { fake, client } = await setup({ clock: "manual" });
    fake.reply(turn.message("One.").times(3));
    const system = [
      { text: "You are a careful assistant. ".repeat(200) },
      { cachePoint: { type: "default" as const } },
    ];
    const send = () => client.send(new ConverseCommand({ modelId: MODEL, system, messages: [ask("Hi")] }));
    const first = await send();
    expect(first.usage?.cacheWriteInputTokens).toBeGreaterThanOrEqual(1024);
    expect(first.usage?.cacheReadInputTokens).toBe(0);
    const second = await send();
    expect(second.usage?.cacheReadInputTokens).toBe(first.usage?.cacheWriteInputTokens);
    expect(second.usage?.cacheWriteInputTokens).toBe(0);
    const { inputTokens = 0, outputTokens = 0, cacheReadInputTokens = 0 } = second.usage ?? {};
    expect(second.usage?.totalTokens).toBe(inputTokens + outputTokens + cacheReadInputTokens);
    fake.clock.advance(5 * 60_000 + 1);
    const third = await send();
    expect(third.usage?.cacheReadInputTokens).toBe(0);
    expect(third.usage?.cacheWriteInputTokens).toBe(first.usage?.cacheWriteInputTokens);
  });

  test("a cache point's ttl of 1h outlives five minutes on the fake's clock", async () => {
    const { fake, client } = await setup({ clock: "manual" });
    fake.reply(turn.message("One.").times(3));
    const system = [
      { text: "You are a careful assistant. ".repeat(200) },
      { cachePoint: { type: "default" as const, ttl: "1h" as const } },
    ];
    const send = () => client.send(new ConverseCommand({ modelId: MODEL, system, messages: [ask("Hi")] }));
    const first = await send();
    fake.clock.advance(30 * 60_000);
    expect((await send()).usage?.cacheReadInputTokens).toBe(first.usage?.cacheWriteInputTokens);
    fake.clock.advance(60 * 60_000 + 1);
    expect((await send()).usage?.cacheReadInputTokens).toBe(0);
  });

  test("a prefix shorter than the model's minimum is not cached; a model without caching reports none", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.message("One.").always());
    const short = [{ text: "Short." }, { cachePoint: { type: "default" as const } }];
    const long = [{ text: "Long enough. ".repeat(400) }, { cachePoint: { type: "default" as const } }];
    const a = await client.send(new ConverseCommand({ modelId: MODEL, system: short, messages: [ask("Hi")] }));
    expect(a.usage?.cacheWriteInputTokens).toBeUndefined();
    const llama = await client.send(
      new ConverseCommand({ modelId: "meta.llama3-70b-instruct-v1:0", system: long, messages: [ask("Hi")] }),
    );
    expect(llama.usage?.cacheWriteInputTokens).toBeUndefined();
  });

  test("CountTokens: the prompt's tokens", async () => {
    const { client } = await setup();
    const counted = await client.send(
      new CountTokensCommand({
        modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0",
        input: { converse: { messages: [ask("How many tokens is this?")], toolConfig: weather } },
      }),
    );
    expect(counted.inputTokens).toBeGreaterThan(0);
  });
});

describe("ConverseStream: AWS's binary event stream", () => {
  test("text in pieces, the stop reason and usage, read with for await", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.message("Sunny and warm in Paris."));
    const { stream } = await client.send(new ConverseStreamCommand({ modelId: MODEL, messages: [ask("Weather?")] }));
    const events = await collect(stream);
    expect(events[0]).toEqual({ messageStart: { role: "assistant" } });
    expect(events.map((e) => e.contentBlockDelta?.delta?.text ?? "").join("")).toBe("Sunny and warm in Paris.");
    expect(events.filter((e) => e.contentBlockDelta).length).toBeGreaterThan(1);
    expect(events.at(-2)).toEqual({ messageStop: { stopReason: "end_turn" } });
    expect(events.at(-1)?.metadata?.usage?.totalTokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.route).toBe("converseStream");
    expect(fake.requests[0]?.response.events?.length).toBe(events.length);
  });

  test("a call: contentBlockStart with its id and name, its input's JSON in pieces, reasoning with its signature", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.reasoning("Paris, then.", turn.functionCall("get_weather", { city: "Paris" })));
    const { stream } = await client.send(
      new ConverseStreamCommand({
        modelId: MODEL,
        messages: [ask("Weather?")],
        toolConfig: weather,
        additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
      }),
    );
    const events = await collect(stream);
    const start = events.find((e) => e.contentBlockStart)?.contentBlockStart;
    expect(start).toEqual({
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: expect.stringMatching(/^tooluse_/), name: "get_weather" } },
    });
    const input = events.flatMap((e) =>
      e.contentBlockDelta?.delta?.toolUse ? [e.contentBlockDelta.delta.toolUse.input] : [],
    );
    expect(JSON.parse(input.join(""))).toEqual({ city: "Paris" });
    const reasoning = events.flatMap((e) =>
      e.contentBlockDelta?.delta?.reasoningContent ? [e.contentBlockDelta.delta.reasoningContent] : [],
    );
    expect(reasoning.map((r) => r.text ?? "").join("")).toBe("Paris, then.");
    expect(reasoning.at(-1)?.signature).toEqual(expect.any(String));
    expect(events.find((e) => e.messageStop)?.messageStop?.stopReason).toBe("tool_use");
  });

  test("the frames on the wire: the event-stream media type, each frame's headers and CRCs as the codec checks them", async () => {
    const { fake } = await setup();
    const { EventStreamCodec } = await import("@smithy/core/event-streams");
    fake.reply(turn.message("Hi there."));
    const response = await fake.fetch(`${fake.baseUrl}/model/${encodeURIComponent(MODEL)}/converse-stream`, {
      method: "POST",
      headers: { authorization: "Bearer bedrock-api-key", "content-type": "application/json" },
      body: JSON.stringify({ messages: [ask("Hi")] }),
    });
    expect(response.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const codec = new EventStreamCodec(
      (b) => new TextDecoder().decode(b as Uint8Array),
      (s) => new TextEncoder().encode(s),
    );
    const names: string[] = [];
    for (let at = 0; at < bytes.length; ) {
      const length = new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0);
      const message = codec.decode(bytes.subarray(at, at + length));
      at += length;
      expect(message.headers[":message-type"]?.value).toBe("event");
      expect(message.headers[":content-type"]?.value).toBe("application/json");
      names.push(String(message.headers[":event-type"]?.value));
    }
    expect(names).toEqual([
      "messageStart",
      ...Array(names.length - 4).fill("contentBlockDelta"),
      "contentBlockStop",
      "messageStop",
      "metadata",
    ]);
    // a flipped byte fails the message CRC: the codec the SDK decodes with checks it
    const broken = bytes.slice();
    broken[20] = (broken[20] ?? 0) ^ 0xff;
    expect(() => codec.decode(broken.subarray(0, new DataView(broken.buffer).getUint32(0)))).toThrow(/checksum/i);
  });

  test.each([
    ["throttlingException", ThrottlingException],
    ["modelStreamErrorException", ModelStreamErrorException],
    ["validationException", ValidationException],
    ["serviceUnavailableException", ServiceUnavailableException],
  ] as const)(
    "a mid-stream %s: an exception frame, raised as the SDK's typed exception after the text",
    async (code, Type) => {
      const { fake, client } = await setup();
      fake.reply(turn.streamError({ code, message: "The stream broke." }, turn.message("Half an answer")));
      const { stream } = await client.send(new ConverseStreamCommand({ modelId: MODEL, messages: [ask("Go")] }));
      const seen: string[] = [];
      const reading = (async () => {
        for await (const event of stream ?? []) seen.push(event.contentBlockDelta?.delta?.text ?? "");
      })();
      await expect(reading).rejects.toBeInstanceOf(Type);
      await expect(reading).rejects.toThrow("The stream broke.");
      expect(seen.join("")).toBe("Half an answer");
    },
  );

  test("the client aborting mid-stream: the stream ends, the log says it was interrupted", async () => {
    const { fake, client } = await setup({ clock: "manual" });
    fake.reply(turn.message("One two three four.").timed({ firstDeltaMs: 0, deltaMs: 1000 }));
    const abort = new AbortController();
    const { stream } = await client.send(new ConverseStreamCommand({ modelId: MODEL, messages: [ask("Go")] }), {
      abortSignal: abort.signal,
    });
    let deltas = 0;
    // the SDK ends its read quietly or with the abort, as its handler goes: either way the read ends
    await (async () => {
      for await (const event of stream ?? []) if (event.contentBlockDelta && ++deltas === 1) abort.abort();
    })().catch(() => undefined);
    expect(deltas).toBe(1);
    await expect.poll(() => fake.requests[0]?.response.interrupted).toBe(true);
    expect(fake.requests[0]?.response.events?.length).toBeLessThan(5);
  });
});

describe("the API's refusals, in its words, as the SDK's ValidationException", () => {
  const use = { toolUse: { toolUseId: "tooluse_abc", name: "get_weather", input: { city: "Oslo" } } };
  test.each([
    [
      "a call not answered in the next message",
      [ask("Oslo?"), { role: "assistant", content: [use] }, ask("and?")],
      "Expected toolResult blocks at messages.2.content for the following Ids: tooluse_abc",
    ],
    [
      "a result without its call",
      [
        ask("Oslo?"),
        { role: "assistant", content: [{ text: "Hm." }] },
        { role: "user", content: [{ toolResult: { toolUseId: "tooluse_x", content: [{ text: "1" }] } }] },
      ],
      "The number of toolResult blocks at messages.2.content exceeds the number of toolUse blocks of previous turn.",
    ],
    [
      "two user messages in a row",
      [ask("a"), ask("b")],
      "A conversation must alternate between user and assistant roles.",
    ],
    [
      "an assistant message first",
      [{ role: "assistant", content: [{ text: "Hi" }] }],
      "A conversation must start with a user message.",
    ],
    ["blank text", [ask(" ")], "The text field in the ContentBlock object at messages.0.content.0 is blank."],
    [
      "an error result with no content",
      [
        ask("Oslo?"),
        { role: "assistant", content: [use] },
        { role: "user", content: [{ toolResult: { toolUseId: "tooluse_abc", content: [], status: "error" } }] },
      ],
      "The content field at messages.2.content.0.toolResult cannot be empty when status value is error.",
    ],
    [
      "a role the API has not",
      [{ role: "system", content: [{ text: "x" }] }],
      "Value '\"system\"' at 'messages.0.member.role' failed to satisfy constraint: Member must satisfy enum value set: [user, assistant]",
    ],
  ] as Array<[string, Message[], string]>)("%s", async (_, messages, words) => {
    const { client } = await setup();
    const sent = client.send(new ConverseCommand({ modelId: MODEL, messages, toolConfig: weather }));
    await expect(sent).rejects.toBeInstanceOf(ValidationException);
    await expect(sent).rejects.toThrow(words);
  });

  test("tool blocks without toolConfig; more than four cache points; a tool choice naming no tool", async () => {
    const { client } = await setup();
    const history: Message[] = [
      ask("Oslo?"),
      { role: "assistant", content: [use] },
      { role: "user", content: [{ toolResult: { toolUseId: "tooluse_abc", content: [{ text: "1" }] } }] },
    ];
    await expect(client.send(new ConverseCommand({ modelId: MODEL, messages: history }))).rejects.toThrow(
      "The toolConfig field must be defined when using toolUse and toolResult content blocks.",
    );
    const point = { cachePoint: { type: "default" as const } };
    await expect(
      client.send(
        new ConverseCommand({
          modelId: MODEL,
          system: [{ text: "a" }, point, point, point],
          messages: [{ role: "user", content: [{ text: "b" }, point, point] }],
        }),
      ),
    ).rejects.toThrow("A maximum of 4 blocks with cache_control may be provided. Found 5.");
    await expect(askX(client, { toolConfig: { ...weather, toolChoice: { tool: { name: "nope" } } } })).rejects.toThrow(
      ValidationException,
    );
    await expect(
      askX(client, {
        toolConfig: { ...weather, toolChoice: { any: {} } },
        additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
      }),
    ).rejects.toThrow("Thinking may not be enabled when tool_choice forces tool use.");
  });

  test("strict: a script the request could not produce is refused naming why", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.functionCall("get_time"), turn.message("Hi."));
    await expect(askX(client, { toolConfig: weather })).rejects.toThrow(/get_time/);
    await expect(askX(client, { toolConfig: { ...weather, toolChoice: { any: {} } } })).rejects.toThrow(
      /its toolChoice is \{"any":\{\}\}: the model calls a tool, and the turn calls none/,
    );
  });

  test("a builder with no meaning on Converse is refused when scripted, naming the wire", () => {
    const fake = fakeBedrock();
    expect(() => fake.reply(turn.webSearch("news"))).toThrow(/Bedrock Converse/);
    expect(() => fake.reply(turn.pause())).toThrow(/Bedrock Converse/);
  });
});

describe("AWS's exceptions and the SDK's retries", () => {
  test("a 429 ThrottlingException is retried by the SDK's default strategy (3 attempts), then raised", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.error(429, { message: "Too many requests, please wait before trying again." }).times(3));
    const sent = askX(client);
    await expect(sent).rejects.toBeInstanceOf(ThrottlingException);
    await expect(sent).rejects.toMatchObject({ $metadata: { httpStatusCode: 429, attempts: 3 } });
    expect(fake.requests).toHaveLength(3);
  });

  test("a throttle then an answer: the retry succeeds", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.error(429), turn.message("Made it."));
    const answer = await askX(client);
    expect(answer.output?.message?.content).toEqual([{ text: "Made it." }]);
    expect(answer.$metadata.attempts).toBe(2);
  });

  test.each([
    [403, {}, AccessDeniedException, 1],
    [424, {}, ModelErrorException, 1],
    [408, {}, ModelTimeoutException, 1],
    [503, {}, ServiceUnavailableException, 3],
    [429, { type: "ModelNotReadyException" }, ModelNotReadyException, 3],
  ] as const)(
    "%i %o: the SDK's typed exception, retried as the SDK retries it",
    async (status, options, Type, attempts) => {
      const { fake, client } = await setup();
      fake.reply(turn.error(status, { message: "Scripted.", ...options }).always());
      const sent = askX(client);
      await expect(sent).rejects.toBeInstanceOf(Type);
      await expect(sent).rejects.toMatchObject({ message: "Scripted.", $metadata: { attempts } });
    },
  );

  test("nothing scripted: the fake's refusal, a ValidationException the SDK does not retry", async () => {
    const { fake, client } = await setup();
    const sent = askX(client);
    await expect(sent).rejects.toBeInstanceOf(ValidationException);
    await expect(sent).rejects.toThrow(/no reply scripted/);
    expect(fake.requests).toHaveLength(1);
  });

  test("signatures: none is AWS's 403 in its words, a malformed one names what it lacks, a Bedrock API key passes", async () => {
    const { fake, url } = await setup();
    fake.reply(turn.message("ok"));
    const post = (headers: Record<string, string>) =>
      fetch(`${url}/model/${encodeURIComponent(MODEL)}/converse`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ messages: [ask("x")] }),
      });
    const none = await post({});
    expect(none.status).toBe(403);
    expect(none.headers.get("x-amzn-errortype")).toMatch(/^MissingAuthenticationTokenException/);
    expect(await none.json()).toEqual({ message: "Missing Authentication Token" });
    const partial = await post({
      authorization: "AWS4-HMAC-SHA256 Credential=AKID/20261207/us-east-1/bedrock/aws4_request",
    });
    expect(partial.status).toBe(403);
    expect(((await partial.json()) as { message: string }).message).toContain(
      "Authorization header requires 'SignedHeaders' parameter. Authorization header requires 'Signature' parameter.",
    );
    const key = await post({ authorization: "Bearer ABSKQmVkcm9ja0FQSUtleQ==" });
    expect(key.status).toBe(200);
  });
});

describe("the fake's own surface", () => {
  test("region: the base URL derived; a name that is no region is a TypeError", () => {
    expect(fakeBedrock({ region: "eu-west-3" }).baseUrl).toBe("https://bedrock-runtime.eu-west-3.amazonaws.com");
    expect(fakeBedrock().region).toBe("us-east-1");
    expect(() => fakeBedrock({ region: "Paris" })).toThrow(TypeError);
  });

  test("an unknown operation is AWS's UnknownOperationException", async () => {
    const fake = fakeBedrock();
    const response = await fake.fetch(`${fake.baseUrl}/model/x/invoke-nothing`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-amzn-errortype")).toMatch(/^UnknownOperationException/);
  });

  test("reset() forgets the script, the answers, the signatures, the cache and the log", async () => {
    const { fake, client } = await setup();
    fake.reply(turn.message("a"), turn.message("b"));
    await askX(client);
    fake.reset();
    expect([fake.pending, fake.requests.length, fake.responses.size]).toEqual([0, 0, 0]);
  });
});
