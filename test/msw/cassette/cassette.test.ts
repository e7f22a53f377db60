// Cassettes, recorded from a real upstream process over loopback (never the network), then
// replayed with the official client: the same outputs, streamed and not; matched by content;
// redacted; gated; safe with several writers.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test, vi } from "vitest";
import { cassetteMode } from "../../../fixtures/msw/cassette/cassette.js";
import { readCassette } from "../../../fixtures/msw/cassette/file.js";
import { type CassetteOptions, fakeAgents, fakeResponses } from "../../../fixtures/msw/index.js";
import { root } from "../../build.js";
import { lookupOrder } from "../agents.scenarios.js";
import { KEY, tool, toolLoop, useProvider } from "./helpers.js";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEyMyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cassettes-"));
const provider = useProvider();
const upstream = {
  get responses() {
    return provider.urls.responses;
  },
  get agents() {
    return provider.urls.agents;
  },
};

/** One owner for every recording of this file: a fake that records again stands for a new run of its test. */
const RERUNS = { label: "the runs this file stands for" };
const recorder = (path: string, extra: Partial<CassetteOptions> = {}) =>
  fakeResponses({ cassette: { path, upstream: upstream.responses, apiKey: KEY, owner: RERUNS, ...extra } });

describe("record from the provider, then replay without it", () => {
  test("a tool loop, streamed and not: the replay gives the same outputs and ids", async () => {
    const path = join(dir, "loop.jsonl");
    const recording = recorder(path, { mode: "record" });
    const client = new OpenAI({ apiKey: KEY, fetch: recording.fetch, maxRetries: 0 });
    const recorded = await toolLoop(client, `Where is A-1042? token ${JWT}`);
    const recordedStream = await toolLoop(client, "And B-2001?", true);
    expect(recorded.text).toBe('Order status: {"order_id":"A-1042","status":"paid"}');
    expect(recordedStream.text).toBe('Order status: {"order_id":"B-2001","status":"paid"}');
    expect(readCassette(path)).toHaveLength(4);
    expect(
      readCassette(path)
        .flatMap((i) => i.response.events ?? [])
        .map((e) => e.type),
    ).toContain("response.output_text.delta");

    const replaying = fakeResponses({ cassette: { path, mode: "replay", upstream: "http://127.0.0.1:9/v1" } });
    const replayClient = new OpenAI({ apiKey: "sk-any-other-key-000000", fetch: replaying.fetch, maxRetries: 0 });
    expect(await toolLoop(replayClient, `Where is A-1042? token ${JWT}`)).toEqual(recorded);
    expect(await toolLoop(replayClient, "And B-2001?", true)).toEqual(recordedStream);
    expect(replaying.cassette).toMatchObject({ mode: "replay", misses: [], used: 4 });
    expect(replaying.requests).toHaveLength(4);
    // every answer is stored, as the fake's own are: a JSON one with no events, a streamed one with its events
    const ids = [...replaying.responses.keys()];
    expect(ids).toEqual([...recorded.ids, ...recordedStream.ids]);
    expect(replaying.events(ids[0] ?? "")).toEqual([]);
    expect(replaying.events(ids[3] ?? "").at(-1)?.type).toBe("response.completed");
  });

  test("a streamed tool call is logged, in record and in replay: the conversation matchers see it", async () => {
    const path = join(dir, "streamed.jsonl");
    const recording = recorder(path, { mode: "record" });
    await toolLoop(new OpenAI({ apiKey: KEY, fetch: recording.fetch, maxRetries: 0 }), "Where is C-3003?", true);
    const replaying = fakeResponses({ cassette: { path, mode: "replay", upstream: "http://127.0.0.1:9/v1" } });
    await toolLoop(
      new OpenAI({ apiKey: "sk-any-other-key-000000", fetch: replaying.fetch, maxRetries: 0 }),
      "Where is C-3003?",
      true,
    );
    for (const fake of [recording, replaying]) {
      expect(fake.requests[0]?.response.events?.map((e) => e.type)).toContain("response.completed");
      expect(fake.requests[0]?.response.interrupted).toBeUndefined();
      expect(fake).toHaveCalledTool("lookup_order", { order_id: "C-3003" });
      // as docs/cassettes.md says: the answers are stored as the fake's own, streamed or not
      expect(fake.responses.size).toBe(2);
      const [first, second] = fake.responses.values();
      expect(first?.output.map((item) => item.type)).toEqual(["function_call"]);
      expect(fake.items(first?.id ?? "").map((item) => item.type)).toEqual(["message", "function_call"]);
      expect(fake.events(first?.id ?? "").at(-1)?.type).toBe("response.completed");
      expect(fake.items(second?.id ?? "")[0]).toPairWithCall(first?.output[0]);
      expect(second?.output.map((item) => item.type)).toEqual(["message"]);
      const done = fake.requests[0]?.response.events?.find(
        (e) => e.type === "response.output_item.done" && (e.item as { type?: string }).type === "function_call",
      );
      expect(fake).toHaveAnsweredCall(done?.item as { call_id: string });
    }
  });

  test("a replayed stream the client left before its end is stored by nobody", async () => {
    const path = join(dir, "left.jsonl");
    await toolLoop(
      new OpenAI({ apiKey: KEY, fetch: recorder(path, { mode: "record" }).fetch, maxRetries: 0 }),
      "Left?",
      true,
    );
    const replaying = fakeResponses({ cassette: { path, mode: "replay", upstream: "http://127.0.0.1:9/v1" } });
    const client = new OpenAI({ apiKey: "sk-any-other-key-000000", fetch: replaying.fetch, maxRetries: 0 });
    const stream = await client.responses.create({
      model: "gpt-5",
      tools: [tool],
      stream: true,
      input: "Left?",
    } as never);
    for await (const _event of stream as unknown as AsyncIterable<unknown>) break; // the client leaves
    await vi.waitFor(() => expect(replaying.requests[0]?.response.interrupted).toBe(true));
    expect(replaying.responses.size).toBe(0);
  });

  test("secrets never reach the disk: the key, a JWT in a prompt, credential headers; matching still works", () => {
    const text = readFileSync(join(dir, "loop.jsonl"), "utf8");
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(JWT);
    expect(text).not.toMatch(/authorization|openai-organization|cookie/i);
    expect(text).toContain("[REDACTED]");
  });

  test("a miss fails at once: the closest recording, the first field that differs, and how to re-record", async () => {
    const replaying = fakeResponses({ cassette: { path: join(dir, "loop.jsonl"), mode: "replay" } });
    const client = new OpenAI({ apiKey: KEY, fetch: replaying.fetch, maxRetries: 2 });
    const error = await toolLoop(client, "Where is A-1043?").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: "cassette_miss" });
    expect((error as Error).message).toMatch(
      /no recording in .*loop\.jsonl \(recorded \d{4}-\d\d-\d\dT[\d:.]+Z by OpenAI\/JS [\d.]+ \(agent-testkit [\d.]+; gpt-5\)\) matches POST \/responses: the closest recording \(.*loop\.jsonl:2\) differs first at \/input: recorded "Where is A-1042\? token \[REDACTED\]", received "Where is A-1043\?"\. To record it, run the test with AGENT_TESTKIT_RECORD=new/,
    );
    expect(replaying.requests).toHaveLength(1); // not retried
    expect(replaying.cassette!.misses).toHaveLength(1);
  });

  test("identical requests are told apart by their place: each served once, in order, then a miss that says so", async () => {
    const path = join(dir, "twice.jsonl");
    const recording = recorder(path, { mode: "record" });
    const ask = (fake: ReturnType<typeof fakeResponses>) =>
      new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).responses.create({
        model: "gpt-5",
        input: "Same question",
      });
    const first = await ask(recording);
    const second = await ask(recording);
    expect(first.id).not.toBe(second.id);
    const replaying = fakeResponses({ cassette: { path, mode: "replay" } });
    expect((await ask(replaying)).id).toBe(first.id);
    expect((await ask(replaying)).id).toBe(second.id);
    await expect(ask(replaying)).rejects.toThrow(/2 recordings match it, and all were served already/);
  });

  test("new mode replays what is recorded and records what is missing; record mode with nothing changed changes no byte", async () => {
    const path = join(dir, "loop.jsonl");
    const before = readFileSync(path, "utf8");
    const count = readCassette(path).length;
    const adding = recorder(path, { mode: "new" });
    const client = new OpenAI({ apiKey: KEY, fetch: adding.fetch, maxRetries: 0 });
    await toolLoop(client, `Where is A-1042? token ${JWT}`); // replayed
    await client.responses.create({ model: "gpt-5", input: "Something new" }); // recorded
    expect(readCassette(path)).toHaveLength(count + 1);
    // the provenance line (line 1) says when the section changed; the recordings before stay as they were
    const recordings = (text: string) => text.slice(text.indexOf("\n") + 1);
    expect(recordings(readFileSync(path, "utf8")).startsWith(recordings(before))).toBe(true);

    const again = join(dir, "stable.jsonl");
    await toolLoop(
      new OpenAI({ apiKey: KEY, fetch: recorder(again, { mode: "record" }).fetch, maxRetries: 0 }),
      "Where is C-3003?",
    );
    const first = readFileSync(again, "utf8");
    // The provider mints new ids and times on every call; the cassette keeps the old ones.
    await toolLoop(
      new OpenAI({ apiKey: KEY, fetch: recorder(again, { mode: "record" }).fetch, maxRetries: 0 }),
      "Where is C-3003?",
    );
    expect(readFileSync(again, "utf8")).toBe(first);
  });

  test("re-recording needs no code change: the upstream from OPENAI_BASE_URL (or AGENT_TESTKIT_UPSTREAM), the client's own key", async () => {
    const path = join(dir, "from-env.jsonl");
    vi.stubEnv("OPENAI_API_KEY", "sk-agent-testkit-placeholder"); // what the setup entries set when unset
    try {
      for (const [name, file] of [
        ["OPENAI_BASE_URL", path],
        ["AGENT_TESTKIT_UPSTREAM", `${path}.gateway`],
      ] as const) {
        vi.stubEnv("OPENAI_BASE_URL", name === "OPENAI_BASE_URL" ? upstream.responses : "http://127.0.0.1:9/v1");
        if (name === "AGENT_TESTKIT_UPSTREAM") vi.stubEnv(name, upstream.responses);
        const fake = fakeResponses({ cassette: { path: file, mode: "record" } });
        const client = new OpenAI({
          apiKey: KEY,
          baseURL: "https://api.openai.com/v1",
          fetch: fake.fetch,
          maxRetries: 0,
        });
        expect((await client.responses.create({ model: "gpt-5", input: "hi" })).status, name).toBe("completed");
        expect(readCassette(file), name).toHaveLength(1);
        expect(readFileSync(file, "utf8")).not.toContain(KEY);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test("recording needs a real key: without one nothing is sent", async () => {
    const fake = fakeResponses({
      cassette: {
        path: join(dir, "nokey.jsonl"),
        mode: "record",
        upstream: upstream.responses,
        apiKey: "sk-agent-testkit-placeholder",
      },
    });
    await expect(
      new OpenAI({ apiKey: "x", fetch: fake.fetch, maxRetries: 0 }).responses.create({ model: "gpt-5", input: "hi" }),
    ).rejects.toMatchObject({ status: 400, code: "cassette_no_key" });
  });
});

describe("gated", () => {
  test("a recorded call that no longer passes the tools fails with the gate's message and the cassette line", async () => {
    const path = join(dir, "gated.jsonl");
    const client = (fake: ReturnType<typeof fakeResponses>) =>
      new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    await client(recorder(path, { mode: "record" })).responses.create({
      model: "gpt-5",
      tools: [tool],
      input: "Where is A-1042?",
    });
    // The recording is edited as if the model had called with a bad id (or the tools had tightened).
    writeFileSync(path, readFileSync(path, "utf8").replace('\\"A-1042\\"', '\\"a1042\\"'));
    const error = await client(fakeResponses({ cassette: { path, mode: "replay" } }))
      .responses.create({ model: "gpt-5", tools: [tool], input: "Where is A-1042?" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: "cassette_gate" });
    expect((error as Error).message).toMatch(
      /gated\.jsonl:2: the recorded call "lookup_order" \(call_\w+\) fails the replay gate: arguments_schema: \/order_id must match pattern/,
    );
  });

  test("a request whose tools changed misses, and says whether the recording still passes them", async () => {
    const path = join(dir, "gated2.jsonl");
    const client = (fake: ReturnType<typeof fakeResponses>) =>
      new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 });
    await client(recorder(path, { mode: "record" })).responses.create({
      model: "gpt-5",
      tools: [tool],
      input: "Where is A-1042?",
    });
    const tighter = {
      ...tool,
      parameters: {
        type: "object",
        properties: { order_id: { type: "string", pattern: "^B-" } },
        required: ["order_id"],
      },
    };
    const error = await client(fakeResponses({ cassette: { path, mode: "replay" } }))
      .responses.create({ model: "gpt-5", tools: [tighter], input: "Where is A-1042?" })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /differs first at \/tools\/0\/parameters\/\S+: recorded .*\. With today's tools, what it recorded fails the gate: the recorded call "lookup_order" .* arguments_schema: \/order_id must match pattern "\^B-", received "A-1042"/,
    );
  });
});

