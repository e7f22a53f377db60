// The items of hosted, built-in and client-executed tools, scripted with their builders: each as
// the SDK types it (sdk-coverage.test.ts checks every field against the SDK's own shapes), with
// its defaults, its events over every transport, and the tool the request must declare for it.
import OpenAI from "openai";
import { ResponsesWS } from "openai/resources/responses/ws";
import { afterEach, describe, expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { fakeResponses, type Listening, type ResponsesFake, turn } from "../../fixtures/msw/index.js";
import { HOSTED_TOOLS, TOOL_TURNS } from "./sdkExamples.js";

const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
type Item = { type: string; [field: string]: unknown };
const client = (fake: ResponsesFake) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
const ask = async (fake: ResponsesFake, next: ReturnType<typeof turn.message>, body: Record<string, unknown> = {}) => {
  fake.reply(next);
  const response = await client(fake).responses.create({
    model: "gpt-5",
    input: "Go.",
    tools: HOSTED_TOOLS,
    ...body,
  } as never);
  return response as unknown as { output: Item[]; status: string };
};
const streamed = async (
  fake: ResponsesFake,
  next: ReturnType<typeof turn.message>,
  body: Record<string, unknown> = {},
) => {
  fake.reply(next);
  const stream = await client(fake).responses.create({
    model: "gpt-5",
    input: "Go.",
    tools: HOSTED_TOOLS,
    stream: true,
    ...body,
  } as never);
  const events: Item[] = [];
  for await (const event of stream as unknown as AsyncIterable<Item>) events.push(event);
  return events;
};

describe("each tool's item, with its defaults", () => {
  test("hosted tools run inside the response: their item, then the model's message", async () => {
    const fake = fakeResponses();
    const searched = await ask(fake, turn.webSearch("weather in Paris"));
    expect(searched.output.map((item) => item.type)).toEqual(["web_search_call", "message"]);
    expect(searched.output[0]).toMatchObject({
      id: expect.stringMatching(/^ws_[0-9a-f]{48}$/),
      status: "completed",
      // the sources are listed only with include: ["web_search_call.action.sources"] (test/trust)
      action: { type: "search", query: "weather in Paris" },
    });
    expect((searched.output[0] as unknown as { action: object }).action).not.toHaveProperty("sources");
    // the message after a search cites its sources
    expect((searched.output[1] as unknown as { content: Item[] }).content[0]).toMatchObject({
      text: "Here is what I found: Example Domain.",
      annotations: [
        { type: "url_citation", url: "https://example.com/", title: "Example Domain", start_index: 0, end_index: 37 },
      ],
    });
    const [call] = (await ask(fake, turn.mcpCall("docs", "search_docs", { q: "refunds" }, { output: "30 days" })))
      .output;
    expect(call).toMatchObject({
      type: "mcp_call",
      server_label: "docs",
      name: "search_docs",
      arguments: '{"q":"refunds"}',
      output: "30 days",
      error: null,
      status: "completed",
    });
    const [failed] = (await ask(fake, turn.mcpCall("docs", "search_docs", {}, { error: "unreachable" }))).output;
    expect(failed).toMatchObject({
      status: "failed",
      output: null,
      error: { type: "mcp_tool_execution_error", content: [{ type: "text", text: "unreachable" }] },
    });
    const [image] = (await ask(fake, turn.imageGeneration("a lighthouse"))).output;
    expect(image).toMatchObject({
      status: "completed",
      revised_prompt: "a lighthouse",
      result: expect.stringMatching(/^iVBOR/),
    });
  });

  test("client-executed tools end the turn with a call id the app answers", async () => {
    const fake = fakeResponses();
    for (const [next, type] of [
      [turn.computerCall(), "computer_call"],
      [turn.localShellCall(["ls"]), "local_shell_call"],
      [turn.shellCall("pwd"), "shell_call"],
      [turn.applyPatch({ type: "delete_file", path: "old.txt" }), "apply_patch_call"],
      [turn.customToolCall("run_sql", "SELECT 1"), "custom_tool_call"],
    ] as const) {
      const answer = await ask(fake, next);
      expect(answer.output.map((item) => item.type)).toEqual([type]);
      expect(answer.output[0]).toMatchObject({ call_id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/) });
    }
    const [screenshot] = (await ask(fake, turn.computerCall())).output;
    expect(screenshot).toMatchObject({
      action: { type: "screenshot" },
      pending_safety_checks: [],
      status: "completed",
    });
    const [given] = (await ask(fake, turn.shellCall(["git status"], { call_id: "call_mine" }))).output;
    expect(given).toMatchObject({ call_id: "call_mine", action: { commands: ["git status"] } });
    const [approval] = (await ask(fake, turn.mcpApprovalRequest("docs", "delete_page", { id: 7 }))).output;
    expect(approval).toMatchObject({ type: "mcp_approval_request", server_label: "docs", arguments: '{"id":7}' });
  });

  test("file search results and code interpreter outputs are in the item only when the request includes them", async () => {
    const fake = fakeResponses();
    const search = turn.fileSearch("refunds", { results: [{ filename: "policy.pdf", text: "30 days." }] });
    expect((await ask(fake, search)).output[0]).toMatchObject({ queries: ["refunds"], results: null });
    const included = await ask(fake, search, { include: ["file_search_call.results"] });
    expect(included.output[0]).toMatchObject({
      results: [{ filename: "policy.pdf", text: "30 days.", score: 0.9, file_id: expect.stringMatching(/^file-/) }],
    });
    const code = turn.codeInterpreter("print(42)", { logs: "42\n" });
    expect((await ask(fake, code)).output[0]).toMatchObject({ code: "print(42)", outputs: null });
    expect((await ask(fake, code, { include: ["code_interpreter_call.outputs"] })).output[0]).toMatchObject({
      container_id: expect.stringMatching(/^cntr_/),
      outputs: [{ type: "logs", logs: "42\n" }],
    });
  });

  test("items combine in one turn, in order: reasoning, a listing, a call, a message", async () => {
    const fake = fakeResponses();
    const answer = await ask(
      fake,
      turn.reasoning(
        "Checking the docs server.",
        turn.mcpListTools("docs", [{ name: "search_docs" }], {
          next: turn.mcpCall(
            "docs",
            "search_docs",
            { q: "x" },
            { output: "found", next: turn.message("It says: found.") },
          ),
        }),
      ),
    );
    expect(answer.output.map((item) => item.type)).toEqual(["reasoning", "mcp_list_tools", "mcp_call", "message"]);
    const mixed = await ask(fake, turn.output(turn.webSearch("x"), turn.customToolCall("run_sql", "SELECT 2")));
    expect(mixed.output.map((item) => item.type)).toEqual(["web_search_call", "message", "custom_tool_call"]);
  });
});

