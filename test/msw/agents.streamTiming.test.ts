// The Agents fake's live streams on a stream timing, the same rule as the Responses fake's: the
// first event, the deltas, a stall and a drop, on the fake's clock, through the official client's
// streamed create. A session's state moves at once; what the client reads is paced.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { type AgentsFakeOptions, agentStep, fakeAgents } from "../../fixtures/msw/index.js";

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** A session streamed through the official client, its first step `first`, the events read as they come. */
async function openStream(options: AgentsFakeOptions, first: ReturnType<typeof agentStep.message>) {
  const fake = fakeAgents({ clock: "manual", ...options }).reply(first);
  const sessions = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions;
  const stream = await sessions.create({
    agent: { model: "m" },
    environment: { type: "none" },
    input: "Hi",
    stream: true,
  } as unknown as SessionCreateParamsNonStreaming & { stream: true });
  const seen: string[] = [];
  const reading = (async () => {
    for await (const event of stream) seen.push(event.type);
  })();
  reading.catch(() => undefined);
  return { fake, seen, reading };
}

const streamed = (options: AgentsFakeOptions, text = "One two three four.") =>
  openStream(options, agentStep.message(text));

describe("the Agents fake's streamTiming", () => {
  test("the first event waits firstEventMs, the first delta firstDeltaMs from the start, the next deltaMs more", async () => {
    const { fake, seen, reading } = await streamed({
      streamTiming: { firstEventMs: 100, firstDeltaMs: 500, deltaMs: 10 },
    });
    const deltas = () => seen.filter((t) => t === "agent.session.turn.output_text.delta").length;
    await settle();
    expect(seen).toEqual([]);
    await fake.clock.advance(99);
    await settle();
    expect(seen).toEqual([]);
    await fake.clock.advance(1);
    await settle();
    expect(seen.length).toBeGreaterThan(0);
    expect(deltas()).toBe(0);
    await fake.clock.advance(399);
    await settle();
    expect(deltas()).toBe(0);
    await fake.clock.advance(1);
    await settle();
    expect(deltas()).toBe(1);
    await fake.clock.advance(10);
    await settle();
    expect(deltas()).toBe(2);
    await fake.clock.advance(1000);
    await reading;
    expect(seen.at(-1)).toBe("agent.session.idle");
    // the session itself did not wait for its readers
    expect([...fake.sessions.values()][0]?.status).toBe("idle");
  });

  test("a stall after the n-th event holds the rest until the clock passes it", async () => {
    const { fake, seen, reading } = await streamed({ streamTiming: { stall: { after: 2, ms: 30_000 } } });
    await settle();
    expect(seen).toHaveLength(2);
    await fake.clock.advance(29_999);
    await settle();
    expect(seen).toHaveLength(2);
    await fake.clock.advance(1);
    await reading;
    expect(seen.at(-1)).toBe("agent.session.idle");
  });

  test("a drop after the n-th event breaks the connection: the client's stream fails, with no clean end", async () => {
    const { seen, reading } = await streamed({ streamTiming: { drop: { after: 3 } } });
    await expect(reading).rejects.toThrow();
    expect(seen).toHaveLength(3);
  });

  test("reset() while a stream waits ends it at once", async () => {
    const { fake, reading } = await streamed({ streamTiming: { firstEventMs: 3_600_000 } });
    await settle();
    fake.reset();
    await reading;
  });

  test("a timing that is no timing is told at once", () => {
    expect(() => fakeAgents({ streamTiming: { deltaMs: -1 } })).toThrow(RangeError);
  });
});

describe("a step's own timing: agentStep.….timed(…), as turn.….timed(…)", () => {
  const open = (first: ReturnType<typeof agentStep.message>) => openStream({}, first);

  test("the step's events wait on its timing; without one, the fake streams at once", async () => {
    const timed = await open(agentStep.message("Slow words here.").timed({ firstDeltaMs: 1000 }));
    const deltas = () => timed.seen.filter((t) => t === "agent.session.turn.output_text.delta").length;
    await settle();
    expect(deltas()).toBe(0);
    await timed.fake.clock.advance(1000);
    await timed.reading;
    expect(deltas()).toBeGreaterThan(0);

    const plain = await open(agentStep.message("Fast words."));
    await plain.reading;
    expect(plain.seen.at(-1)).toBe("agent.session.idle");
  });

  test("a drop in a step's timing breaks the stream after that many of its events", async () => {
    const dropped = await open(agentStep.message("Cut here.").timed({ drop: { after: 2 } }));
    await expect(dropped.reading).rejects.toThrow();
    expect(dropped.fake.requests[0]?.response).toMatchObject({ dropped: true });
  });
});
