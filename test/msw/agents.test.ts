import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { agentStep, fakeAgents } from "../../fixtures/msw/index.js";
import { agentsScenarios, lookupOrder, salesReport } from "./agents.scenarios.js";
import { typesUntilIdle } from "./sessionEvents.js";
import { viaFetch } from "./transports.js";

agentsScenarios(viaFetch());

function setup(options: Parameters<typeof fakeAgents>[0] = {}) {
  const fake = fakeAgents(options);
  const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
  return { fake, client, sessions: client.beta.agents.sessions };
}

const body = (extra: Record<string, unknown> = {}) =>
  ({
    agent: { model: "gpt-6-astra", instructions: "Look up orders.", tools: [lookupOrder, salesReport] },
    environment: { type: "openai_hosted" },
    ...extra,
  }) as unknown as SessionCreateParamsNonStreaming;

describe("sessions: create, retrieve, update, list, delete, items", () => {
  test("create with input runs the first turn; the session records its items", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.message("Hello."));
    const session = await sessions.create(body({ input: "Hi" }));
    expect(session).toMatchObject({ object: "agent.session", status: "idle", required_actions: [] });
    const items = [];
    for await (const item of sessions.items.list(session.id)) items.push(item);
    expect(items.map((i) => [i.type, (i as { role?: string }).role])).toEqual([
      ["message", "user"],
      ["message", "assistant"],
    ]);
    const turns = [];
    for await (const turn of sessions.turns.list(session.id)) turns.push(turn);
    expect(turns).toMatchObject([{ status: "completed", session_id: session.id, subagent_id: null }]);
    const types = fake.events(session.id).map((e) => e.type);
    expect(types.filter((t, i) => t !== types[i - 1])).toEqual([
      "agent.session.created",
      "agent.session.in_progress",
      "agent.session.turn.created",
      "agent.session.turn.in_progress",
      "agent.session.turn.item.added",
      "agent.session.turn.content_part.added",
      "agent.session.turn.output_text.delta",
      "agent.session.turn.output_text.done",
      "agent.session.turn.content_part.done",
      "agent.session.turn.item.done",
      "agent.session.turn.completed",
      "agent.session.idle",
    ]);
  });

  test("update changes model settings for later turns; list paginates; delete keeps the environment", async () => {
    const { fake, sessions } = setup();
    const models: string[] = [];
    fake.respond(({ session }) => {
      models.push(session.agent.model);
      return agentStep.message("ok");
    });
    const a = await sessions.create(body({ input: "one" }));
    const updated = await sessions.update(a.id, { agent: { model: "gpt-6-mini" } } as never);
    expect(updated.agent.model).toBe("gpt-6-mini");
    await sessions.events.create(a.id, {
      events: [
        {
          type: "agent.session.input.message",
          input: [{ role: "user", content: [{ type: "input_text", text: "two" }] }],
        },
      ],
    });
    expect(models).toEqual(["gpt-6-astra", "gpt-6-mini"]);
    await sessions.create(body());
    await sessions.create(body());
    const ids: string[] = [];
    for await (const s of sessions.list({ limit: 1 })) ids.push(s.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    const deleted = await sessions.delete(a.id);
    expect(deleted).toEqual({ id: a.id, object: "agent.session.deleted", deleted: true });
    await expect(sessions.retrieve(a.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect(fake.environments).toEqual([expect.objectContaining({ type: "openai_hosted" })]);
    // `sessions` hands out copies: changing one changes nothing in the fake
    const [first] = [...fake.sessions.values()];
    first!.status = "failed";
    expect([...fake.sessions.values()].every((s) => s.status === "idle")).toBe(true);
  });

  test("create with stream: true delivers the events up to idle, and finalResult()", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.message("Streamed 🚀 answer, emoji and all."));
    const stream = await sessions.create({ ...body({ input: "Hi" }), stream: true });
    const result = await stream.finalResult();
    expect(result.output_text).toBe("Streamed 🚀 answer, emoji and all.");
  });

  test("creation is validated as the API documents it", async () => {
    const { sessions } = setup();
    await expect(sessions.create({ agent: { model: "m" } } as never)).rejects.toMatchObject({
      status: 400,
      param: "environment",
    });
    await expect(
      sessions.create({ agent: { model: "m" }, environment: { type: "none" } } as never),
    ).rejects.toMatchObject({ status: 400, param: "input" });
    await expect(
      sessions.create({ agent: { model: "m" }, environment: { type: "openai_hosted" }, stream: true } as never),
    ).rejects.toMatchObject({ status: 400, param: "input" });
    await expect(
      sessions.create({ agent: { model: "m" }, environment: { type: "self_hosted" } } as never),
    ).rejects.toMatchObject({ status: 400, param: "environment.workspace_directory" });
    const broken = { type: "function", name: "broken_tool", description: "x", parameters: { type: "objekt" } };
    await expect(sessions.create(body({ agent: { model: "m", tools: [broken] } }))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('tool "broken_tool"'),
    });
  });

  test("every request must carry OpenAI-Beta: agents=v1; unknown ids are 404", async () => {
    const { fake, sessions } = setup();
    const raw = await fake.fetch("https://api.openai.com/v1/agents/sessions", {
      method: "GET",
      headers: { authorization: "Bearer k" },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: { param: "OpenAI-Beta", type: "invalid_request_error" } });
    const noAuth = await fake.fetch("https://api.openai.com/v1/agents/sessions", {
      headers: { "openai-beta": "agents=v1" },
    });
    expect(noAuth.status).toBe(401);
    await expect(sessions.retrieve("sess_missing")).rejects.toMatchObject({ status: 404 });
  });
});

