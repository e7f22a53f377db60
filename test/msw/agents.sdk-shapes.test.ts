// Every object and event the Agents fake sends, checked at run time against the `openai` SDK's
// own types (derived as JSON Schemas from its declarations; extra properties are refused too),
// over flows that cover every kind of required action, budgets, artifacts, traces and subagents.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { beforeAll, expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { agentStep, fakeAgents } from "../../fixtures/msw/index.js";
import type { RequiredComputerUseApproval, RequiredMcpApproval } from "../../src/types.js";
import { lookupOrder } from "./agents.scenarios.js";
import { type Check, sdkChecker } from "./sdkCheck.js";

let check: Check;

beforeAll(() => {
  check = sdkChecker("AgentsWire");
}, 60_000);

const f = createFactories({ seed: 9 });
const body = (extra: Record<string, unknown>) =>
  ({
    agent: { model: "gpt-6-astra", instructions: "Help.", tools: [lookupOrder], multi_agent: { enabled: true } },
    environment: { type: "openai_hosted" },
    ...extra,
  }) as unknown as SessionCreateParamsNonStreaming;

test("sessions, events, items, turns, artifacts and traces are what the SDK's types say", async () => {
  const fake = fakeAgents();
  const sessions = new OpenAI({ apiKey: "test-key", fetch: fake.fetch }).beta.agents.sessions;
  fake.reply(
    agentStep.subagent({ task: "Find the order", reply: "Found it." }),
    agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
    agentStep.signIn({ options: [{ id: "password", field_ids: ["email", "password"], label: "Password" }] }),
    agentStep.originAccess("https://shop.example.com"),
    agentStep.mcpApproval({ server_label: "crm", name: "update_contact", arguments: { id: 7 } }),
    agentStep.artifact("out/report.txt", "done"),
    agentStep.message("All done."),
  );
  const hosted = await sessions.create(
    body({ input: "Go", spend_control: { limit: 100_000 }, prompt_cache_options: { ttl: "30m" } }),
  );
  let current = hosted;
  while (current.status === "requires_action") {
    const action = current.required_actions[0]!;
    const event =
      action.type === "function_call"
        ? f.agents.toolResult(action as never)
        : action.type === "mcp_approval_request"
          ? f.agents.mcpApprovalResult(action as RequiredMcpApproval)
          : f.agents.approvalResult(action as unknown as RequiredComputerUseApproval);
    await sessions.events.create(current.id, { events: [event] });
    current = await sessions.retrieve(current.id);
  }
  expect(current.status).toBe("idle");
  fake.reply(agentStep.environmentDisconnect(), agentStep.fail({ code: "rate_limit_exceeded", message: "slow down" }));
  const selfHosted = await sessions.create(
    body({ environment: { type: "self_hosted", workspace_directory: "/workspace" }, input: "Run" }),
  );
  await fake.reconnectEnvironment(selfHosted.id);
  fake.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }));
  const cancelled = await sessions.create(body({ input: "Stop" }));
  await sessions.events.create(cancelled.id, { events: [{ type: "agent.session.input.cancel" }] });
  const [artifact] = (await sessions.artifacts.list(hosted.id)).data;
  await sessions.artifacts.retrieve(artifact!.id, { session_id: hosted.id });
  await sessions.artifacts.delete(artifact!.id, { session_id: hosted.id });
  for (const id of [hosted.id, selfHosted.id, cancelled.id]) {
    await sessions.retrieve(id);
    await sessions.items.list(id);
    await sessions.turns.list(id);
    await sessions.traces.list(id);
  }
  await sessions.update(hosted.id, { metadata: { checked: "yes" } });

  const problems: string[] = [];
  const kinds = new Set<string>();
  const see = (kind: string, value: unknown) => {
    kinds.add(kind);
    problems.push(...check(kind, value));
  };
  for (const id of [hosted.id, selfHosted.id, cancelled.id]) for (const event of fake.events(id)) see("event", event);
  // what openai 7.59 added (and 7.60 kept) is among what was checked
  const events = fake.events(hosted.id);
  expect(
    events.flatMap((e) =>
      ((e as { session?: { required_actions?: Array<{ type: string }> } }).session?.required_actions ?? []).map(
        (a) => a.type,
      ),
    ),
  ).toContain("mcp_approval_request");
  for (const request of fake.requests) {
    const sent = request.response.body as { data?: unknown[]; object?: string } | undefined;
    if (request.response.status >= 300 || !sent || (request.method === "POST" && request.path.endsWith("/events")))
      continue;
    const route = request.path.replace(/^\/v1\/agents\/sessions\/?/, "").split("/");
    const kind =
      route.length === 1
        ? "session"
        : (
            {
              items: "item",
              turns: "turn",
              artifacts: request.method === "DELETE" ? "artifactDeleted" : "artifact",
              traces: "trace",
            } as Record<string, string>
          )[route[1]!];
    if (!kind) continue;
    for (const value of Array.isArray(sent.data) ? sent.data : [sent]) see(kind, value);
  }
  expect(problems).toEqual([]);
  expect([...kinds].sort()).toEqual(["artifact", "artifactDeleted", "event", "item", "session", "trace", "turn"]);
}, 60_000);

test("the check itself refuses what the SDK would not parse", () => {
  expect(check("session", { id: "sess_1" })).not.toEqual([]);
  expect(check("event", { type: "agent.session.budget_reached", event_id: "evt_1" })).not.toEqual([]);
});
