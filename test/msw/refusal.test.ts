// turn.refusal on every model fake, read by each wire's own client: the Responses API's refusal
// part (and its stream's refusal deltas), Chat Completions' message.refusal (streamed as refusal
// deltas), Anthropic's stop_reason "refusal" with the reason in stop_details; and Anthropic's
// pause_turn.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { expect, test } from "vitest";
import { fakeAnthropic, fakeChatCompletions, fakeResponses, turn } from "../../fixtures/msw/index.js";

test("the Responses API: a message whose content is a refusal part, streamed as refusal deltas", async () => {
  const fake = fakeResponses();
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  fake.reply(turn.refusal("I can't help with that."), turn.refusal("No."));
  const response = await client.responses.create({ model: "gpt-5", input: "Something forbidden" });
  expect(response.output[0]).toMatchObject({
    type: "message",
    role: "assistant",
    content: [{ type: "refusal", refusal: "I can't help with that." }],
  });
  expect(response.output_text).toBe("");
  const types: string[] = [];
  let refusal = "";
  for await (const event of await client.responses.create({ model: "gpt-5", input: "Again", stream: true })) {
    types.push(event.type);
    if (event.type === "response.refusal.delta") refusal += event.delta;
  }
  expect(refusal).toBe("No.");
  expect(types).toContain("response.refusal.done");
});

test("Chat Completions: message.refusal, content null; streamed as refusal deltas", async () => {
  const chat = fakeChatCompletions({ deltas: 3 });
  const client = new OpenAI({ apiKey: "k", fetch: chat.fetch, maxRetries: 0 });
  chat.reply(turn.refusal("I can't help with that.").times(2));
  const completion = await client.chat.completions.create({
    model: "gpt-5",
    messages: [{ role: "user", content: "?" }],
  });
  expect(completion.choices[0]?.message).toMatchObject({ content: null, refusal: "I can't help with that." });
  const final = await client.chat.completions
    .stream({ model: "gpt-5", messages: [{ role: "user", content: "?" }] })
    .finalChatCompletion();
  expect(final.choices[0]?.message.refusal).toBe("I can't help with that.");
});

test("Anthropic Messages: stop_reason refusal, the reason in stop_details", async () => {
  const claude = fakeAnthropic();
  const client = new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 });
  claude.reply(turn.refusal("That would cause harm.").times(2));
  const message = await client.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 64,
    messages: [{ role: "user", content: "?" }],
  });
  expect(message).toMatchObject({
    stop_reason: "refusal",
    content: [],
    stop_details: { type: "refusal", explanation: "That would cause harm." },
  });
  const streamed = await client.messages
    .stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "?" }] })
    .finalMessage();
  expect(streamed.stop_reason).toBe("refusal");
});

test("turn.pause: Anthropic's pause_turn after a server search; the paused message sent back goes on", async () => {
  const claude = fakeAnthropic();
  const client = new Anthropic({ apiKey: "k", fetch: claude.fetch, maxRetries: 0 });
  claude.reply(turn.pause(turn.webSearch("agent testing", { next: turn.output() })), turn.message("Here is the news."));
  const tools: Anthropic.ToolUnion[] = [{ type: "web_search_20250305", name: "web_search" }];
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "News on agent testing?" }];
  const paused = await client.messages.create({ model: "claude-sonnet-4-5", max_tokens: 256, messages, tools });
  expect(paused.stop_reason).toBe("pause_turn");
  expect(paused.content.map((b) => b.type)).toEqual(["server_tool_use", "web_search_tool_result"]);
  messages.push({ role: "assistant", content: paused.content });
  const resumed = await client.messages.create({ model: "claude-sonnet-4-5", max_tokens: 256, messages, tools });
  expect(resumed).toMatchObject({ stop_reason: "end_turn", content: [{ type: "text", text: "Here is the news." }] });
  // a pause is Anthropic's alone
  expect(() => fakeChatCompletions().reply(turn.pause())).toThrow(
    /turn.pause, which means nothing on Chat Completions/,
  );
  expect(() => fakeResponses().reply(turn.pause())).toThrow(/turn.pause, which means nothing on the Responses API/);
});