describe("requires_action → tool_result", () => {
  async function waiting(_fake: ReturnType<typeof fakeAgents>, sessions: ReturnType<typeof setup>["sessions"]) {
    const session = await sessions.create(body({ input: "Where is A-1042?" }));
    return session;
  }

  test("the session stops with required_actions; the matchers read them", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("Paid."));
    const session = await waiting(fake, sessions);
    expect(session.status).toBe("requires_action");
    expect(session).toRequireAction({ name: "lookup_order", arguments: { order_id: expect.stringMatching(/^A-/) } });
    expect(session).not.toHaveNoPendingActions();
    const [action] = session.required_actions as Array<{ turn_id: string; call_id: string }>;
    await sessions.events.create(session.id, {
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action!.turn_id,
          call_id: action!.call_id,
          success: true,
          output: '{"status":"paid"}',
        },
      ],
    });
    const after = await sessions.retrieve(session.id);
    expect(after).toHaveNoPendingActions();
    expect(after.status).toBe("idle");
  });

  test("arguments are generated from the session's tool schema when the script gives none", async () => {
    const { fake, sessions } = setup({ seed: 5 });
    fake.reply(agentStep.functionCall("lookup_order"));
    const session = await waiting(fake, sessions);
    expect(session).toRequireAction({
      name: "lookup_order",
      arguments: { order_id: expect.stringMatching(/^[A-Z]-\d{4}$/) },
    });
  });

  test("a mismatched pair is a 400 and the turn stays pending (the stall, made loud)", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("Paid."));
    const session = await waiting(fake, sessions);
    const [action] = session.required_actions as Array<{ turn_id: string; call_id: string }>;
    const send = (event: Record<string, unknown>, key?: string) =>
      sessions.events.create(session.id, {
        events: [
          {
            type: "agent.session.input.tool_result",
            turn_id: action!.turn_id,
            call_id: action!.call_id,
            success: true,
            output: "x",
            ...event,
          },
        ] as never,
        ...(key ? { "Idempotency-Key": key } : {}),
      });
    await expect(send({ turn_id: "turn_other" })).rejects.toMatchObject({
      status: 400,
      code: "tool_result_mismatch",
      message: expect.stringContaining("the turn stays pending"),
    });
    await expect(send({ call_id: "call_other" })).rejects.toMatchObject({ status: 400 });
    await expect(send({ output: { status: "paid" } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Serialize it"),
    });
    await expect(send({ success: false, output: undefined })).rejects.toMatchObject({
      status: 400,
      code: "missing_error",
    });
    expect((await sessions.retrieve(session.id)).status).toBe("requires_action");
    expect(fake.toolResults).toHaveLength(0);
    await send({}, "key-1");
    await send({}, "key-1");
    await send({});
    expect(fake.toolResults).toHaveLength(1);
    expect(fake.events(session.id).filter((e) => e.type === "agent.session.turn.completed")).toHaveLength(1);
  });

  test("parallel calls answered out of order: the turn continues only when both are in", async () => {
    const { fake, sessions } = setup();
    fake.reply(
      agentStep.parallelCalls([
        ["lookup_order", { order_id: "A-1042" }],
        ["lookup_order", { order_id: "B-2001" }],
      ]),
      agentStep.message("Both paid."),
    );
    const session = await waiting(fake, sessions);
    const actions = session.required_actions as Array<{ turn_id: string; call_id: string }>;
    expect(actions).toHaveLength(2);
    const answer = (a: { turn_id: string; call_id: string }) =>
      sessions.events.create(session.id, {
        events: [
          {
            type: "agent.session.input.tool_result",
            turn_id: a.turn_id,
            call_id: a.call_id,
            success: true,
            output: "paid",
          },
        ],
      });
    await answer(actions[1]!);
    const half = await sessions.retrieve(session.id);
    expect(half.status).toBe("requires_action");
    expect(half.required_actions).toEqual([expect.objectContaining({ call_id: actions[0]!.call_id })]);
    await answer(actions[0]!);
    expect((await sessions.retrieve(session.id)).status).toBe("idle");
    expect(fake.toolResults.map((r) => r.call_id)).toEqual([actions[1]!.call_id, actions[0]!.call_id]);
  });

  test("events.stream delivers live events of the next turn", async () => {
    const { fake, sessions } = setup();
    const session = await sessions.create(body());
    fake.reply(agentStep.message("Live."));
    const { seen, reading } = await typesUntilIdle(sessions, session.id);
    await sessions.events.create(session.id, {
      events: [
        {
          type: "agent.session.input.message",
          input: [{ role: "user", content: [{ type: "input_text", text: "go" }] }],
        },
      ],
    });
    await reading;
    expect(seen[0]).toBe("agent.session.in_progress");
    expect(seen).toContain("agent.session.turn.output_text.delta");
    expect(seen.at(-1)).toBe("agent.session.idle");
  });

  test("a new message on a busy session is a 409 active_turn_not_steerable when the fake says so", async () => {
    const { fake, sessions } = setup({ activeTurnInput: "reject" });
    fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }));
    const session = await waiting(fake, sessions);
    await expect(
      sessions.events.create(session.id, {
        events: [
          {
            type: "agent.session.input.message",
            input: [{ role: "user", content: [{ type: "input_text", text: "again" }] }],
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 409, code: "active_turn_not_steerable" });
  });

  test("cancel ends the turn and clears required actions", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }));
    const session = await waiting(fake, sessions);
    await sessions.events.create(session.id, { events: [{ type: "agent.session.input.cancel" }] as never });
    const after = await sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: "idle", required_actions: [] });
    expect(fake.events(session.id).map((e) => e.type)).toContain("agent.session.turn.cancelled");
  });
});