describe("streamed with their own events", () => {
  test("each item's events, in the order the API sends them", async () => {
    const fake = fakeResponses({ deltas: 2 });
    const types = async (next: ReturnType<typeof turn.message>) =>
      (await streamed(fake, next))
        .map((e) => e.type)
        .filter((t) => !/^response\.(created|in_progress|completed)$/.test(t));
    expect(await types(turn.webSearch("x", { next: turn.computerCall() }))).toEqual([
      "response.output_item.added",
      "response.web_search_call.in_progress",
      "response.web_search_call.searching",
      "response.web_search_call.completed",
      "response.output_item.done",
      "response.output_item.added",
      "response.output_item.done",
    ]);
    const code = await types(turn.codeInterpreter("print(1)"));
    expect(code.slice(0, 8)).toEqual([
      "response.output_item.added",
      "response.code_interpreter_call.in_progress",
      "response.code_interpreter_call_code.delta",
      "response.code_interpreter_call_code.delta",
      "response.code_interpreter_call_code.done",
      "response.code_interpreter_call.interpreting",
      "response.code_interpreter_call.completed",
      "response.output_item.done",
    ]);
    expect(code.slice(8, 10)).toEqual(["response.output_item.added", "response.content_part.added"]); // the message after it
    const shell = await streamed(fake, turn.shellCall(["ls", "pwd"]));
    expect(
      shell.filter((e) => e.type.startsWith("response.shell_call_command")).map((e) => [e.type, e.command_index]),
    ).toEqual([
      ["response.shell_call_command.added", 0],
      ["response.shell_call_command.delta", 0],
      ["response.shell_call_command.delta", 0],
      ["response.shell_call_command.done", 0],
      ["response.shell_call_command.added", 1],
      ["response.shell_call_command.delta", 1],
      ["response.shell_call_command.delta", 1],
      ["response.shell_call_command.done", 1],
    ]);
    // the deltas of a streamed input add up to the item's
    const custom = await streamed(fake, turn.customToolCall("run_sql", "SELECT name FROM users"));
    const input = custom
      .filter((e) => e.type === "response.custom_tool_call_input.delta")
      .map((e) => e.delta)
      .join("");
    expect(input).toBe("SELECT name FROM users");
  });

  test("a web search's citation is streamed as an annotation; an image streams its tool's partial_images", async () => {
    const fake = fakeResponses();
    const events = await streamed(fake, turn.webSearch("x"));
    expect(events.find((e) => e.type === "response.output_text.annotation.added")).toMatchObject({
      annotation_index: 0,
      annotation: { type: "url_citation", url: "https://example.com/" },
    });
    const partial = (tools: unknown[]) =>
      streamed(fake, turn.imageGeneration("x"), { tools }).then(
        (all) => all.filter((e) => e.type === "response.image_generation_call.partial_image").length,
      );
    expect(await partial([{ type: "image_generation" }])).toBe(0);
    expect(await partial([{ type: "image_generation", partial_images: 2 }])).toBe(2);
  });

  test("the same events over SSE, WebSocket and a background run (one event builder)", async () => {
    const next = () => turn.mcpCall("docs", "search_docs", { q: "x" }, { output: "found" });
    const fake = fakeResponses();
    const sse = (await streamed(fake, next())).map((e) => e.type);
    const server = await fake.listen();
    servers.push(server);
    const socket = new ResponsesWS(new OpenAI({ apiKey: "k", baseURL: server.url }));
    const overSocket: string[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on("event", (event) => {
        overSocket.push(event.type);
        if (event.type === "response.completed") resolve();
      }),
    );
    fake.reply(next());
    socket.send({ type: "response.create", model: "gpt-5", input: "Go.", tools: HOSTED_TOOLS as never });
    await done;
    socket.close();
    expect(overSocket).toEqual(sse);
    const background = (await streamed(fake, next(), { background: true })).map((e) => e.type);
    expect(background.filter((t) => t !== "response.queued")).toEqual(sse);
  });
});

