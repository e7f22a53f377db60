// Tools whose run spans several items: a shell in a hosted container (its call, then the
// provider's output), a tool search (server-executed: its call, then the tools it loaded;
// client-executed: the app answers), a program (programmatic tool calling: its calls carry it as
// their caller, its output finishes it), through the official client, as the SDK types them.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, type ResponsesFake, turn } from "../../fixtures/msw/index.js";
import { checkPair, pendingCalls } from "../../src/index.js";

type Item = { type: string; [field: string]: unknown };
type Turn = ReturnType<typeof turn.message>;
const client = (fake: ResponsesFake) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
const create = async (fake: ResponsesFake, body: Record<string, unknown>) =>
  (await client(fake).responses.create({ model: "gpt-5", ...body } as never)) as unknown as {
    id: string;
    output: Item[];
    status: string;
  };
const ask = (fake: ResponsesFake, next: Turn, tools: unknown[], body: Record<string, unknown> = {}) => {
  fake.reply(next);
  return create(fake, { input: "Go.", tools, ...body });
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; code: string; message: string },
  );
const streamed = async (fake: ResponsesFake, next: Turn, tools: unknown[]) => {
  fake.reply(next);
  const stream = await client(fake).responses.create({ model: "gpt-5", input: "Go.", tools, stream: true } as never);
  const events: Item[] = [];
  for await (const event of stream as unknown as AsyncIterable<Item>) events.push(event);
  return events;
};

const hostedShell = { type: "shell", environment: { type: "container_auto" } };
const weather = {
  type: "function",
  name: "get_weather",
  description: "Today's weather in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  strict: true,
  defer_loading: true,
};
const calendar = {
  type: "namespace",
  name: "calendar",
  description: "The user's calendar.",
  tools: [{ type: "function", name: "add_event", parameters: { type: "object" }, strict: false, defer_loading: true }],
};

describe("a shell in a hosted container", () => {
  test("the provider runs the commands: the call, its output, then the model's message; nothing owed", async () => {
    const fake = fakeResponses();
    const answer = await ask(
      fake,
      turn.shellCall(["ls", "cat notes.txt"], {
        results: [{ stdout: "notes.txt\n" }, { stderr: "denied\n", outcome: { type: "exit", exit_code: 1 } }],
        next: turn.message("notes.txt is unreadable."),
      }),
      [hostedShell],
    );
    expect(answer.output.map((item) => item.type)).toEqual(["shell_call", "shell_call_output", "message"]);
    const [call, output] = answer.output;
    expect(call).toMatchObject({
      environment: { type: "container_reference", container_id: expect.stringMatching(/^cntr_/) },
    });
    expect(output).toMatchObject({
      call_id: call?.call_id,
      status: "completed",
      output: [
        { stdout: "notes.txt\n", stderr: "", outcome: { type: "exit", exit_code: 0 } },
        { stdout: "", stderr: "denied\n", outcome: { type: "exit", exit_code: 1 } },
      ],
    });
    expect(pendingCalls(answer.output)).toEqual([]);
    // a container the request names is the one the call runs in
    const named = await ask(fake, turn.shellCall("pwd"), [
      { type: "shell", environment: { type: "container_reference", container_id: "cntr_mine" } },
    ]);
    expect(named.output[0]).toMatchObject({ environment: { container_id: "cntr_mine" } });
    expect(named.output[1]).toMatchObject({ output: [{ stdout: "", outcome: { type: "exit", exit_code: 0 } }] });
    // sent back, the pair is taken as the conversation's
    fake.reply(turn.message("ok"));
    expect((await create(fake, { input: answer.output, tools: [hostedShell] })).status).toBe("completed");
  });

  test("its output streams as shell_call_output_content events, per command", async () => {
    const fake = fakeResponses({ deltas: 2 });
    const events = await streamed(
      fake,
      turn.shellCall(["ls", "false"], {
        results: [{ stdout: "a.txt b.txt\n" }, { stderr: "no", outcome: { type: "exit", exit_code: 1 } }],
      }),
      [hostedShell],
    );
    const content = events.filter((e) => e.type.startsWith("response.shell_call_output_content"));
    expect(content.map((e) => [e.type, e.command_index])).toEqual([
      ["response.shell_call_output_content.delta", 0],
      ["response.shell_call_output_content.delta", 0],
      ["response.shell_call_output_content.done", 0],
      ["response.shell_call_output_content.delta", 1],
      ["response.shell_call_output_content.delta", 1],
      ["response.shell_call_output_content.done", 1],
    ]);
    const stdout = content
      .filter((e) => e.command_index === 0 && e.type.endsWith(".delta"))
      .map((e) => (e.delta as { stdout: string }).stdout)
      .join("");
    expect(stdout).toBe("a.txt b.txt\n");
    expect(content.at(-1)).toMatchObject({
      output: [{ stdout: "", stderr: "no", outcome: { type: "exit", exit_code: 1 } }],
    });
  });

  test("results for a shell the app runs are a mistake in the script (400 invalid_scripted_call)", async () => {
    const fake = fakeResponses();
    const refused = await refusal(ask(fake, turn.shellCall("ls", { results: [{ stdout: "x" }] }), [{ type: "shell" }]));
    expect(refused).toMatchObject({ status: 400, code: "invalid_scripted_call" });
    expect(refused?.message).toContain("the request's shell tool runs in the app");
    // and in the app, the call waits for the app's answer
    const local = await ask(fake, turn.shellCall("ls"), [{ type: "shell", environment: { type: "local" } }]);
    expect(local.output.map((item) => item.type)).toEqual(["shell_call"]);
    expect(pendingCalls(local.output)).toHaveLength(1);
  });
});