test("the Agents fake records and replays a session's tool loop the same way", async () => {
  const path = join(dir, "agents.jsonl");
  const run = async (cassette: CassetteOptions) => {
    const fake = fakeAgents({ cassette });
    const sessions = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions;
    const session = await sessions.create({
      agent: { model: "gpt-6-astra", tools: [lookupOrder] },
      environment: { type: "openai_hosted" },
      input: "Where is A-1042?",
    } as unknown as SessionCreateParamsNonStreaming);
    const action = session.required_actions[0] as { turn_id: string; call_id: string };
    await sessions.events.create(session.id, {
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action.turn_id,
          call_id: action.call_id,
          success: true,
          output: "paid",
        },
      ],
    });
    const final = await sessions.retrieve(session.id);
    // the fake's getters read a cassette's sessions as its own: the session, the accepted result
    expect(fake.sessions.get(session.id)?.status).toBe("idle");
    expect(fake.toolResults).toMatchObject([{ call_id: action.call_id, output: "paid" }]);
    return { session, final };
  };
  const recorded = await run({ path, mode: "record", upstream: upstream.agents, apiKey: KEY });
  expect(recorded.final.status).toBe("idle");
  const replayed = await run({ path, mode: "replay" });
  expect(replayed).toEqual(recorded);
});