describe("the tool must be declared", () => {
  test("a strict fake refuses an item whose tool the request does not declare (400 invalid_scripted_call)", async () => {
    const fake = fakeResponses();
    const refused = (next: ReturnType<typeof turn.message>, tools: unknown[]) =>
      ask(fake, next, { tools }).then(
        () => undefined,
        (error: unknown) => error as { status: number; code: string; message: string },
      );
    expect(await refused(turn.webSearch("x"), [])).toMatchObject({
      status: 400,
      code: "invalid_scripted_call",
      message: expect.stringContaining("a web_search_call needs a web_search tool in the request's tools"),
    });
    expect(
      (await refused(turn.mcpCall("docs", "search"), [{ type: "mcp", server_label: "wiki", server_url: "https://w" }]))
        ?.message,
    ).toContain('a mcp_call needs a mcp tool with server_label "docs"');
    expect(
      (await refused(turn.customToolCall("run_sql", "x"), [{ type: "custom", name: "other" }]))?.message,
    ).toContain('needs a custom tool with name "run_sql"');
    expect(
      await refused(turn.computerCall(), [
        { type: "computer_use_preview", display_width: 1, display_height: 1, environment: "mac" },
      ]),
    ).toBeUndefined();
    const lax = fakeResponses({ strict: false });
    expect((await ask(lax, turn.localShellCall(["ls"]), { tools: [] })).output[0]?.type).toBe("local_shell_call");
  });

  test("every builder's turn is served with the tools an application declares for it", async () => {
    const fake = fakeResponses();
    for (const next of TOOL_TURNS) expect((await ask(fake, next)).status).toBe("completed");
  });
});

describe("each tool's own parameters, validated as the API validates them (strict)", () => {
  test.each(createFactories().invalid.toolDeclarations())(
    "$name is refused on its $param",
    async ({ tool, param, code }) => {
      const fake = fakeResponses();
      fake.reply(turn.message("x"));
      const refused = await client(fake)
        .responses.create({ model: "gpt-5", input: "Go.", tools: [tool] } as never)
        .then(
          () => undefined,
          (error: unknown) => error as { status: number; param: string; code: string },
        );
      expect(refused).toMatchObject({ status: 400, param: `tools[0].${param}`, code });
      // a lax fake takes it
      const lax = fakeResponses({ strict: false }).reply(turn.message("x"));
      expect(
        (await client(lax).responses.create({ model: "gpt-5", input: "Go.", tools: [tool] } as never)).status,
      ).toBe("completed");
    },
  );

  test("the valid forms of each are taken", async () => {
    const fake = fakeResponses();
    const tools = [
      {
        type: "file_search",
        vector_store_ids: ["vs_1"],
        max_num_results: 5,
        filters: { type: "and", filters: [{ type: "gte", key: "year", value: 2024 }] },
        ranking_options: { ranker: "auto", score_threshold: 0.5 },
      },
      { type: "code_interpreter", container: { type: "auto", file_ids: [], memory_limit: "4g" } },
      { type: "mcp", server_label: "drive", connector_id: "connector_googledrive", authorization: "token" },
      {
        type: "mcp",
        server_label: "docs",
        server_url: "https://m",
        require_approval: { never: { tool_names: ["search"] } },
        allowed_tools: { tool_names: ["search"], read_only: true },
      },
      { type: "shell", environment: { type: "container_auto", memory_limit: "1g" } },
      { type: "custom", name: "sql", format: { type: "grammar", syntax: "regex", definition: "SELECT .*" } },
      { type: "image_generation", partial_images: 3, quality: "xhigh", size: "2048x2048" },
      { type: "web_search", search_context_size: "low", filters: { allowed_domains: ["example.com"] } },
    ];
    fake.reply(turn.message("ok"));
    const answer = await client(fake).responses.create({ model: "gpt-5", input: "Go.", tools } as never);
    expect(answer.tools).toEqual(tools);
  });
});
