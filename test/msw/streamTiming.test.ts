// The clock of a stream: a turn's timing (first event, first delta, the gap between deltas, a
// stall, a drop) on the fake's clock, so that an app's time-to-first-token budget, idle timeout
// and retry of a dropped stream are tested in milliseconds of real time: on a manual clock and
// under Vitest's fake timers, through the official client.
import OpenAI from "openai";
import { afterEach, describe, expect, test, vi } from "vitest";
import { WebSocket as WsSocket } from "ws";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { pacingOf } from "../../fixtures/msw/kit/pacing.js";
import { strictServer } from "./server.js";

// taken before any test fakes the timers (they replace performance.now, Date and process.hrtime)
const realNow = performance.now.bind(performance);
const settleThen = async (then: () => Promise<void>) => {
  await settle();
  await then();
};
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};
const clientOf = (fake: ReturnType<typeof fakeResponses>) =>
  new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });

/** An app's stream reader: fails when no event comes for `idleMs`, or the first text takes over `ttftMs`. */
async function readAnswer(
  client: OpenAI,
  { idleMs = Number.POSITIVE_INFINITY, ttftMs = Number.POSITIVE_INFINITY } = {},
): Promise<string> {
  const abort = new AbortController();
  let why = "";
  let idle: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(idle);
    if (Number.isFinite(idleMs)) idle = setTimeout(() => ((why = "idle_timeout"), abort.abort()), idleMs);
  };
  const ttft = Number.isFinite(ttftMs) ? setTimeout(() => ((why = "ttft_exceeded"), abort.abort()), ttftMs) : undefined;
  let text = "";
  try {
    arm();
    const stream = await client.responses.create(
      { model: "gpt-5", input: "Hi", stream: true },
      { signal: abort.signal },
    );
    for await (const event of stream) {
      arm();
      if (event.type === "response.output_text.delta") {
        clearTimeout(ttft);
        text += event.delta;
      }
    }
    // the SDK ends the iteration quietly when its request is aborted: the app has to look
    if (abort.signal.aborted) throw new Error(why);
    return text;
  } catch (error) {
    throw new Error(why || (error instanceof Error ? error.message : String(error)));
  } finally {
    clearTimeout(idle);
    clearTimeout(ttft);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the waits of a timing", () => {
  test("first event, first delta from the request, the gap between deltas, a stall after the n-th event", () => {
    const types = [
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
    ];
    const timing = { firstEventMs: 100, firstDeltaMs: 800, deltaMs: 20, stall: { after: 5, ms: 30_000 } };
    expect(pacingOf(types, timing)).toEqual({ waits: [100, 0, 0, 0, 700, 30_020, 20, 0], dropAfter: undefined });
    expect(pacingOf(types, undefined).waits.every((w) => w === 0)).toBe(true);
  });

  test("a timing that makes no sense is a RangeError when the turn is built", () => {
    expect(() => turn.message("x").timed({ deltaMs: -1 })).toThrow(RangeError);
    expect(() => turn.message("x").timed({ drop: { after: 0 } })).toThrow(/drop: \{ after: an event number ≥ 1 \}/);
    expect(() => fakeResponses({ streamTiming: { stall: { after: 1, ms: Number.NaN } } })).toThrow(RangeError);
  });
});

describe("on a manual clock", () => {
  test("nothing before the first delta's time; then one delta per 20 ms; the log says when each went", async () => {
    const fake = fakeResponses({ clock: "manual", deltas: 3 }).reply(
      turn.message("One two three").timed({ firstDeltaMs: 800, deltaMs: 20 }),
    );
    let text = "";
    const reading = readAnswer(clientOf(fake)).then((t) => (text = t));
    await settle();
    const events = () => fake.requests[0]?.response.events?.map((e) => e.type) ?? [];
    expect(events()).not.toContain("response.output_text.delta");
    await fake.clock.advance(799);
    await settle();
    expect(events()).not.toContain("response.output_text.delta");
    await fake.clock.advance(1);
    await settle();
    expect(events().filter((t) => t === "response.output_text.delta")).toHaveLength(1);
    await fake.clock.advance(40);
    await reading;
    expect(text).toBe("One two three");
    const { sentAt = [] } = fake.requests[0]?.response ?? {};
    expect(sentAt.filter((_, i) => events()[i] === "response.output_text.delta")).toEqual([800, 820, 840]);
    expect(fake.requests[0]?.response).not.toHaveProperty("interrupted");
  });
});

/**
 * The three apps a stream's clock is for, each on the fake's manual clock (the fake's time moves
 * only when the test moves it; the app's short real timers run out first) and under Vitest's fake
 * timers (the fake and the app on the same faked timers, advanced by the test).
 */