describe("scripts that cannot run fail loudly", () => {
  test("arguments that break the session's tool schema fail the turn with the reason", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.functionCall("lookup_order", { order_id: "a-1" }));
    const session = await sessions.create(body({ input: "x" }));
    expect(session.status).toBe("failed");
    expect(session.error).toMatch(
      /^invalid_scripted_call: agent-testkit: the scripted call "lookup_order" does not fit the tools in play: \/order_id must match pattern .* \[pattern\]\. Fix the script, or script a deliberately invalid call with agentStep\.invalidCall/,
    );
    expect(
      fake
        .events(session.id)
        .map((e) => e.type)
        .slice(-2),
    ).toEqual(["agent.session.turn.failed", "agent.session.failed"]);
    // The SDK's turn error codes (SessionTurnError["code"]) have no invalid_scripted_call: the
    // turn carries invalid_request, and the policy's name leads the message.
    expect(fake.events(session.id).find((e) => e.type === "agent.session.turn.failed")).toMatchObject({
      turn: { error: { code: "invalid_request", message: expect.stringMatching(/^invalid_scripted_call: /) } },
    });
  });

  test("a call to a tool the session does not have fails the turn the same way", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.functionCall("refund_order", { order_id: "A-1042" }));
    const session = await sessions.create(body({ input: "x" }));
    expect(session.error).toMatch(
      /no tool named "refund_order" is in play \(tools: "lookup_order", "get_latest_sales_report"\)/,
    );
  });

  test("agentStep.invalidCall() requires a deliberately invalid call, as scripted", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.invalidCall("lookup_order", { order_id: "a-1" }));
    const session = await sessions.create(body({ input: "x" }));
    expect(session.status).toBe("requires_action");
    expect(session).toRequireAction({ name: "lookup_order", arguments: { order_id: "a-1" } });
  });

  test("no script: the session fails with a message that says what to do", async () => {
    const { sessions } = setup();
    const session = await sessions.create(body({ input: "x" }));
    expect(session).toMatchObject({ status: "failed", error: expect.stringContaining("no agent step scripted") });
  });

  test("agentStep.fail()", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.fail("model overloaded"));
    const session = await sessions.create(body({ input: "x" }));
    expect(session).toMatchObject({ status: "failed", error: "model overloaded" });
    const turns = [];
    for await (const t of sessions.turns.list(session.id)) turns.push(t);
    expect(turns[0]).toMatchObject({ status: "failed", error: { message: "model overloaded" } });
  });
});

