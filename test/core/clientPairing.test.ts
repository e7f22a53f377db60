// Client-executed calls pair like function calls: each with its own output item, by call_id (an
// MCP approval request by its id), the output in its tool's shape; pendingCalls, orphanResults,
// pairingProblems and the Responses fake know them.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { checkPair, orphanResults, pairingProblems, pendingCalls, replayGate } from "../../src/index.js";

const computer = {
  type: "computer_call",
  id: "cu_1",
  call_id: "call_cu",
  status: "completed",
  pending_safety_checks: [],
  action: { type: "screenshot" },
};
const screenshot = {
  type: "computer_call_output",
  call_id: "call_cu",
  output: { type: "computer_screenshot", image_url: "data:image/png;base64,AA==" },
};
const localShell = {
  type: "local_shell_call",
  id: "lsh_1",
  call_id: "call_ls",
  status: "completed",
  action: { type: "exec", command: ["ls"], env: {} },
};
const localShellOutput = { type: "local_shell_call_output", id: "call_ls", output: "README.md" };
const shell = { type: "shell_call", id: "sh_1", call_id: "call_sh", status: "completed", action: { commands: ["ls"] } };
const shellOutput = {
  type: "shell_call_output",
  call_id: "call_sh",
  output: [{ stdout: "a", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
};
const patch = {
  type: "apply_patch_call",
  id: "apc_1",
  call_id: "call_ap",
  status: "completed",
  operation: { type: "delete_file", path: "a" },
};
const patched = { type: "apply_patch_call_output", call_id: "call_ap", status: "completed" };
const custom = { type: "custom_tool_call", id: "ctc_1", call_id: "call_sql", name: "run_sql", input: "SELECT 1" };
const customOutput = { type: "custom_tool_call_output", call_id: "call_sql", output: "1" };
const approval = { type: "mcp_approval_request", id: "mcpr_1", server_label: "docs", name: "delete", arguments: "{}" };
const approved = { type: "mcp_approval_response", approval_request_id: "mcpr_1", approve: true };
const PAIRS = [
  [computer, screenshot],
  [localShell, localShellOutput],
  [shell, shellOutput],
  [patch, patched],
  [custom, customOutput],
  [approval, approved],
] as const;

describe("checkPair", () => {
  test.each(PAIRS)("a %s pairs with its own output", (call, output) => {
    expect(checkPair(call, output)).toEqual({ ok: true, reason: "ok", message: "ok: the result answers the call" });
  });

  test("each rule fails with its reason: another call's id, another kind of call, an unfinished call, the wrong shape", () => {
    expect(checkPair(computer, { ...screenshot, call_id: "call_x" }).message).toBe(
      'call_id_mismatch: call_id "call_x" does not match the computer_call\'s call_id "call_cu"',
    );
    expect(checkPair(shell, screenshot).message).toBe(
      'call_not_pairable: a computer_call_output answers a computer_call, received type "shell_call"',
    );
    expect(checkPair({ ...computer, status: "in_progress" }, screenshot).message).toBe(
      'call_not_pairable: the computer_call is "in_progress", not completed: it takes no result yet',
    );
    expect(checkPair(computer, { ...screenshot, output: "a picture" }).reason).toBe("output_type");
    expect(checkPair(shell, { ...shellOutput, output: "a" }).message).toMatch(
      /^output_type: output must be an array of \{ stdout, stderr, outcome \}/,
    );
    expect(checkPair(patch, { ...patched, status: "done" }).reason).toBe("output_type");
    expect(checkPair(custom, { ...customOutput, output: { rows: 1 } }).message).toContain(
      "serialize objects with JSON.stringify",
    );
    expect(checkPair(approval, { ...approved, approval_request_id: "mcpr_2" })).toMatchObject({
      reason: "request_id_mismatch",
      message:
        'request_id_mismatch: approval_request_id "mcpr_2" does not match the mcp_approval_request\'s id "mcpr_1"',
    });
    expect(checkPair(approval, { ...approved, approve: "yes" }).reason).toBe("output_type");
    // a function call's output still answers only a function call
    expect(checkPair(computer, { type: "function_call_output", call_id: "call_cu", output: "x" }).reason).toBe(
      "call_not_pairable",
    );
  });
});

describe("whole lists", () => {
  test("pendingCalls and orphanResults count client-executed calls and their outputs", () => {
    const items = PAIRS.map(([call]) => call);
    expect(pendingCalls(items)).toEqual(items);
    expect(pendingCalls(PAIRS.flat())).toEqual([]);
    expect(orphanResults(PAIRS.map(([, output]) => output))).toHaveLength(PAIRS.length);
    // a computer_call_output with a shell call's id answers nothing: the kinds must agree
    expect(orphanResults([shell, { ...screenshot, call_id: "call_sh" }])).toEqual([
      { ...screenshot, call_id: "call_sh" },
    ]);
    expect(pendingCalls([{ ...computer, status: "in_progress" }])).toEqual([]);
  });

  test("pairingProblems names each call's missing output and each output's missing call", () => {
    expect(pairingProblems([computer, approval, customOutput]).map((p) => p.message)).toEqual([
      '[0] computer_call call_id "call_cu" has no computer_call_output',
      '[1] "delete" id "mcpr_1" has no mcp_approval_response',
      '[2] custom_tool_call_output call_id "call_sql" answers no completed custom_tool_call',
    ]);
    expect(pairingProblems(PAIRS.flat())).toEqual([]);
  });

  test("toPairWithCall takes a client-executed call and its output", () => {
    expect(screenshot).toPairWithCall(computer);
    expect(approved).toPairWithCall(approval);
    expect(() => expect({ ...screenshot, call_id: "call_x" }).toPairWithCall(computer)).toThrow(/call_id_mismatch/);
  });

  test("toHaveAllCallsPaired fails on an unanswered client-executed call", () => {
    expect(PAIRS.flat()).toHaveAllCallsPaired();
    expect(() => expect([shell]).toHaveAllCallsPaired()).toThrow(
      /shell_call call_id "call_sh" has no shell_call_output/,
    );
  });
});

describe("the Responses fake refuses an output its conversation does not call for", () => {
  const tools = [
    { type: "computer" as const, display_width: 1024, display_height: 768, environment: "browser" as const },
  ];
  const setup = async () => {
    const fake = fakeResponses().respond(() => turn.message("Done."));
    fake.reply(turn.computerCall());
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const first = await client.responses.create({ model: "gpt-5", input: "Take a screenshot.", tools });
    const call = first.output[0] as { call_id: string };
    const send = (item: Record<string, unknown>) =>
      client.responses.create({ model: "gpt-5", previous_response_id: first.id, tools, input: [item as never] });
    return { call, send };
  };

  test("its call's output is taken; an unknown call_id is a 400 naming it; a wrong shape is a 400 naming the field", async () => {
    const { call, send } = await setup();
    await expect(send({ ...screenshot, call_id: "call_nope" })).rejects.toMatchObject({
      status: 400,
      param: "input[0].call_id",
      message: expect.stringContaining('No tool call found for computer call output with call_id "call_nope"'),
    });
    await expect(send({ ...screenshot, call_id: call.call_id, output: "a picture" })).rejects.toMatchObject({
      status: 400,
      param: "input[0].output",
      message: expect.stringContaining("output_type: output must be a computer_screenshot"),
    });
    expect((await send({ ...screenshot, call_id: call.call_id })).output_text).toBe("Done.");
  });

  test("an approval response must name a request of the conversation", async () => {
    const fake = fakeResponses().respond(() => turn.message("Deleted."));
    const mcp = [{ type: "mcp" as const, server_label: "docs", server_url: "https://mcp.example.com" }];
    fake.reply(turn.mcpApprovalRequest("docs", "delete_page", { id: 7 }));
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const first = await client.responses.create({ model: "gpt-5", input: "Delete page 7.", tools: mcp });
    const request = first.output[0] as { id: string };
    const answer = (id: string) =>
      client.responses.create({
        model: "gpt-5",
        previous_response_id: first.id,
        tools: mcp,
        input: [{ type: "mcp_approval_response", approval_request_id: id, approve: true }],
      });
    await expect(answer("mcpr_unknown")).rejects.toMatchObject({ status: 400, param: "input[0].approval_request_id" });
    expect((await answer(request.id)).output_text).toBe("Deleted.");
  });
});

describe("the conversation matchers know tool items", () => {
  test("toHaveCalledTool and toHaveCalledToolTimes by the tool's name (an MCP server's or a custom tool's own)", async () => {
    const fake = fakeResponses();
    const tools = [
      { type: "web_search" as const },
      { type: "mcp" as const, server_label: "docs", server_url: "https://mcp.example.com" },
      { type: "shell" as const },
    ];
    fake.reply(
      turn.webSearch("weather in Paris", {
        next: turn.mcpCall("docs", "search_docs", { query: "refunds" }, { next: turn.shellCall(["ls"]) }),
      }),
    );
    const answer = await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "Go.",
      tools,
    });
    expect(answer).toHaveCalledTool(
      "web_search",
      expect.objectContaining({ type: "search", query: "weather in Paris" }),
    );
    expect(answer).toHaveCalledTool("search_docs", { query: "refunds" });
    expect(answer).toHaveCalledTool("shell", expect.objectContaining({ commands: ["ls"] }));
    expect(fake).toHaveCalledToolTimes("shell", 1);
    expect(answer).not.toHaveCalledTool("file_search");
    expect(() => expect(answer).toHaveCalledTool("search_docs", { query: "other" })).toThrow(/search_docs/);
  });

  test("toHaveAnsweredCall sees a client-executed call's output", async () => {
    const fake = fakeResponses().respond(() => turn.message("Done."));
    const tools = [
      { type: "computer" as const, display_width: 1024, display_height: 768, environment: "browser" as const },
    ];
    fake.reply(turn.computerCall());
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const first = await client.responses.create({ model: "gpt-5", input: "Look.", tools });
    const call = first.output[0] as { call_id: string };
    await client.responses.create({
      model: "gpt-5",
      previous_response_id: first.id,
      tools,
      input: [{ ...screenshot, call_id: call.call_id } as never],
    });
    expect(fake).toHaveAnsweredCall(call.call_id);
    expect(fake).toHaveAnsweredCall(call, expect.objectContaining({ type: "computer_screenshot" }));
  });
});

