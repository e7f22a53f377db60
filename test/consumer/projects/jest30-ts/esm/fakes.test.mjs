// Jest 30 in ESM mode (--experimental-vm-modules): the ESM build of every entry.
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { replayGate } from "agent-testkit";
import { createFactories, examples } from "agent-testkit/factories";
import { agentStep, fakeAgents, fakeResponses, turn } from "agent-testkit/msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";

const tools = [examples.salesTool, examples.lookupOrderTool];
const moduleLevel = new OpenAI({ maxRetries: 0 });
const fake = fakeResponses({ tools });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

test("factories and the gate", () => {
  const call = createFactories({ seed: 5, tools }).functionCall({ name: "lookup_order" });
  expect(replayGate(call, tools).ok).toBe(true);
  expect(call).toBeReplayable(tools);
});

test("the Responses fake on MSW, the Agents fake through fetch", async () => {
  fake.reply(turn.message("Hello from ESM."));
  expect((await moduleLevel.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("Hello from ESM.");
  const agents = fakeAgents().reply(agentStep.message("Done."));
  const session = await new OpenAI({ fetch: agents.fetch }).beta.agents.sessions.create({
    agent: { model: "gpt-6-astra" },
    environment: { type: "none" },
    input: "Hi",
  });
  expect(session.status).toBe("idle");
  expect(agents.items(session.id).at(-1)).toMatchObject({ role: "assistant" });
});