describe("tool search", () => {
  test("executed by the server: the call, the deferred tools it loaded, then a call to one of them", async () => {
    const fake = fakeResponses();
    const tools = [{ type: "tool_search" }, weather, calendar, { type: "function", name: "other", parameters: {} }];
    const answer = await ask(
      fake,
      turn.toolSearch({ query: "weather" }, { next: turn.functionCall("get_weather", { city: "Paris" }) }),
      tools,
    );
    expect(answer.output.map((item) => item.type)).toEqual(["tool_search_call", "tool_search_output", "function_call"]);
    expect(answer.output[0]).toMatchObject({
      id: expect.stringMatching(/^tsc_/),
      execution: "server",
      call_id: null,
      status: "completed",
      arguments: { query: "weather" },
    });
    expect(answer.output[1]).toMatchObject({ execution: "server", call_id: null, tools: [weather, calendar] });
    expect(pendingCalls(answer.output).map((item) => (item as Item).type)).toEqual(["function_call"]);
    // the conversation matchers count a search under its tool's name
    expect(answer).toHaveCalledTool("tool_search", { query: "weather" });
    expect(answer).toHaveCalledTool("get_weather", { city: "Paris" });
    // `tools` names what it loads: a function, a namespace
    const named = await ask(fake, turn.toolSearch({ query: "calendar" }, { tools: ["calendar"] }), tools);
    expect(named.output.map((item) => item.type)).toEqual(["tool_search_call", "tool_search_output"]);
    expect(named.output[1]?.tools).toEqual([calendar]);
    const unknown = await refusal(ask(fake, turn.toolSearch({}, { tools: ["nope"] }), tools));
    expect(unknown?.message).toContain('the search loads "nope", which is not a tool the request declares');
    const undeclared = await refusal(ask(fake, turn.toolSearch({}), [weather]));
    expect(undeclared?.message).toContain("a tool_search_call needs a tool_search tool");
  });

  test("executed by the client: the turn ends, the app answers with the tools it found", async () => {
    const fake = fakeResponses();
    const tools = [{ type: "tool_search", execution: "client", parameters: { type: "object" } }];
    const answer = await ask(fake, turn.toolSearch({ query: "weather" }), tools);
    const [call] = answer.output;
    expect(call).toMatchObject({
      type: "tool_search_call",
      execution: "client",
      call_id: expect.stringMatching(/^call_/),
    });
    expect(pendingCalls(answer.output)).toEqual([call]);
    const found = { type: "tool_search_output", call_id: call?.call_id, execution: "client", tools: [weather] };
    expect(checkPair(call, found)).toMatchObject({ ok: true });
    expect(checkPair(call, { ...found, call_id: "call_other" })).toMatchObject({ reason: "call_id_mismatch" });
    expect(checkPair(call, { ...found, tools: "weather" })).toMatchObject({ reason: "output_type" });
    fake.reply(turn.functionCall("get_weather", { city: "Oslo" }));
    const next = await create(fake, { previous_response_id: answer.id, input: [found], tools });
    expect(next.output[0]).toMatchObject({ type: "function_call", name: "get_weather" });
    // an answer to no search is refused as the API refuses it (before the script is read)
    const orphan = await refusal(
      create(fake, { previous_response_id: answer.id, input: [{ ...found, call_id: "call_none" }], tools }),
    );
    expect(orphan).toMatchObject({ status: 400 });
    expect(orphan?.message).toContain('No tool call found for tool search output with call_id "call_none"');
    // a server-executed search carries its own output: it is not the app's to answer
    const served = await ask(fake, turn.toolSearch({}), [{ type: "tool_search" }, weather]);
    expect(checkPair(served.output[0], found)).toMatchObject({ reason: "call_not_pairable" });
    // the script may not go on after a search the app answers
    const after = await refusal(ask(fake, turn.toolSearch({}, { next: turn.message("x") }), tools));
    expect(after?.message).toContain("a client-executed tool search ends the turn");
  });
});

