// A Gemini history read as a source by the portability matcher: what another wire would refuse of it.
import { expect, test } from "vitest";
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
