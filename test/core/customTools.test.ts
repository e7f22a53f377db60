// A custom tool's grammar: a regex one is checked (whole input, linear-time engine), a lark one is
// said to be unchecked, a text format takes any string; the Responses fake applies it to scripts.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { checkCustomInput } from "../../src/index.js";

const grammar = (syntax: string, definition: string) => ({
  type: "custom",
  name: "order_id",
  format: { type: "grammar", syntax, definition },
});

describe("checkCustomInput", () => {
  test("a regex grammar must match the whole input", () => {
    const tool = grammar("regex", "[A-Z]-\\d{4}");
    expect(checkCustomInput(tool, "A-1042")).toEqual({
      ok: true,
      checked: true,
      message: 'the input matches the regex grammar of "order_id"',
    });
    expect(checkCustomInput(tool, "a1042")).toEqual({
      ok: false,
      checked: true,
      message: 'the input "a1042" does not match the regex grammar of "order_id" ([A-Z]-\\d{4})',
    });
    expect(checkCustomInput(tool, "xA-1042x").ok).toBe(false); // not a search: the whole input
    expect(checkCustomInput(grammar("regex", "a|b"), "ab").ok).toBe(false); // the alternation is grouped
  });

  test("what cannot be checked says so; a text format takes any string; an input must be a string", () => {
    expect(checkCustomInput(grammar("lark", 'start: "x"'), "y")).toMatchObject({
      ok: true,
      checked: false,
      message: expect.stringContaining('declares a "lark" grammar, which agent-testkit cannot check'),
    });
    expect(checkCustomInput(grammar("regex", "(unclosed"), "x")).toMatchObject({ ok: true, checked: false });
    expect(checkCustomInput({ type: "custom", name: "free", format: { type: "text" } }, "anything")).toMatchObject({
      ok: true,
    });
    expect(checkCustomInput({ type: "custom", name: "free" }, 42)).toMatchObject({ ok: false, checked: true });
  });

  test("a catastrophic pattern runs in linear time", () => {
    const verdict = checkCustomInput(grammar("regex", "(a+)+b"), `${"a".repeat(5_000)}c`);
    expect(verdict.ok).toBe(false);
  });
});

describe("the Responses fake checks a scripted custom call against its grammar", () => {
  const tools = [grammar("regex", "[A-Z]-\\d{4}")];
  const ask = (fake: ReturnType<typeof fakeResponses>) =>
    new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "Which order?",
      tools: tools as never,
    });

  test("an input the grammar refuses is a 400 invalid_scripted_call; invalid: true serves it; lark is served", async () => {
    await expect(ask(fakeResponses().reply(turn.customToolCall("order_id", "a1042")))).rejects.toMatchObject({
      status: 400,
      code: "invalid_scripted_call",
      message: expect.stringContaining('the input "a1042" does not match the regex grammar of "order_id"'),
    });
    const served = await ask(fakeResponses().reply(turn.customToolCall("order_id", "a1042", { invalid: true })));
    expect(served.output[0]).toMatchObject({ type: "custom_tool_call", input: "a1042" });
    expect((await ask(fakeResponses().reply(turn.customToolCall("order_id", "B-2001")))).output[0]).toMatchObject({
      input: "B-2001",
    });
    const lark = await new OpenAI({
      apiKey: "k",
      fetch: fakeResponses().reply(turn.customToolCall("order_id", "zzz")).fetch,
    }).responses.create({
      model: "gpt-5",
      input: "x",
      tools: [grammar("lark", 'start: "A"')] as never,
    });
    expect(lark.output[0]).toMatchObject({ input: "zzz" });
  });
});