describe("subagents", () => {
  test("coordination items with multi_agent.enabled; listed as subagents", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.subagent({ task: "Find the order", reply: "Found: paid" }), agentStep.message("It is paid."));
    const session = await sessions.create(
      body({
        input: "x",
        agent: { model: "m", tools: [lookupOrder], multi_agent: { enabled: true, max_concurrent_subagents: 3 } },
      }),
    );
    expect(session.status).toBe("idle");
    const types = fake.items(session.id).map((i) => i.type);
    expect(types).toEqual([
      "message",
      "create_subagent_call",
      "send_subagent_input_call",
      "wait_for_subagents_call",
      "agent_message",
      "message",
    ]);
    const subagents = [];
    for await (const s of sessions.subagents.list(session.id)) subagents.push(s);
    expect(subagents).toEqual([
      expect.objectContaining({ object: "agent.session.subagent", parent_agent_id: session.agent.id }),
    ]);
    const message = fake.items(session.id).find((i) => i.type === "agent_message")!;
    expect(message).toMatchObject({ sender_agent_id: subagents[0]!.id, recipient_agent_id: session.agent.id });
  });

  test("without multi_agent the step fails and says why", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.subagent({ task: "t", reply: "r" }));
    const session = await sessions.create(body({ input: "x" }));
    expect(session).toMatchObject({ status: "failed", error: expect.stringContaining("multi_agent.enabled") });
  });
});

describe("listings by id", () => {
  test("turns.retrieve, turns.items.list, subagents.retrieve, subagents.items.list", async () => {
    const { fake, sessions } = setup();
    fake.reply(agentStep.subagent({ task: "Find it", reply: "Found" }), agentStep.message("Done."));
    const session = await sessions.create(
      body({ input: "x", agent: { model: "m", tools: [lookupOrder], multi_agent: { enabled: true } } }),
    );
    const turns = [];
    for await (const t of sessions.turns.list(session.id)) turns.push(t);
    const turn = await sessions.turns.retrieve(turns[0]!.id, { session_id: session.id });
    expect(turn).toMatchObject({ id: turns[0]!.id, status: "completed" });
    const turnItems = [];
    for await (const item of sessions.turns.items.list(turn.id, { session_id: session.id })) turnItems.push(item.type);
    expect(turnItems).toEqual([
      "message",
      "create_subagent_call",
      "send_subagent_input_call",
      "wait_for_subagents_call",
      "agent_message",
      "message",
    ]);
    const subagents = [];
    for await (const s of sessions.subagents.list(session.id)) subagents.push(s);
    const subagent = await sessions.subagents.retrieve(subagents[0]!.id, { session_id: session.id });
    expect(subagent).toMatchObject({ object: "agent.session.subagent", status: "active" });
    const subItems = [];
    for await (const item of sessions.subagents.items.list(subagent.id, { session_id: session.id }))
      subItems.push(item.type);
    expect(subItems).toEqual(["send_subagent_input_call", "wait_for_subagents_call", "agent_message"]);
    await expect(sessions.turns.retrieve("turn_missing", { session_id: session.id })).rejects.toMatchObject({
      status: 404,
    });
  });
});

test("agentTurn, the old name of agentStep, is gone before the first release", async () => {
  expect(Object.keys(await import("../../fixtures/msw/index.js"))).not.toContain("agentTurn");
});

describe("the invalid MCP approval results of the factories", () => {
  test.each(["mcpRequestIdMismatch", "mcpForeignResult", "mcpDecisionMismatch"] as const)(
    "f.invalid.%s() is refused by the fake (400), and the request still waits for its answer",
    async (name) => {
      const { fake, sessions } = setup();
      fake.reply(agentStep.mcpApproval({ server_label: "docs", name: "search" }), agentStep.message("Done."));
      const session = await sessions.create(body({ input: "Search." }));
      const [action] = session.required_actions as unknown as Array<{ request_id: string }>;
      const invalid = createFactories({ seed: 3 }).invalid[name]();
      if (invalid.check !== "pair") throw new Error("expected a pairing case");
      // the case's result, aimed at this session's request (its own request_id, or another for the mismatch)
      const result = {
        ...(invalid.item as Record<string, unknown>),
        request_id: name === "mcpRequestIdMismatch" ? `${action?.request_id}_other` : (action?.request_id ?? "missing"),
      };
      await expect(sessions.events.create(session.id, { events: [result as never] })).rejects.toMatchObject({
        status: 400,
      });
      expect((await sessions.retrieve(session.id)).required_actions).toHaveLength(1);
    },
  );
});
