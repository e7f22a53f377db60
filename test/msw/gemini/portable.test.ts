// Gemini and the portability matcher: a Gemini history read as a source (what another wire would refuse of it),
// and Gemini as the target (what its API would refuse of another wire's history).
import { describe, expect, test } from "vitest";
import { switchProblems } from "../../../src/portability.js";
import "../../../matchers/vitest.js";

test("a Gemini history whose call is answered moves to another wire; one left unanswered does not", () => {
  const answered = [
    { role: "user", parts: [{ text: "Weather in Paris?" }] },
    { role: "model", parts: [{ functionCall: { name: "get_weather", args: { city: "Paris" } } }] },
    { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { celsius: 21 } } }] },
  ];
  expect(answered).toBePortableTo("anthropic");
  expect(answered).toBePortableTo("chat-completions");
  expect(answered.slice(0, 2)).not.toBePortableTo("anthropic");
  expect(answered).toHaveAllCallsPaired();
  expect(answered.slice(0, 2)).not.toHaveAllCallsPaired();
});

test("a thought Gemini made is no other wire's: it is the history's problem there", () => {
  const thought = [
    { role: "user", parts: [{ text: "Why?" }] },
    { role: "model", parts: [{ text: "Weighing it.", thought: true }, { text: "Because." }] },
  ];
  expect(thought).not.toBePortableTo("anthropic");
  expect(thought.slice(0, 1)).toBePortableTo("anthropic");
});

describe('toBePortableTo("gemini"): what the Gemini API would refuse of another wire\'s history', () => {
  const call = (id: string, city: string) => ({
    type: "function_call",
    call_id: id,
    name: "get_weather",
    arguments: JSON.stringify({ city }),
    status: "completed",
  });
  const output = (id: string) => ({ type: "function_call_output", call_id: id, output: "21" });
  const user = (text: string) => ({ type: "message", role: "user", content: text });
  const problems = (history: unknown[]) => switchProblems(history, "gemini").map((p) => `${p.rule}@${p.index}`);

  test("a finished loop, then a prompt: Gemini takes it", () => {
    expect([user("Paris?"), call("c1", "Paris"), output("c1"), user("Thanks")]).toBePortableTo("gemini");
  });

  test("answers not in the turn right after their calls, or fewer of them: unpaired_turn", () => {
    expect(problems([user("?"), call("c1", "Paris"), user("hurry"), output("c1"), user("ok")])).toEqual([
      "unpaired_turn@1",
    ]);
    // two calls in one step, one answered right after it, the other only later
    expect(
      problems([user("?"), call("c1", "Paris"), call("c2", "Oslo"), output("c1"), user("and?"), output("c2")]),
    ).toEqual(["unpaired_turn@1"]);
    // a call never answered is only that
    expect(problems([user("?"), call("c1", "Paris"), user("never mind")])).toEqual(["unanswered_call@1"]);
  });

  test("the current turn's calls carry no signature another model could give: unsigned_call", () => {
    const history = [user("Paris?"), call("c1", "Paris"), output("c1")];
    expect(problems(history)).toEqual(["unsigned_call@1"]);
    expect(() => expect(history).toBePortableTo("gemini")).toThrow(/Google's documented dummy signature/);
    // Gemini's own history, signed, goes back as it is; its thoughts are its own
    const gemini = [
      { role: "user", parts: [{ text: "Paris?" }] },
      {
        role: "model",
        parts: [
          { text: "Checking.", thought: true },
          { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "c2ln" },
          { functionCall: { name: "get_weather", args: { city: "Oslo" } } },
        ],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "get_weather", response: { c: 21 } } },
          { functionResponse: { name: "get_weather", response: { c: 9 } } },
        ],
      },
    ];
    expect(gemini).toBePortableTo("gemini");
    expect(gemini).not.toBePortableTo("anthropic");
    expect(
      problems([gemini[0], { role: "model", parts: [{ functionCall: { name: "get_weather", args: {} } }] }, gemini[2]]),
    ).toEqual(["unpaired_turn@1", "unsigned_call@1"]);
  });

  test("another model's reasoning, and arguments that are no JSON object", () => {
    const anthropic = [
      { role: "user", content: "Paris?" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "…", signature: "sig" },
          { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "21" }] },
      { role: "user", content: "Thanks" },
    ];
    expect(problems(anthropic)).toEqual(["foreign_reasoning@1"]);
    expect(problems([user("?"), { ...call("c1", "x"), arguments: "[1]" }, output("c1"), user("ok")])).toEqual([
      "arguments_not_an_object@1",
    ]);
  });
});