describe.each([
  {
    clock: "the fake's manual clock",
    fake: (options: Parameters<typeof fakeResponses>[0] = {}) => fakeResponses({ ...options, clock: "manual" }),
    scale: 0.001, // the app's timers: 30 ms for "30 s"
    run: async <T>(work: Promise<T>) => work,
  },
  {
    clock: "Vitest's fake timers",
    fake: (options: Parameters<typeof fakeResponses>[0] = {}) => {
      vi.useFakeTimers();
      return fakeResponses(options);
    },
    scale: 1,
    run: async <T>(work: Promise<T>) => {
      const settled = work.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      await vi.advanceTimersByTimeAsync(120_000);
      const outcome = await settled;
      if ("error" in outcome) throw outcome.error;
      return outcome.value;
    },
  },
])("on $clock", ({ fake: makeFake, scale, run }) => {
  test("an idle timeout: a 60 s stall after the 5th event, the app gives up after 30 s, in milliseconds", async () => {
    const started = realNow();
    const fake = makeFake().reply(turn.message("Never finished.").timed({ stall: { after: 5, ms: 60_000 } }));
    await expect(run(readAnswer(clientOf(fake), { idleMs: 30_000 * scale }))).rejects.toThrow("idle_timeout");
    expect(fake.requests[0]?.response.events).toHaveLength(5);
    expect(fake.requests[0]?.response.interrupted).toBe(true);
    expect(realNow() - started).toBeLessThan(5_000);
  });

  test("a time-to-first-token budget: the first delta 5 s away, a 2 s budget", async () => {
    const fake = makeFake().reply(turn.message("Slow.").timed({ firstDeltaMs: 5_000 }));
    await expect(run(readAnswer(clientOf(fake), { ttftMs: 2_000 * scale }))).rejects.toThrow("ttft_exceeded");
    expect(fake.requests[0]?.response.events?.some((e) => e.type === "response.output_text.delta")).toBe(false);
  });

  test("a dropped stream, retried: the second answer is whole", async () => {
    const fake = makeFake().reply(
      turn.message("Cut short.").timed({ firstDeltaMs: 1_000, drop: { after: 6 } }),
      turn.message("The whole answer."),
    );
    const client = clientOf(fake);
    const attempt = () => readAnswer(client);
    const reading = attempt().catch(() => attempt());
    // on the manual clock the first delta waits for the test: move the fake's time
    if (scale !== 1) await settleThen(() => fake.clock.advance(1_000));
    expect(await run(reading)).toBe("The whole answer.");
    expect(fake.requests[0]?.response).toMatchObject({ dropped: true });
  });
});

describe("a drop: the connection breaks after the n-th event, no terminal event", () => {
  const retried = async (client: OpenAI) => {
    try {
      return await readAnswer(client);
    } catch {
      return readAnswer(client); // the app's retry
    }
  };

  test.each([
    [
      "fake.fetch",
      async (fake: ReturnType<typeof fakeResponses>) => ({ client: clientOf(fake), close: async () => {} }),
    ],
    [
      "listen()",
      async (fake: ReturnType<typeof fakeResponses>) => {
        const server = await fake.listen();
        return { client: new OpenAI({ apiKey: "k", baseURL: server.url, maxRetries: 0 }), close: () => server.close() };
      },
    ],
  ])("through %s: the client's read fails, the app retries, the log says dropped", async (_name, install) => {
    const fake = fakeResponses().reply(
      turn.message("Cut short.").timed({ drop: { after: 6 } }),
      turn.message("The whole answer."),
    );
    const { client, close } = await install(fake);
    try {
      expect(await retried(client)).toBe("The whole answer.");
    } finally {
      await close();
    }
    const [first, second] = fake.requests;
    expect(first?.response).toMatchObject({ dropped: true, interrupted: true });
    expect(first?.response.events).toHaveLength(6);
    expect(first?.response.events?.some((e) => e.type === "response.completed")).toBe(false);
    expect(second?.response).not.toHaveProperty("dropped");
  });

  test("the fake-wide streamTiming applies to every streamed turn without its own", async () => {
    const fake = fakeResponses({ streamTiming: { drop: { after: 3 } } }).reply(
      turn.message("A."),
      turn.message("B.").timed({}),
    );
    await expect(readAnswer(clientOf(fake))).rejects.toThrow();
    expect(await readAnswer(clientOf(fake))).toBe("B.");
  });
});

describe("over a WebSocket (fake.listen(), the ws client)", () => {
  const connect = async (fake: ReturnType<typeof fakeResponses>) => {
    const server = await fake.listen();
    const socket = new WsSocket(`${server.url.replace(/^http/, "ws")}/responses`, {
      headers: { authorization: "Bearer k" },
    });
    const received: string[] = [];
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    socket.on("message", (data) => received.push((JSON.parse(String(data)) as { type: string }).type));
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Hi" }));
    return { received, closed, close: async () => (socket.close(), await server.close()) };
  };

  test("the same timing on the fake's clock", async () => {
    const fake = fakeResponses({ clock: "manual" }).reply(turn.message("One two").timed({ firstDeltaMs: 500 }));
    const { received, close } = await connect(fake);
    try {
      await settle();
      expect(received).toContain("response.created");
      expect(received).not.toContain("response.output_text.delta");
      await fake.clock.advance(500);
      await settle();
      expect(received).toContain("response.output_text.delta");
      expect(received).toContain("response.completed");
    } finally {
      await close();
    }
  });

  test("a drop breaks the connection with no closing handshake: the client sees 1006", async () => {
    const fake = fakeResponses().reply(turn.message("Cut.").timed({ drop: { after: 3 } }));
    const { received, closed, close } = await connect(fake);
    try {
      expect(await closed).toBe(1006);
      expect(received).toHaveLength(3);
      expect(fake.requests[0]?.response).toMatchObject({ dropped: true, interrupted: true });
    } finally {
      await close();
    }
  });
});

