// Issue 52 (4): Anthropic's typed tools that the client runs — memory, bash, the text editor — are
// scripted with turn.functionCall and held to each tool's input, as the SDK's own memory tool
// helper (the tools-helpers-memory example) and a plain messages.create loop drive them. The SDK's
// toolRunner holds its conversation in a message thread (the message-threads beta): the fake
// holds threads too.
import Anthropic from "@anthropic-ai/sdk";
import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
import { zodOutputFormat } from "@anthropic-ai/sdk/helpers/zod";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeAnthropic, turn } from "../../../fixtures/msw/index.js";

describe("client tools on the Anthropic fake", () => {
  test("the SDK's memory tool helper in a toolRunner: the scripted command reaches the handler, its result the model", async () => {
    const claude = fakeAnthropic().reply(
      turn.functionCall("memory", { command: "view", path: "/memories" }),
      turn.functionCall("memory", { command: "create", path: "/memories/prefs.md", file_text: "Likes tea." }),
      turn.message("Noted: you like tea."),
    );
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const files = new Map<string, string>();
    const seen: string[] = [];
    const memory = betaMemoryTool({
      view: async ({ path }) => {
        seen.push(`view ${path}`);
        return [...files.keys()].join("\n") || "(empty)";
      },
      create: async ({ path, file_text }) => {
        seen.push(`create ${path}`);
        files.set(path, file_text);
        return `Created ${path}`;
      },
      str_replace: async () => "",
      insert: async () => "",
      delete: async () => "",
      rename: async () => "",
    });
    const final = await client.beta.messages.toolRunner({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Remember that I like tea." }],
      tools: [memory],
    });
    expect(seen).toEqual(["view /memories", "create /memories/prefs.md"]);
    expect(final.content).toEqual([expect.objectContaining({ type: "text", text: "Noted: you like tea." })]);
    expect(claude).toHaveCalledTool("memory", {
      command: "create",
      path: "/memories/prefs.md",
      file_text: "Likes tea.",
    });
    const [first] = claude.messages.values();
    const call = first?.content.find((block) => block.type === "tool_use");
    expect(claude).toHaveAnsweredCall(call?.type === "tool_use" ? call.id : "", "(empty)");
    // the runner holds the conversation in a message thread: each request sent only its new messages
    expect(claude.requests[1]?.body).toMatchObject({ thread: { type: "continue" } });
  });

  test("bash and the text editor: tool_use blocks, held to their input (a command the tool lacks is refused)", async () => {
    const tools: Anthropic.ToolUnion[] = [
      { type: "bash_20250124", name: "bash" },
      { type: "text_editor_20250728", name: "str_replace_based_edit_tool" },
    ];
    const claude = fakeAnthropic().reply(
      turn.parallelCalls([
        ["bash", { command: "ls -la" }],
        ["str_replace_based_edit_tool", { command: "view", path: "/repo/README.md" }],
      ]),
      turn.functionCall("str_replace_based_edit_tool", { command: "fly", path: "/x" }),
    );
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user" as const, content: "Look at the repo." }],
      tools,
    };
    const first = await client.messages.create(body);
    expect(first.stop_reason).toBe("tool_use");
    expect(first.content.filter((block) => block.type === "tool_use").map((block) => block.name)).toEqual([
      "bash",
      "str_replace_based_edit_tool",
    ]);
    await expect(client.messages.create(body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("does not fit the tools in play"),
    });
  });

  test("a memory command outside the tool's six is refused; turn.invalidCall serves it deliberately", async () => {
    const tools: Anthropic.ToolUnion[] = [{ type: "memory_20250818", name: "memory" }];
    const claude = fakeAnthropic().reply(
      turn.functionCall("memory", { command: "forget", path: "/memories" }),
      turn.invalidCall("memory", { command: "forget", path: "/memories" }),
    );
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 256,
      messages: [{ role: "user" as const, content: "Hi" }],
      tools,
    };
    await expect(client.messages.create(body)).rejects.toMatchObject({ status: 400 });
    const served = await client.messages.create(body);
    expect(served.content[0]).toMatchObject({ type: "tool_use", name: "memory", input: { command: "forget" } });
  });
});

describe("message threads (the message-threads beta)", () => {
  test("client.beta.messages.thread: each send carries only its new message; the fake holds the rest", async () => {
    const claude = fakeAnthropic().reply(turn.message("Hello!"), turn.message("Fine, thanks."));
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const thread = client.beta.messages.thread({ model: "claude-sonnet-4-5", max_tokens: 256, system: "Be brief." });
    const first = await thread.send({ role: "user", content: "Hello, Claude" });
    const second = await thread.send({ role: "user", content: "How are you?" });
    expect([first.content[0], second.content[0]]).toEqual([
      expect.objectContaining({ text: "Hello!" }),
      expect.objectContaining({ text: "Fine, thanks." }),
    ]);
    expect(claude.requests[1]?.body).toMatchObject({
      thread: { type: "continue", previous_message_id: first.id },
      messages: [{ role: "user", content: "How are you?" }],
    });
  });

  test("continuing a thread the fake does not hold is a 404 naming it", async () => {
    const claude = fakeAnthropic().reply(turn.message("x"));
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    await expect(
      client.beta.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "Hi" }],
        thread: { type: "continue", previous_message_id: "msg_nowhere" },
      }),
    ).rejects.toMatchObject({ status: 404, message: expect.stringContaining("msg_nowhere") });
  });
});

describe("structured outputs (output_config.format)", () => {
  const schema = {
    type: "object",
    properties: { n: { type: "integer" } },
    required: ["n"],
    additionalProperties: false,
  } as const;
  const body = {
    model: "claude-sonnet-4-5",
    max_tokens: 256,
    messages: [{ role: "user" as const, content: "A number?" }],
    output_config: { format: { type: "json_schema" as const, schema } },
  };

  test("an answer that is not JSON, or does not fit the schema, is refused; one that fits is served", async () => {
    const claude = fakeAnthropic().reply(
      turn.message("not json"),
      turn.json({ n: "x" }),
      turn.json({ n: 7 }),
      turn.invalidJson({ n: "deliberately wrong" }),
    );
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    await expect(client.messages.create(body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("it is not JSON"),
    });
    await expect(client.messages.create(body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("output_config.format"),
    });
    const fits = await client.messages.create(body);
    expect(fits.content[0]).toMatchObject({ type: "text", text: '{"n":7}' });
    const served = await client.messages.create(body);
    expect(served.content[0]).toMatchObject({ type: "text", text: '{"n":"deliberately wrong"}' });
  });

  test("the SDK's messages.parse with zodOutputFormat reads what fits", async () => {
    const claude = fakeAnthropic().reply(turn.json({ city: "Oslo", celsius: 21 }));
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const parsed = await client.messages.parse({
      model: "claude-sonnet-4-5",
      max_tokens: 256,
      messages: [{ role: "user", content: "Weather in Oslo?" }],
      output_config: { format: zodOutputFormat(z.object({ city: z.string(), celsius: z.number() })) },
    });
    expect(parsed.parsed_output).toEqual({ city: "Oslo", celsius: 21 });
  });
});
