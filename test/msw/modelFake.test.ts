// What a test reads of every model fake is one interface (define/modelFake.ts's ModelFake): the
// Responses fake as much as the Chat and Anthropic fakes declared on defineModelFake.
import { describe, expect, test } from "vitest";
import { fakeAnthropic, fakeChatCompletions, fakeResponses, turn } from "../../fixtures/msw/index.js";

describe.each([
  ["responses", fakeResponses],
  ["chat", fakeChatCompletions],
  ["anthropic", fakeAnthropic],
] as const)("the %s fake", (_, make) => {
  test("reads its strict option back (strict unless told otherwise)", () => {
    expect(make().strict).toBe(true);
    expect(make({ strict: false }).strict).toBe(false);
  });

  test("counts what its script still answers, and reset() forgets it", () => {
    const fake = make().reply(turn.message("a"), turn.message("b").times(2));
    expect(fake.pending).toBe(3);
    expect(fake.cassette).toBeUndefined();
    fake.reset();
    expect(fake.pending).toBe(0);
    expect(fake.requests).toEqual([]);
  });
});