describe("factories of tool items", () => {
  const f = createFactories({ seed: 3 });
  const CLIENT = [
    "computer_call",
    "local_shell_call",
    "shell_call",
    "apply_patch_call",
    "custom_tool_call",
    "mcp_approval_request",
  ] as const;

  test.each(CLIENT)("toolOutput answers a %s that toolCall built", (type) => {
    const call = f.toolCall(type);
    expect(checkPair(call, f.toolOutput(call))).toMatchObject({ ok: true });
    expect(pendingCalls([call, f.toolOutput(call)])).toEqual([]);
  });

  test("toolOutput answers a client-executed tool search, with the tools it found", () => {
    const call = f.toolCall("tool_search_call", { execution: "client" });
    expect(call.call_id).toMatch(/^call_/);
    expect(checkPair(call, f.toolOutput(call))).toMatchObject({ ok: true });
    expect(pendingCalls([call])).toEqual([call]);
    // a search the server ran owes nothing: its output came with it
    expect(pendingCalls([f.toolCall("tool_search_call")])).toEqual([]);
  });

  test("toolDeclarations gives fresh copies: a test that changes one changes no other", () => {
    const [first] = f.invalid.toolDeclarations();
    if (!first) throw new Error("no declaration");
    first.tool.type = "changed";
    expect(f.invalid.toolDeclarations()[0]?.tool.type).not.toBe("changed");
  });

  test("toolCall builds each kind with seeded defaults, its fields overridden", () => {
    expect(f.toolCall("web_search_call")).toMatchObject({
      type: "web_search_call",
      status: "completed",
      action: { type: "search" },
    });
    expect(f.toolCall("shell_call", { commands: ["pwd"] }).action.commands).toEqual(["pwd"]);
    expect(createFactories({ seed: 3 }).toolCall("computer_call")).toEqual(
      createFactories({ seed: 3 }).toolCall("computer_call"),
    );
  });

  test("each invalid tool case fails with the reason it is labelled with", () => {
    const cases = [
      f.invalid.toolItem(),
      f.invalid.toolItem("computer_call"),
      f.invalid.toolOutputCallIdMismatch(),
      f.invalid.toolOutputOfAnotherTool(),
      f.invalid.toolOutputShape(),
      f.invalid.toolCallUnfinished(),
      f.invalid.approvalResponseIdMismatch(),
      f.invalid.toolSearchServerAnswered(),
    ];
    for (const c of cases) {
      const verdict = c.check === "gate" ? replayGate(c.item) : checkPair(c.call, c.item);
      expect({ name: c.name, reason: verdict.reason }).toEqual({ name: c.name, reason: c.reason });
    }
    expect(f.invalid.all().map((c) => c.name)).toEqual(
      expect.arrayContaining(cases.filter((c) => !c.name.startsWith("a computer_call")).map((c) => c.name)),
    );
  });
});