test("three workers recording into one cassette at once lose nothing", async () => {
  const path = join(dir, "shared.jsonl");
  const worker = (section: string) => `
    const { fakeResponses } = await import(${JSON.stringify(join(root, "dist/msw.js"))});
    const fake = fakeResponses({ cassette: { path: ${JSON.stringify(path)}, section: ${JSON.stringify(section)}, mode: "record", upstream: ${JSON.stringify(upstream.responses)}, apiKey: ${JSON.stringify(KEY)} } });
    for (let i = 0; i < 20; i++) {
      const response = await fake.fetch("https://api.openai.com/v1/responses", { method: "POST", headers: { authorization: "Bearer x", "content-type": "application/json" }, body: JSON.stringify({ model: "gpt-5", input: "question " + i }) });
      if (response.status !== 200) throw new Error(await response.text());
    }`;
  const children = ["a", "b", "c"].map((section) =>
    spawn(process.execPath, ["--input-type=module", "-e", worker(section)], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const codes = await Promise.all(
    children.map((child) => new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)))),
  );
  expect(codes).toEqual([0, 0, 0]);
  const sections = readCassette(path).map((i) => i.section);
  for (const section of ["a", "b", "c"]) expect(sections.filter((s) => s === section)).toHaveLength(20);
}, 60_000);