describe("over a WebSocket in process (the global WebSocket, fake.webSocketHandlers)", () => {
  const server = strictServer();

  test("a drop closes the mock socket with 1006, as a broken connection shows", async () => {
    const fake = fakeResponses().reply(turn.message("Cut.").timed({ drop: { after: 3 } }));
    server.use(...fake.webSocketHandlers);
    const socket = new WebSocket("wss://api.openai.com/v1/responses");
    const received: string[] = [];
    socket.addEventListener("message", (event) => received.push(JSON.parse(String(event.data)).type));
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
    socket.addEventListener("open", () =>
      socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Hi" })),
    );
    expect(await closed).toBe(1006);
    expect(received).toHaveLength(3);
    expect(fake.requests[0]?.response).toMatchObject({ dropped: true });
  });
});

describe("a background run on a timing", () => {
  test("its events come out on the timing; a dropped follower resumes with starting_after while the run goes on", async () => {
    const fake = fakeResponses({ clock: "manual", deltas: 3, background: { queuedMs: 10, runMs: 50 } }).reply(
      turn.message("One two three").timed({ deltaMs: 100, drop: { after: 5 } }),
    );
    const client = clientOf(fake);
    const stream = await client.responses.create({ model: "gpt-5", input: "Count", background: true, stream: true });
    const seen: Array<{ type: string; sequence_number: number }> = [];
    const first = (async () => {
      for await (const event of stream) seen.push(event);
    })().catch((error: unknown) => error);
    await fake.clock.advance(10_000);
    expect(await first).toBeInstanceOf(Error);
    expect(seen).toHaveLength(5);
    expect(fake.requests[0]?.response).toMatchObject({ dropped: true });
    const id = fake.requests[0]?.response.events?.[0]?.response as { id: string };
    const rest = await client.responses.retrieve(id.id, {
      stream: true,
      starting_after: seen.at(-1)?.sequence_number ?? 0,
    });
    for await (const event of rest) seen.push(event);
    expect(seen.map((e) => e.sequence_number)).toEqual(seen.map((_, i) => i));
    expect(seen.at(-1)?.type).toBe("response.completed");
    expect(fake.responses.get(id.id)?.status).toBe("completed");
  });

  test("a stall holds the run: its events wait on the fake's clock", async () => {
    const fake = fakeResponses({ clock: "manual", background: { queuedMs: 0, runMs: 0 } }).reply(
      turn.message("Later.").timed({ stall: { after: 3, ms: 60_000 } }),
    );
    const created = await clientOf(fake).responses.create({ model: "gpt-5", input: "Hi", background: true });
    await fake.clock.advance(59_000);
    expect(fake.responses.get(created.id)?.status).toBe("in_progress");
    await fake.clock.advance(1_000);
    expect(fake.responses.get(created.id)?.status).toBe("completed");
  });
});

describe("the log of every stream", () => {
  test("an untimed stream says when each event went too (at once), and that it was read to its end", async () => {
    const fake = fakeResponses({ clock: "manual" }).reply(turn.message("Hi."));
    await readAnswer(clientOf(fake));
    const { events = [], sentAt, interrupted } = fake.requests[0]?.response ?? {};
    expect(sentAt).toEqual(events.map(() => 0));
    expect(interrupted).toBeUndefined();
  });

  test("turn.message(text, { timing }) and turn.functionCall(name, args, { timing }) are .timed(timing)", () => {
    const timing = { firstDeltaMs: 300 };
    expect(turn.message("x", { timing }).timing).toEqual(timing);
    expect(turn.functionCall("f", {}, { call_id: "call_1", timing }).timing).toEqual(timing);
    expect(turn.functionCall("f", {}, { call_id: "call_1", timing }).items).toEqual([
      { kind: "function_call", name: "f", arguments: {}, call_id: "call_1" },
    ]);
  });
});

describe("an aborted stream through fake.fetch", () => {
  test("fails the client's reads with the abort's reason, as fetch does (it ended as if whole)", async () => {
    const fake = fakeResponses().reply(turn.message("Never finished.").timed({ stall: { after: 2, ms: 60_000 } }));
    const abort = new AbortController();
    const response = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "Hi", stream: true }),
      signal: abort.signal,
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error("expected a stream");
    await reader.read();
    abort.abort();
    const drained = async () => {
      for (;;) if ((await reader.read()).done) return "ended";
    };
    await expect(drained()).rejects.toMatchObject({ name: "AbortError" });
    expect(fake.requests[0]?.response.interrupted).toBe(true);
  });
});
