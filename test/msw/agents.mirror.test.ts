// The Agents fake mirrors the Responses fake: the same option defaults, a clock of its own that a
// test can step, and scripted delays that end when their session does.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";

const body = {
  agent: { model: "gpt-6-astra" },
  environment: { type: "none" },
  input: "Hi",
} as unknown as SessionCreateParamsNonStreaming;

function setup(options: Parameters<typeof fakeAgents>[0] = {}) {
  const fake = fakeAgents(options);
  return { fake, sessions: new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions };
}

describe("the same defaults as the Responses fake", () => {
  test("a streamed text is split into 4 deltas by both fakes", async () => {
    const text = "one two three four five six seven eight";
    const { fake, sessions } = setup();
    fake.reply(agentStep.message(text));
    const session = await sessions.create(body);
    expect(fake.events(session.id).filter((e) => e.type === "agent.session.turn.output_text.delta")).toHaveLength(4);
    const responses = fakeResponses().reply(turn.message(text));
    const stream = await new OpenAI({ apiKey: "k", fetch: responses.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "Hi",
      stream: true,
    });
    let deltas = 0;
    for await (const event of stream) if (event.type === "response.output_text.delta") deltas++;
    expect(deltas).toBe(4);
  });
});

describe("fake.clock", () => {
  test('with clock: "manual" the timestamps read the clock the test steps', async () => {
    const { fake, sessions } = setup({ clock: "manual" });
    fake.reply(agentStep.message("Hello."));
    const start = Math.floor(fake.clock.now() / 1000);
    expect(fake.clock.manual).toBe(true);
    const first = await sessions.create(body);
    expect(first.created_at).toBe(start);
    await fake.clock.advance(90_000);
    fake.reply(agentStep.message("Again."));
    const second = await sessions.create(body);
    expect(second.created_at).toBe(start + 90);
  });

  test("by default the fake's own fixed clock stamps the session, whatever fake.clock reads", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.message("Hello."));
    expect(fake.clock.manual).toBe(false);
    expect((await sessions.create(body)).created_at).toBe(Date.UTC(2026, 9, 22) / 1000 + 1);
  });
});

describe("a scripted delay ends with its session", () => {
  test("reset() ends a turn waiting out a long delay at once", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.message("Late.").delay(120_000));
    const created = sessions.create(body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    fake.reset();
    // without the stop, the create would wait two minutes (past the test's timeout)
    await expect(created).resolves.toMatchObject({ object: "agent.session" });
  });
});
