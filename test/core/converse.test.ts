// Bedrock Converse read by the core, before its fake: a history typed as
// `@aws-sdk/client-bedrock-runtime` types it (`Message[]`: `toolUse` and `toolResult` blocks) is a
// conversation every matcher reads; a `toolUse` block is gated against the request's `toolSpec`s;
// `toPairWithCall` pairs its `toolResult`; `toBePortableTo` reads it as a source; and
// `agent-testkit check` gates the calls of a logged Converse answer.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContentBlock, ConverseResponse, Message, Tool } from "@aws-sdk/client-bedrock-runtime";
import { describe, expect, test } from "vitest";
import "../../matchers/vitest.js";
import { replayGate, replayReason } from "../../src/index.js";
import { switchProblems } from "../../src/portability.js";
import { run } from "../cli/run.js";

const tools: Tool[] = [
  {
    toolSpec: {
      name: "get_weather",
      inputSchema: {
        json: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
          additionalProperties: false,
        },
      },
    },
  },
  { cachePoint: { type: "default" } },
];

const use = (id: string, city: string): ContentBlock => ({
  toolUse: { toolUseId: id, name: "get_weather", input: { city } },
});
const result = (id: string, text: string): ContentBlock => ({ toolResult: { toolUseId: id, content: [{ text }] } });

const history: Message[] = [
  { role: "user", content: [{ text: "Weather in Paris and Oslo?" }] },
  { role: "assistant", content: [{ text: "Checking." }, use("tooluse_1", "Paris"), use("tooluse_2", "Oslo")] },
  {
    role: "user",
    content: [
      result("tooluse_1", "21"),
      { toolResult: { toolUseId: "tooluse_2", content: [{ json: { celsius: 9 } }] } },
    ],
  },
  { role: "assistant", content: [{ text: "Warm in Paris, cold in Oslo." }] },
];

describe("a Converse history is a conversation", () => {
  test("its calls, their answers (text and json), the pairing", () => {
    expect(history).toHaveCalledTool("get_weather", { city: "Paris" });
    expect(history).toHaveCalledToolTimes("get_weather", 2);
    expect(history).toHaveAnsweredCall("tooluse_1", "21");
    expect(history).toHaveAnsweredCall("tooluse_2", { celsius: 9 });
    expect(history).toHaveAllCallsPaired();
    expect(history.slice(0, 2)).not.toHaveAllCallsPaired();
  });

  test("toPairWithCall: a toolResult with its toolUse, not with another", () => {
    expect(result("tooluse_1", "21")).toPairWithCall(use("tooluse_1", "Paris"));
    expect(result("tooluse_9", "21")).not.toPairWithCall(use("tooluse_1", "Paris"));
  });
});

describe("the replay gate on a toolUse block", () => {
  test("against the request's toolSpecs (a cachePoint in the list left out)", () => {
    expect(replayGate(use("tooluse_1", "Paris"), tools)).toMatchObject({ ok: true, arguments: { city: "Paris" } });
    expect(use("tooluse_1", "Paris")).toBeReplayable(tools);
    expect(replayReason({ toolUse: { toolUseId: "t", name: "get_weather", input: { town: "x" } } }, tools)).toBe(
      "arguments_schema",
    );
    expect(replayReason({ toolUse: { toolUseId: "t", name: "book", input: {} } }, tools)).toBe("unknown_tool");
    expect({ toolUse: { toolUseId: "t", name: "get_weather", input: { city: 1 } } }).toHaveReplayReason(
      "arguments_schema",
      tools,
    );
    // one toolSpec alone is a tool set of one
    expect(replayReason(use("t", "Rome"), tools[0]!)).toBe("ok");
  });

  test("agent-testkit check gates a logged Converse answer's toolUse blocks, and an assistant message's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-testkit-converse-"));
    const answer = (content: ContentBlock[]): ConverseResponse => ({
      output: { message: { role: "assistant", content } },
      stopReason: "tool_use",
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      metrics: { latencyMs: 100 },
    });
    const log = join(dir, "converse.jsonl");
    writeFileSync(
      log,
      [
        answer([{ text: "Checking." }, use("t1", "Paris"), use("t2", "Oslo")]),
        answer([{ text: "Done." }]),
        answer([{ toolUse: { toolUseId: "t3", name: "get_weather", input: { city: 7 } } }]),
        { role: "assistant", content: [use("t4", "Lima")] },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const toolsFile = join(dir, "tools.json");
    writeFileSync(toolsFile, JSON.stringify(tools));
    const { code, out } = await run(["check", log, "--tools", toolsFile, "--json"]);
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.counts).toMatchObject({ ok: 3, arguments_schema: 1 });
    expect(report.skipped).toBe(1);
    expect(report.failures).toEqual([
      expect.objectContaining({ line: 3, reason: "arguments_schema", tool: "get_weather" }),
    ]);
  });
});

describe("toBePortableTo reads a Converse history as a source", () => {
  test("answered calls move; Bedrock's reasoning and cache points do not", () => {
    expect(history).toBePortableTo("anthropic");
    expect(history).toBePortableTo("responses");
    const reasoned: Message[] = [
      { role: "user", content: [{ text: "Why?" }, { cachePoint: { type: "default" } }] },
      {
        role: "assistant",
        content: [{ reasoningContent: { reasoningText: { text: "Because.", signature: "sig" } } }, { text: "So." }],
      },
    ];
    expect(switchProblems(reasoned, "anthropic").map((p) => `${p.rule}@${p.index}`)).toEqual([
      "provider_extension@0",
      "foreign_reasoning@1",
    ]);
    expect(history.slice(0, 2)).not.toBePortableTo("anthropic");
  });
});

describe('toBePortableTo("bedrock"): what Converse would refuse of another wire\'s history', () => {
  const problems = (list: unknown[]) => switchProblems(list, "bedrock").map((p) => `${p.rule}@${p.index}`);

  test("its own history goes back as it is, reasoning and cache points too", () => {
    expect(history).toBePortableTo("bedrock");
    expect([
      { role: "user", content: [{ text: "Why?" }, { cachePoint: { type: "default" } }] },
      { role: "assistant", content: [{ reasoningContent: { reasoningText: { text: "…", signature: "s" } } }] },
    ]).toBePortableTo("bedrock");
  });

  test("the same Claude conversation from Anthropic's API: its signed thinking is Anthropic's, not Bedrock's", () => {
    const fromAnthropic = [
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "…", signature: "EqQB" },
          { type: "tool_use", id: "toolu_01", name: "get_weather", input: { city: "Paris" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "21" }] },
    ];
    expect(problems(fromAnthropic)).toEqual(["foreign_reasoning@1"]);
    expect(fromAnthropic).toBePortableTo("anthropic");
  });

  test("an answer not in the message right after its call, and arguments that are no object", () => {
    const call = {
      type: "function_call",
      call_id: "c1",
      name: "get_weather",
      arguments: '{"city":"Oslo"}',
      status: "completed",
    };
    const output = { type: "function_call_output", call_id: "c1", output: "9" };
    expect(problems([{ role: "user", content: "?" }, call, { role: "user", content: "hurry" }, output])).toEqual([
      "unpaired_turn@1",
    ]);
    expect(problems([{ role: "user", content: "?" }, { ...call, arguments: "[1]" }, output])).toEqual([
      "arguments_not_an_object@1",
    ]);
    expect(() => expect([call]).toBePortableTo("bedrock")).toThrow(/unanswered_call: \[0\]/);
  });
});
