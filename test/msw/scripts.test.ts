// A fake's reply() takes what its builders made (after a selector, for one agent's replies): anything
// else is a TypeError naming the argument when it is queued (an options object was taken for a turn,
// and answered as nothing); a
// responder that returns no turn is a refusal naming what it returned.
import OpenAI from "openai";
import { expect, test } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";

test("fake.reply refuses what is no turn, naming the argument", () => {
  const fake = fakeResponses();
  // a selector takes only its own fields: a misspelt one is no selector, and no turn
  expect(() => fake.reply({ agnet: "Billing" } as never, turn.message("Hi"))).toThrow(
    'agent-testkit: fake.reply takes turns built with turn.* (turn.message("…"), turn.functionCall(…)), after a selector ({ agent, instructions, tools, input, match }) when they are for one agent; argument 1 is {"agnet":"Billing"}',
  );
  expect(() => fake.reply({ agent: "Billing" }, { agent: "Support" } as never)).toThrow(
    /argument 1 is \{"agent":"Support"\}/,
  );
  expect(() => fake.reply(turn.message("Hi"), "Hi" as never)).toThrow(/argument 2 is "Hi"/);
  expect(() => fake.reply(agentStep.message("Hi") as never)).toThrow(TypeError);
  expect(fake.pending).toBe(0); // nothing of a refused call is queued
});

test("agents.reply refuses what is no step, a Responses turn included", () => {
  const agents = fakeAgents();
  expect(() => agents.reply(turn.message("Hi") as never)).toThrow(
    /agents\.reply takes steps built with agentStep\.\*.*argument 1 is/,
  );
  expect(() => agents.reply(agentStep.message("Hi"), undefined as never)).toThrow(/argument 2 is undefined/);
  expect(agents.pending).toBe(0);
});

test("a responder that returns no turn is a refusal naming what it returned", async () => {
  const fake = fakeResponses().respond(() => ({ agent: "Billing" }) as never);
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
  await expect(client.responses.create({ model: "gpt-5", input: "Hi" })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining('returned {"agent":"Billing"}'),
  });
});