describe("programmatic tool calling", () => {
  const program = { type: "programmatic_tool_calling" };
  const lookup = {
    type: "function",
    name: "lookup_order",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    strict: true,
    allowed_callers: ["programmatic"],
  };

  test("a program that ran to its end: the program, its output, the model's message", async () => {
    const fake = fakeResponses();
    const answer = await ask(fake, turn.program("return 6 * 7;", { result: "42" }), [program]);
    expect(answer.output.map((item) => item.type)).toEqual(["program", "program_output", "message"]);
    const [code, output] = answer.output;
    expect(code).toMatchObject({ code: "return 6 * 7;", call_id: expect.stringMatching(/^call_/) });
    expect(code?.fingerprint).toEqual(expect.any(String));
    expect(output).toMatchObject({ call_id: code?.call_id, result: "42", status: "completed" });
    expect(answer).toHaveCalledTool("programmatic_tool_calling", { code: "return 6 * 7;" });
  });

  test("a program that calls the app's functions: its calls name it, the next turn finishes it", async () => {
    const fake = fakeResponses();
    const tools = [program, lookup];
    const first = await ask(
      fake,
      turn.program("const o = await tools.lookup_order({ id: 'A1' }); return o.status;", {
        calls: [["lookup_order", { id: "A1" }]],
      }),
      tools,
    );
    const [code, call] = first.output;
    expect(first.output.map((item) => item.type)).toEqual(["program", "function_call"]);
    expect(call).toMatchObject({ name: "lookup_order", caller: { type: "program", caller_id: code?.call_id } });
    fake.reply(turn.programOutput("shipped", { next: turn.message("Your order has shipped.") }));
    const second = await create(fake, {
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: call?.call_id, output: '{"status":"shipped"}' }],
      tools,
    });
    expect(second.output.map((item) => item.type)).toEqual(["program_output", "message"]);
    expect(second.output[0]).toMatchObject({ call_id: code?.call_id, result: "shipped" });
  });

  test("the script's mistakes: a direct call to a program-only tool, a program call to a direct-only one, an output without a program", async () => {
    const fake = fakeResponses();
    const direct = await refusal(ask(fake, turn.functionCall("lookup_order", { id: "A1" }), [program, lookup]));
    expect(direct?.message).toContain('"lookup_order" may be called only by a program');
    const plain = { ...lookup, name: "plain", allowed_callers: ["direct"] };
    const byProgram = await refusal(
      ask(fake, turn.program("x", { calls: [["plain", { id: "A" }]] }), [program, plain]),
    );
    expect(byProgram?.message).toContain('a program may call "plain" only if its allowed_callers name "programmatic"');
    const orphan = await refusal(ask(fake, turn.programOutput("x"), [program]));
    expect(orphan?.message).toContain("a program_output finishes a program");
    const undeclared = await refusal(ask(fake, turn.program("x"), []));
    expect(undeclared?.message).toContain("a program needs a programmatic_tool_calling tool");
    expect(() => turn.program("x", { calls: [], result: "1" })).toThrow(/turn\.programOutput/);
  });
});

describe("turn.item: any output item, served as given", () => {
  test("an item no builder makes is served and streamed whole, an id minted; the script goes on", async () => {
    const fake = fakeResponses();
    const extra = { type: "additional_tools", role: "developer", tools: [weather] };
    const answer = await ask(fake, turn.item(extra, turn.message("Loaded.")), []);
    expect(answer.output.map((item) => item.type)).toEqual(["additional_tools", "message"]);
    expect(answer.output[0]).toMatchObject({ ...extra, id: expect.stringMatching(/^item_/) });
    const events = await streamed(fake, turn.item({ ...extra, id: "at_1" }), []);
    expect(events.filter((e) => e.type.startsWith("response.output_item")).map((e) => [e.type, e.item])).toEqual([
      ["response.output_item.added", { ...extra, id: "at_1" }],
      ["response.output_item.done", { ...extra, id: "at_1" }],
    ]);
  });

  test("a known kind in a shape its events cannot read still streams (whole), never a crash", async () => {
    const fake = fakeResponses();
    const events = await streamed(fake, turn.item({ type: "message", role: "assistant" }), []);
    expect(events.map((e) => e.type)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(() => turn.item({ kind: "message" } as never)).toThrow(/a string type/);
  });
});
