// The switch between providers: toBePortableTo(wire) says what another wire would refuse of a
// history — Open Responses items, Chat Completions messages, Anthropic Messages, a framework's own —
// naming each item and its rule.
import type Anthropic from "@anthropic-ai/sdk";
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, webSearchTool } from "@openai/agents";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { failureOf } from "./helpers.js";

setTracingDisabled(true);

const call = {
  type: "function_call",
  call_id: "call_1",
  name: "get_weather",
  arguments: '{"city":"Oslo"}',
  status: "completed",
};
const output = { type: "function_call_output", call_id: "call_1", output: "21 °C" };
const reasoning = { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAAA…" };

describe("an Open Responses history", () => {
  test("reasoning another model made goes to no other wire; the rest does", () => {
    const history = [{ role: "user", content: "Weather?" }, reasoning, call, output];
    expect(history).toBePortableTo("responses");
    expect(history).not.toBePortableTo("chat-completions");
    expect(history).not.toBePortableTo("anthropic");
    expect(history.filter((item) => item !== reasoning)).toBePortableTo("anthropic");
    expect(failureOf(() => expect(history).toBePortableTo("anthropic"))).toContain(
      "foreign_reasoning: [1] reasoning another model made (a Responses reasoning item): Anthropic Messages takes none; drop it",
    );
  });

  test.each([
    [[call], "unanswered_call", ["responses", "chat-completions", "anthropic"]],
    [[{ ...call, status: "incomplete" }, output], "unfinished_call", ["responses", "chat-completions", "anthropic"]],
    [[{ ...call, arguments: { city: "Oslo" } }, output], "object_arguments", ["responses", "chat-completions"]],
    [[{ ...call, arguments: "[1, 2]" }, output], "arguments_not_an_object", ["anthropic"]],
    [[{ type: "item_reference", id: "fc_1" }], "stored_id", ["responses", "chat-completions", "anthropic"]],
    [[{ type: "acme:trace", id: "t" }], "provider_extension", ["responses", "chat-completions", "anthropic"]],
    [
      [{ type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "x" } }],
      "hosted_tool_item",
      ["chat-completions", "anthropic"],
    ],
  ] as const)("%j: %s, refused by %j", (history, rule, refusedBy) => {
    for (const wire of ["responses", "chat-completions", "anthropic"] as const) {
      if (refusedBy.includes(wire as never))
        expect(failureOf(() => expect(history).toBePortableTo(wire))).toContain(`${rule}: [0]`);
      else expect(history).toBePortableTo(wire);
    }
  });
});

test("an Anthropic history: its signed thinking stays with Anthropic", () => {
  const history = [
    { role: "user", content: "Weather in Oslo?" },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "The user wants the weather.", signature: "sig_1" },
        { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Oslo" } },
      ],
    },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "21 °C" }] },
  ] satisfies Anthropic.MessageParam[];
  expect(history).toBePortableTo("anthropic");
  expect(failureOf(() => expect(history).toBePortableTo("chat-completions"))).toContain(
    "foreign_reasoning: [1] thinking another model made (Anthropic's, signed): Chat Completions takes none",
  );
  expect(history.slice(0, 2)).not.toBePortableTo("anthropic"); // the tool_use never answered
});

test("a Chat Completions history, answered, goes anywhere", () => {
  const history = [
    { role: "user", content: "Weather?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }],
    },
    { role: "tool", tool_call_id: "call_1", content: "21 °C" },
  ] satisfies OpenAI.Chat.ChatCompletionMessageParam[];
  for (const wire of ["responses", "chat-completions", "anthropic"] as const) expect(history).toBePortableTo(wire);
});

test("an @openai/agents run's history: its hosted web search stays with the Responses API", async () => {
  const fake = fakeResponses().reply(turn.webSearch("weather in Oslo", { next: turn.message("Sunny.") }));
  const agent = new Agent({
    name: "Weather",
    instructions: "Search, then answer.",
    model: new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch }), "gpt-5"),
    tools: [webSearchTool()],
  });
  const result = await run(agent, "Weather in Oslo?");
  expect(result.history).toBePortableTo("responses");
  expect(failureOf(() => expect(result.history).toBePortableTo("anthropic"))).toContain(
    "hosted_tool_item: [1] web_search_call is a hosted tool's item",
  );
});

test("what is no history, or no wire, is a matcher error", () => {
  expect(failureOf(() => expect({}).toBePortableTo("anthropic"))).toContain(
    "Matcher error: received value must be a history",
  );
  expect(failureOf(() => expect([]).toBePortableTo("mistral" as never))).toContain(
    'Matcher error: wire value must be one of "responses", "chat-completions", "anthropic", "gemini", "bedrock"',
  );
});

describe("ids and stored objects between Anthropic and Bedrock", () => {
  test("a call id another provider made that Anthropic's and Converse's pattern refuses: call_id_format", () => {
    // Moonshot's Kimi names its calls `functions.get_weather:0`; Anthropic and Converse take [a-zA-Z0-9_-]
    const history = [
      { ...call, call_id: "functions.get_weather:0" },
      { ...output, call_id: "functions.get_weather:0" },
    ];
    expect(history).toBePortableTo("responses");
    expect(history).toBePortableTo("chat-completions");
    for (const wire of ["anthropic", "bedrock"] as const)
      expect(failureOf(() => expect(history).toBePortableTo(wire))).toContain("call_id_format: [0]");
    // Bedrock's ids are at most 64 characters; Anthropic's have no such bound
    const long = `call_${"x".repeat(70)}`;
    const longer = [
      { ...call, call_id: long },
      { ...output, call_id: long },
    ];
    expect(longer).toBePortableTo("anthropic");
    expect(failureOf(() => expect(longer).toBePortableTo("bedrock"))).toContain("call_id_format: [0]");
  });

  test("a file Anthropic's Files API stored, an S3 object only Bedrock reads: stored_id elsewhere", () => {
    const anthropic = [
      {
        role: "user",
        content: [
          { type: "document", source: { type: "file", file_id: "file_011" } },
          { type: "text", text: "Sum it up." },
        ],
      },
    ];
    expect(anthropic).toBePortableTo("anthropic");
    expect(failureOf(() => expect(anthropic).toBePortableTo("bedrock"))).toContain(
      'stored_id: [0] a "document" block names a file Anthropic\'s Files API stored (source.file_id): Bedrock Converse cannot read it',
    );
    const converse = [
      {
        role: "user",
        content: [
          { document: { format: "pdf", name: "report", source: { s3Location: { uri: "s3://bucket/report.pdf" } } } },
          { text: "Sum it up." },
        ],
      },
    ];
    expect(converse).toBePortableTo("bedrock");
    expect(failureOf(() => expect(converse).toBePortableTo("anthropic"))).toContain(
      "stored_id: [0] a document block names an object in Amazon S3 (source.s3Location): only Bedrock reads it",
    );
  });
});