test("the mode: the option, else AGENT_TESTKIT_RECORD, else replay under CI or when the cassette exists, else new", () => {
  const existing = join(dir, "loop.jsonl");
  const missing = join(dir, "missing.jsonl");
  expect(cassetteMode("record", existing, {})).toBe("record");
  expect(cassetteMode(undefined, existing, { AGENT_TESTKIT_RECORD: "new" })).toBe("new");
  expect(cassetteMode(undefined, missing, { CI: "true" })).toBe("replay");
  expect(cassetteMode(undefined, existing, {})).toBe("replay");
  expect(cassetteMode(undefined, missing, {})).toBe("new");
  expect(() => cassetteMode(undefined, existing, { AGENT_TESTKIT_RECORD: "always" })).toThrow(
    /must be one of replay, record, new, passthrough, verify, received "always"/,
  );
});

// fake.fetch is used throughout this file; MSW handlers are in cassette.handlers.test.ts.
describe("the loopback transport records and replays", () => {
  test("through fake.listen()", async () => {
    const path = join(dir, "via-listen.jsonl");
    const closers: Array<() => Promise<void>> = [];
    const connect = async (fake: ReturnType<typeof fakeResponses>) => {
      const listening = await fake.listen();
      closers.push(() => listening.close());
      return new OpenAI({ apiKey: KEY, baseURL: listening.url, maxRetries: 0 });
    };
    try {
      const recorded = await toolLoop(await connect(recorder(path, { mode: "record" })), "Where is D-4004?", true);
      expect(recorded.text).toBe('Order status: {"order_id":"D-4004","status":"paid"}');
      const replayed = await toolLoop(
        await connect(fakeResponses({ cassette: { path, mode: "replay" } })),
        "Where is D-4004?",
        true,
      );
      expect(replayed).toEqual(recorded);
    } finally {
      await Promise.all(closers.map((close) => close()));
    }
  });
});

