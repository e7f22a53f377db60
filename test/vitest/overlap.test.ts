// A fake shared by concurrent tests: when its script runs dry, its message says that tests
// overlapped and what to do (nothing else points at the cause). agentTest's fakes never say it.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses } from "../../fixtures/msw/index.js";
import { agentTest } from "../../matchers/vitest.js";

const shared = fakeResponses();
const client = new OpenAI({ apiKey: "k", fetch: shared.fetch, maxRetries: 0 });
const gate = deferred();
let arrived = 0;

describe("a fake shared by concurrent tests", () => {
  for (const n of [1, 2])
    test.concurrent(`test ${n} finds the script run dry and is told why`, async () => {
      // both tests are running before either asks
      if (++arrived === 2) gate.resolve();
      await gate.promise;
      const error = await client.responses.create({ model: "gpt-5", input: `q${n}` }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, code: "no_scripted_reply" });
      expect((error as Error).message).toMatch(
        /2 tests were running at once: a fake shared by concurrent tests \(test\.concurrent\) .* Give each test its own fake: agentTest/,
      );
    });
});

test("one test at a time: no such hint", async () => {
  const error = await new OpenAI({ apiKey: "k", fetch: fakeResponses().fetch, maxRetries: 0 }).responses
    .create({ model: "gpt-5", input: "q" })
    .catch((e: unknown) => e);
  expect((error as Error).message).toContain("no reply scripted");
  expect((error as Error).message).not.toContain("running at once");
});

describe("agentTest's own fakes", () => {
  const both = deferred();
  let count = 0;
  for (const n of [1, 2])
    agentTest.concurrent(`test ${n}: its own fake, so no hint`, async ({ responses }) => {
      if (++count === 2) both.resolve();
      await both.promise;
      const error = await new OpenAI({ apiKey: "k", fetch: responses.fetch, maxRetries: 0 }).responses
        .create({ model: "gpt-5", input: "q" })
        .catch((e: unknown) => e);
      expect((error as Error).message).toContain("no reply scripted");
      expect((error as Error).message).not.toContain("running at once");
    });
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
