// fake.reply(selector, …turns): each selector field alone, equal selectors sharing one queue, the
// plain queue for what no selector fits, and a standing (.always()) reply per queue.
import OpenAI from "openai";
import { expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

const weather = { type: "function" as const, name: "weather", parameters: { type: "object" }, strict: false };
const ask = (fake: ReturnType<typeof fakeResponses>, body: Record<string, unknown>) =>
  new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses
    .create({ model: "gpt-5", input: "Hi", ...body } as never)
    .then((r) => (r as { output_text: string }).output_text);

test("instructions, tools offered, the last user text, a predicate: each selects alone", async () => {
  const fake = fakeResponses()
    .reply({ instructions: "You check." }, turn.message("by instructions"))
    .reply({ tools: ["weather"] }, turn.message("by tools"))
    .reply({ input: /refund/ }, turn.message("by input"))
    .reply({ match: (request) => request.model === "gpt-5-mini" }, turn.message("by predicate"))
    .reply(turn.message("plain"));
  expect(await ask(fake, { instructions: "You check." })).toBe("by instructions");
  expect(await ask(fake, { tools: [weather] })).toBe("by tools");
  expect(await ask(fake, { input: [{ role: "user", content: [{ type: "input_text", text: "a refund?" }] }] })).toBe(
    "by input",
  );
  expect(await ask(fake, { model: "gpt-5-mini" })).toBe("by predicate");
  expect(await ask(fake, {})).toBe("plain");
  expect(fake.pending).toBe(0);
});

test("equal selectors share one queue, in order; a standing reply stands in its own queue", async () => {
  const fake = fakeResponses()
    .reply({ instructions: /check/ }, turn.message("one"))
    .reply({ instructions: /check/ }, turn.message("two"), turn.message("ok").always())
    .reply(turn.message("plain"));
  expect(fake.pending).toBe(3); // the standing reply never runs out: not counted;
  expect(await ask(fake, { instructions: "check" })).toBe("one");
  expect(await ask(fake, { instructions: "check" })).toBe("two");
  expect(await ask(fake, { instructions: "check" })).toBe("ok");
  expect(await ask(fake, { instructions: "check" })).toBe("ok");
  expect(await ask(fake, {})).toBe("plain");
});

test("a selector whose replies were all taken refuses, naming it; no selector fitting takes the plain queue", async () => {
  const fake = fakeResponses().reply({ instructions: "check" }, turn.message("once"));
  expect(await ask(fake, { instructions: "check" })).toBe("once");
  await expect(ask(fake, { instructions: "check" })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining('from { instructions: "check" }, whose replies were all taken'),
  });
  await expect(ask(fake, {})).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining("no reply scripted"),
  });
});

test("a keyed reply whose call the asking request does not offer is refused naming the selector and the tools", async () => {
  const fake = fakeResponses().reply({ instructions: "You check." }, turn.functionCall("refund", { id: "1" }));
  await expect(ask(fake, { instructions: "You check.", tools: [weather] })).rejects.toMatchObject({
    status: 400,
    message: expect.stringMatching(/"refund".*weather.*\(the reply scripted for \{ instructions: "You check\." \}\)/s),
  });
});
