// The trap: an `openai` client built at a test file's top level, before `server.listen()`,
// keeps the fetch it saw then. The setup entry (agent-testkit/vitest, in test/setup.ts) makes
// such a client reach MSW all the same, and `new OpenAI()` needs no key.
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { PLACEHOLDER_API_KEY, providePlaceholderKey } from "../../fixtures/msw/kit/lateBoundFetch.js";
import { agentTest } from "../../matchers/vitest.js";

const moduleLevel = new OpenAI({ maxRetries: 0 }); // built before listen(), with no key given
const fake = fakeResponses();
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: "error", onUnhandledRequest: "error" } as never));
afterAll(() => server.close());

test("a client built at the top level, before listen(), reaches the fake", async () => {
  fake.reply(turn.message("from the fake"));
  expect((await moduleLevel.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("from the fake");
  expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${process.env.OPENAI_API_KEY}`);
});

test("a client built inside the test reaches it too", async () => {
  fake.reply(turn.message("again"));
  expect((await new OpenAI({ maxRetries: 0 }).responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe(
    "again",
  );
});

test("with no OPENAI_API_KEY set, a placeholder that authenticates nowhere; a key you set is kept", () => {
  const saved = process.env.OPENAI_API_KEY;
  try {
    delete process.env.OPENAI_API_KEY;
    expect(() => new OpenAI()).toThrow(/OPENAI_API_KEY/);
    providePlaceholderKey();
    expect(process.env.OPENAI_API_KEY).toBe(PLACEHOLDER_API_KEY);
    expect(() => new OpenAI()).not.toThrow();
    process.env.OPENAI_API_KEY = "sk-mine";
    providePlaceholderKey();
    expect(process.env.OPENAI_API_KEY).toBe("sk-mine");
  } finally {
    process.env.OPENAI_API_KEY = saved;
  }
});

test("a request that MSW lets through goes to Node's own fetch, once", async () => {
  // A host no handler serves: MSW passes it through to the fetch it replaced (ours).
  const response = await fetch("data:text/plain,through");
  expect(await response.text()).toBe("through");
});

agentTest("inside agentTest, the module-level client reaches the test's own fake", async ({ responses }) => {
  responses.reply(turn.message("agentTest fake"));
  expect((await moduleLevel.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("agentTest fake");
});
