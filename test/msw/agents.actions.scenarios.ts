// Every kind of required action, budgets, artifacts, traces, input during a turn and late
// subscribers, with the official SDK (`client.beta.agents.sessions`) through one transport.
import type OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { type AgentsFakeOptions, agentStep, fakeAgents } from "../../fixtures/msw/index.js";
import type { RequiredComputerUseApproval, RequiredMcpApproval } from "../../src/types.js";
import { lookupOrder } from "./agents.scenarios.js";
import { typesUntilIdle } from "./sessionEvents.js";
import type { Transport } from "./transports.js";

const f = createFactories({ seed: 3 });
const body = (extra: Record<string, unknown> = {}) =>
  ({
    agent: { model: "gpt-6-astra", instructions: "Help.", tools: [lookupOrder] },
    environment: { type: "openai_hosted" },
    ...extra,
  }) as unknown as SessionCreateParamsNonStreaming;
const say = (text: string) => ({
  type: "agent.session.input.message" as const,
  input: [{ role: "user" as const, content: [{ type: "input_text" as const, text }] }],
});

export function agentsActionScenarios(transport: Transport): void {
  async function setup(options: AgentsFakeOptions = {}) {
    const fake = fakeAgents(options);
    const client: OpenAI = await transport.connect(fake);
    return { fake, sessions: client.beta.agents.sessions };
  }

  describe(`computer-use approvals through ${transport.name}`, () => {
    test("a sign-in request, answered with the values: the turn goes on; the history never holds them", async () => {
      const { fake, sessions } = await setup();
      fake.reply(
        agentStep.signIn({ reason: "The store asks for an account." }),
        agentStep.afterApproval({
          approved: agentStep.message("Signed in."),
          declined: agentStep.message("Sign-in cancelled."),
        }),
      );
      const session = await sessions.create(body({ input: "Buy it" }));
      expect(session.status).toBe("requires_action");
      expect(session).toRequireAction({
        type: "computer_use_approval_request",
        request: expect.objectContaining({ type: "browser_authentication", reason: "The store asks for an account." }),
      });
      const action = session.required_actions[0] as unknown as RequiredComputerUseApproval;
      const result = f.agents.approvalResult(action);
      expect(result).toPairWithCall(action);
      await sessions.events.create(session.id, { events: [result] });
      const after = await sessions.retrieve(session.id);
      expect(after).toMatchObject({ status: "idle", required_actions: [] });
      const items = fake.items(session.id);
      expect(items.at(-1)).toMatchObject({ type: "message", content: [{ text: "Signed in." }] });
      expect(items.filter((i) => i.type.startsWith("computer_use_approval_request"))).toEqual([
        expect.objectContaining({ type: "computer_use_approval_request", request_id: action.request_id }),
        {
          id: expect.any(String),
          type: "computer_use_approval_request_result",
          request_id: action.request_id,
          turn_id: action.turn_id,
          response: { type: "browser_authentication", action: "submit", selected_option: null },
        },
      ]);
      const secret = (result.response as { fields: Array<{ value: string }> }).fields[1]!.value;
      expect(JSON.stringify([items, fake.events(session.id)])).not.toContain(secret);
      expect(fake.approvals).toEqual([result]);
    });

    test("a cancelled sign-in continues the turn, and the next step sees the decision", async () => {
      const { fake, sessions } = await setup();
      fake.reply(
        agentStep.signIn(),
        agentStep.afterApproval({
          approved: agentStep.message("Signed in."),
          declined: agentStep.message("Sign-in cancelled."),
        }),
      );
      const session = await sessions.create(body({ input: "Buy it" }));
      const action = session.required_actions[0] as unknown as RequiredComputerUseApproval;
      await sessions.events.create(session.id, { events: [f.agents.approvalResult(action, "cancel")] });
      expect(fake.items(session.id).at(-1)).toMatchObject({ content: [{ text: "Sign-in cancelled." }] });
    });

    test("MCP approvals (openai 7.59): approved, the turn goes on; denied, the next step sees it; a foreign or unknown request_id is refused", async () => {
      const { fake, sessions } = await setup();
      const request = {
        server_label: "crm",
        name: "delete_contact",
        arguments: { id: 7 },
        message: "Delete contact 7?",
      };
      const branches = { approved: agentStep.message("Deleted."), declined: agentStep.message("Kept it.") };
      fake.reply(
        agentStep.mcpApproval(request),
        agentStep.afterApproval(branches),
        agentStep.mcpApproval(request),
        agentStep.afterApproval(branches),
      );
      const session = await sessions.create(body({ input: "Delete contact 7" }));
      expect(session).toRequireAction({ type: "mcp_approval_request", request: { type: "mcp_tool_call", ...request } });
      const action = session.required_actions[0] as unknown as RequiredMcpApproval;
      await expect(
        sessions.events.create(session.id, { events: [f.agents.mcpApprovalResult({ request_id: "mcpr_unknown" })] }),
      ).rejects.toMatchObject({ status: 400, code: "approval_result_mismatch" });
      // a computer-use result cannot answer an MCP request, even with its request_id
      await expect(
        sessions.events.create(session.id, {
          events: [
            {
              type: "agent.session.input.computer_use_approval_request_result",
              request_id: action.request_id,
              response: { type: "browser_origin_access", decision: "approve" },
            },
          ],
        }),
      ).rejects.toMatchObject({ status: 400, code: "call_not_pairable" });
      await expect(
        sessions.events.create(session.id, {
          events: [
            { ...f.agents.mcpApprovalResult(action), response: { type: "mcp_tool_call", decision: "maybe" } } as never,
          ],
        }),
      ).rejects.toMatchObject({ status: 400, code: "response_mismatch" });
      await sessions.events.create(session.id, { events: [f.agents.mcpApprovalResult(action)] });
      expect(fake.items(session.id).at(-1)).toMatchObject({ content: [{ text: "Deleted." }] });
      expect(fake.approvals).toEqual([
        {
          type: "agent.session.input.mcp_approval_request_result",
          request_id: action.request_id,
          response: { type: "mcp_tool_call", decision: "approve" },
        },
      ]);
      await sessions.events.create(session.id, { events: [say("And contact 8?")] });
      const second = (await sessions.retrieve(session.id)).required_actions[0] as unknown as RequiredMcpApproval;
      await sessions.events.create(session.id, { events: [f.agents.mcpApprovalResult(second, "deny")] });
      expect(fake.items(session.id).at(-1)).toMatchObject({ content: [{ text: "Kept it." }] });
    });

    test("prompt_cache_options (openai 7.59) is validated and echoed on create and update", async () => {
      const { sessions } = await setup();
      const session = await sessions.create(
        body({ prompt_cache_options: { ttl: "12h" }, stream_options: { include_obfuscation: false } }),
      );
      expect(session.prompt_cache_options).toEqual({ ttl: "12h" });
      expect((await sessions.update(session.id, { prompt_cache_options: null })).prompt_cache_options).toBeNull();
      await expect(sessions.create(body({ prompt_cache_options: { ttl: "1w" } }))).rejects.toMatchObject({
        status: 400,
        code: "invalid_value",
      });
    });

    test("origin access: a denial reaches a responder as its decision", async () => {
      const { fake, sessions } = await setup();
      const seen: unknown[] = [];
      fake.reply(agentStep.originAccess("https://shop.example.com", "To compare prices."));
      fake.respond(({ decision }) => {
        seen.push(decision);
        return agentStep.message(decision?.approved ? "Opened." : "I will not open it.");
      });
      const session = await sessions.create(body({ input: "Compare" }));
      expect(session).toRequireAction({
        type: "computer_use_approval_request",
        request: { type: "browser_origin_access", origin: "https://shop.example.com", reason: "To compare prices." },
      });
      const action = session.required_actions[0] as unknown as RequiredComputerUseApproval;
      await sessions.events.create(session.id, { events: [f.agents.approvalResult(action, "deny")] });
      expect(seen).toEqual([
        { request: action.request, response: { type: "browser_origin_access", decision: "deny" }, approved: false },
      ]);
      expect(fake.items(session.id).at(-1)).toMatchObject({ content: [{ text: "I will not open it." }] });
      // Origin access has no history item in the SDK's types: only the final message is there.
      expect(fake.items(session.id).map((i) => i.type)).toEqual(["message", "message"]);
    });

    test("a result for another request, or of the wrong kind, is a 400 and the turn stays pending", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.signIn(), agentStep.message("Done."));
      const session = await sessions.create(body({ input: "Buy it" }));
      const action = session.required_actions[0] as unknown as RequiredComputerUseApproval;
      const other = f.agents.approvalResult({ ...action, request_id: "cuareq_other" });
      await expect(sessions.events.create(session.id, { events: [other] })).rejects.toMatchObject({
        status: 400,
        code: "approval_result_mismatch",
        message: expect.stringContaining(`Pending: computer_use_approval_request (request_id ${action.request_id})`),
      });
      const wrongKind = {
        type: "agent.session.input.computer_use_approval_request_result" as const,
        request_id: action.request_id,
        response: { type: "browser_origin_access" as const, decision: "approve" as const },
      };
      await expect(sessions.events.create(session.id, { events: [wrongKind] })).rejects.toMatchObject({
        status: 400,
        code: "response_mismatch",
      });
      const missing = {
        type: "agent.session.input.computer_use_approval_request_result" as const,
        request_id: action.request_id,
        response: {
          type: "browser_authentication" as const,
          action: "submit" as const,
          fields: [{ field_id: "email", value: "a@example.com" }],
        },
      };
      await expect(sessions.events.create(session.id, { events: [missing] })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('the required field "password" ("Password") has no value'),
      });
      expect(await sessions.retrieve(session.id)).toMatchObject({
        status: "requires_action",
        required_actions: [action],
      });
      await sessions.events.create(session.id, { events: [f.agents.approvalResult(action)] });
      expect((await sessions.retrieve(session.id)).status).toBe("idle");
    });
  });

  describe(`a self-hosted environment that must reconnect, through ${transport.name}`, () => {
    test("environment_connection until the environment is back; then the turn goes on", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.environmentDisconnect(), agentStep.message("Back online."));
      const session = await sessions.create(
        body({ environment: { type: "self_hosted", workspace_directory: "/workspace" }, input: "Run it" }),
      );
      const environmentId = (session.environment as { id: string }).id;
      expect(session.environment).toMatchObject({ type: "self_hosted", id: expect.stringMatching(/^env_/) });
      expect(session).toRequireAction({ type: "environment_connection", environment_id: environmentId });
      expect(fake.events(session.id).map((e) => e.type)).toContain("agent.session.environment.disconnected");
      await fake.reconnectEnvironment(session.id);
      expect(await sessions.retrieve(session.id)).toMatchObject({ status: "idle", required_actions: [] });
      const types = fake.events(session.id).map((e) => e.type);
      const connected = types.indexOf("agent.session.environment.connected");
      expect(types.slice(connected, connected + 3)).toEqual([
        "agent.session.environment.connected",
        "agent.session.in_progress",
        "agent.session.turn.item.added",
      ]);
      expect(types.slice(-2)).toEqual(["agent.session.turn.completed", "agent.session.idle"]);
      await expect(fake.reconnectEnvironment(session.id)).rejects.toThrow(/is not waiting for its environment/);
    });

    test("on a session without a self-hosted environment the step fails and says why", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.environmentDisconnect());
      const session = await sessions.create(body({ input: "Run it" }));
      expect(session).toMatchObject({
        status: "failed",
        error: expect.stringContaining("needs a session whose environment is self_hosted (this one is openai_hosted)"),
      });
    });
  });

  describe(`usage and failure codes, through ${transport.name}`, () => {
    test("spend_control, which openai 7.60 dropped, is no field of a session: sent by an older client, it changes nothing", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.message("x".repeat(4000)));
      const older = { input: "Write", spend_control: { limit: 1 } } as Record<string, unknown>;
      const session = await sessions.create(body(older));
      expect(session.status).toBe("idle");
      expect(session).not.toHaveProperty("spend_control");
      expect(fake.events(session.id).map((e) => e.type)).not.toContain("agent.session.budget_reached");
    });

    test("usage follows the content, on turns and on the session", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.message("x".repeat(400)));
      const session = await sessions.create(body({ input: "Write" }));
      expect(session.usage).toMatchObject({ output_tokens: 100 });
      const [turn] = (await sessions.turns.list(session.id)).data;
      expect(turn!.usage).toMatchObject({ output_tokens: 100, total_tokens: session.usage!.total_tokens });
    });

    test.each(["rate_limit_exceeded", "context_length_exceeded", "usage_limit_exceeded"] as const)(
      "a scripted failure carries the SDK's code %s",
      async (code) => {
        const { fake, sessions } = await setup();
        fake.reply(agentStep.fail({ code, message: `scripted ${code}` }));
        const session = await sessions.create(body({ input: "x" }));
        const [turn] = (await sessions.turns.list(session.id)).data;
        expect(turn!.error).toEqual({ code, message: `scripted ${code}` });
      },
    );
  });

  describe(`artifacts and traces, through ${transport.name}`, () => {
    test("an artifact is listed, retrieved, downloaded and deleted; each ended turn leaves a trace", async () => {
      const { fake, sessions } = await setup();
      fake.reply(
        agentStep.artifact("reports/q3.csv", "region,total\napac,12\n"),
        agentStep.message("The report is ready."),
      );
      const session = await sessions.create(body({ input: "Report" }));
      const listed = (await sessions.artifacts.list(session.id)).data;
      expect(listed).toEqual([
        {
          id: expect.stringMatching(/^art_/),
          object: "agent.session.artifact",
          path: "reports/q3.csv",
          size_bytes: 21,
          session_id: session.id,
          environment_id: (session.environment as { id: string }).id,
          turn_id: fake.items(session.id).at(-1)!.turn_id,
          created_at: expect.any(Number),
        },
      ]);
      const artifact = await sessions.artifacts.retrieve(listed[0]!.id, { session_id: session.id });
      expect(artifact).toEqual(listed[0]);
      const content = await sessions.artifacts.content(artifact.id, { session_id: session.id });
      expect(await content.text()).toBe("region,total\napac,12\n");
      expect(await sessions.artifacts.delete(artifact.id, { session_id: session.id })).toEqual({
        id: artifact.id,
        deleted: true,
        object: "agent.session.artifact.deleted",
      });
      await expect(sessions.artifacts.retrieve(artifact.id, { session_id: session.id })).rejects.toMatchObject({
        status: 404,
      });
      const traces = (await sessions.traces.list(session.id)).data;
      expect(traces).toHaveLength(1);
      expect(traces[0]).toMatchObject({
        object: "agent.session.trace",
        session_id: session.id,
        otlp: { resourceSpans: [{ scopeSpans: [{ spans: [{ name: "agent.session.turn", status: { code: 1 } }] }] }] },
      });
    });

    test("bytes come back as written", async () => {
      const { fake, sessions } = await setup();
      const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
      fake.reply(agentStep.artifact("out/blob.bin", bytes), agentStep.message("Done."));
      const session = await sessions.create(body({ input: "x" }));
      const [artifact] = (await sessions.artifacts.list(session.id)).data;
      const content = await sessions.artifacts.content(artifact!.id, { session_id: session.id });
      expect(new Uint8Array(await content.arrayBuffer())).toEqual(bytes);
    });
  });

  describe(`input while a turn runs, and late subscribers, through ${transport.name}`, () => {
    test("steered (the default): the running turn's next step sees the message", async () => {
      const { fake, sessions } = await setup();
      const inputs: unknown[][] = [];
      fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }));
      fake.respond(({ input }) => {
        inputs.push(input);
        return agentStep.message("Noted.");
      });
      const session = await sessions.create(body({ input: "Where is A-1042?" }));
      await sessions.events.create(session.id, { events: [say("Also check B-0001")] });
      await sessions.events.create(session.id, { events: [f.agents.toolResult(session.required_actions[0] as never)] });
      expect(inputs[0]).toHaveLength(2);
      expect(JSON.stringify(inputs[0])).toContain("Also check B-0001");
      const users = fake.items(session.id).filter((i) => i.role === "user");
      const turnId = (session.required_actions[0] as { turn_id: string }).turn_id;
      expect(users.map((u) => u.turn_id)).toEqual([turnId, turnId]);
    });

    test("queued: a new turn starts with the message once this one ends", async () => {
      const { fake, sessions } = await setup({ activeTurnInput: "queue" });
      fake.reply(
        agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
        agentStep.message("A-1042 is paid."),
        agentStep.message("B-0001 is shipped."),
      );
      const session = await sessions.create(body({ input: "Where is A-1042?" }));
      await sessions.events.create(session.id, { events: [say("And B-0001?")] });
      await sessions.events.create(session.id, { events: [f.agents.toolResult(session.required_actions[0] as never)] });
      await expect.poll(async () => (await sessions.turns.list(session.id)).data.length).toBe(2);
      await expect.poll(async () => (await sessions.retrieve(session.id)).status).toBe("idle");
      expect(
        fake
          .items(session.id)
          .filter((i) => i.type === "message")
          .map((i) => (i.content as Array<{ text: string }>)[0]!.text),
      ).toEqual(["Where is A-1042?", "A-1042 is paid.", "And B-0001?", "B-0001 is shipped."]);
    });

    test("a late subscriber gets live events only; a runner that drops loses no required action", async () => {
      const { fake, sessions } = await setup();
      fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("Paid."));
      const session = await sessions.create(body());
      // The SDK's runner starts the turn, and the client drops as the call arrives, before its handler runs.
      let handled = 0;
      const runner = sessions.stream(session.id, {
        input: "Where is A-1042?",
        toolHandlers: { lookup_order: async () => (handled++, "paid") },
      } as never);
      for await (const event of runner)
        if (event.type === "agent.session.turn.item.added" && event.item.type === "function_call") break;
      expect(handled).toBe(0);
      // Later, a new subscriber: nothing already sent comes again…
      const { seen, reading } = await typesUntilIdle(sessions, session.id);
      // …and what is due is read from required_actions, never from the history.
      const pending = (await sessions.retrieve(session.id)).required_actions;
      expect(pending).toEqual([
        expect.objectContaining({ type: "function_call", name: "lookup_order", arguments: { order_id: "A-1042" } }),
      ]);
      await sessions.events.create(session.id, { events: [f.agents.toolResult(pending[0] as never)] });
      await reading;
      expect(seen[0]).toBe("agent.session.turn.item.added");
      expect(seen).not.toContain("agent.session.turn.created");
      expect(seen).not.toContain("agent.session.requires_action");
      expect(seen.at(-1)).toBe("agent.session.idle");
      expect(fake.items(session.id).at(-1)).toMatchObject({ content: [{ text: "Paid." }] });
    });
  });
}