test("the Agents runner replays a recorded session: tool handlers run, the same answer comes back", async () => {
  const path = join(dir, "agents-runner.jsonl");
  const run = async (cassette: CassetteOptions) => {
    const fake = fakeAgents({ cassette });
    const sessions = new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions;
    const session = await sessions.create({
      agent: { model: "gpt-6-astra", tools: [lookupOrder] },
      environment: { type: "openai_hosted" },
    } as unknown as SessionCreateParamsNonStreaming);
    const seen: unknown[] = [];
    const result = await sessions
      .stream(session.id, {
        input: "Where is A-1042?",
        idempotencyKey: "fixed-key",
        toolHandlers: { lookup_order: async (args: unknown) => (seen.push(args), "paid") },
      } as never)
      .finalResult();
    // the streamed session's events and items, as the fake's own getters give them
    expect(fake.events(session.id).map((e) => e.type)).toContain("agent.session.requires_action");
    expect(fake.items(session.id).map((item) => item.type)).toContain("function_call");
    expect(fake).toHaveCalledTool("lookup_order", { order_id: "A-1042" });
    return { text: result.output_text, seen };
  };
  const recorded = await run({ path, mode: "record", upstream: upstream.agents, apiKey: KEY });
  expect(recorded).toEqual({ text: "It is paid.", seen: [{ order_id: "A-1042" }] });
  expect(await run({ path, mode: "replay" })).toEqual(recorded);
});

test("a cassette keeps the fake's body limit: too large is a 413, as without one", async () => {
  const fake = fakeResponses({ maxBodyBytes: 200, cassette: { path: join(dir, "loop.jsonl"), mode: "replay" } });
  await expect(
    new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "x".repeat(500),
    }),
  ).rejects.toMatchObject({ status: 413 });
});
