// The tools an agent of the Agents API runs itself — a web search, an MCP server's tool, a command
// in its environment — scripted with agentStep, as the SDK types their items and events (the SDK
// coverage test checks every field), through the official client.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { agentStep, fakeAgents } from "../../fixtures/msw/index.js";

const TOOLS = [
  { type: "web_search" },
  { type: "mcp", server_label: "docs", transport: { type: "http", server_url: "https://mcp.example.com" } },
];
function setup(options: Parameters<typeof fakeAgents>[0] = {}) {
  const fake = fakeAgents({ deltas: 2, ...options });
  const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
  return { fake, sessions: client.beta.agents.sessions };
}
const body = (extra: Record<string, unknown> = {}) =>
  ({
    agent: { model: "gpt-6-astra", tools: TOOLS },
    environment: { type: "openai_hosted" },
    input: "Go.",
    ...extra,
  }) as unknown as SessionCreateParamsNonStreaming;

describe("the tools an agent runs itself", () => {
  test("a web search, an MCP call and a command: items in the history, the turn goes on to its message", async () => {
    const { fake, sessions } = setup();
    fake.reply(
      agentStep.webSearch("refund policy", { sources: ["https://shop.example/refunds"] }),
      agentStep.mcpCall("docs", "search_docs", { q: "refunds" }, { output: "30 days" }),
      agentStep.command("cat policy.txt", { output: "Refunds: 30 days.\n" }),
      agentStep.message("Refunds take 30 days."),
    );
    const session = await sessions.create(body());
    expect(session.status).toBe("idle");
    const items = [];
    for await (const item of sessions.items.list(session.id)) items.push(item);
    expect(items.map((item) => item.type)).toEqual([
      "message",
      "web_search_call",
      "mcp_call",
      "command_execution",
      "message",
    ]);
    expect(items[1]).toMatchObject({
      status: "completed",
      action: {
        type: "search",
        query: "refund policy",
        sources: [{ type: "url", url: "https://shop.example/refunds" }],
      },
    });
    expect(items[2]).toMatchObject({
      server_label: "docs",
      name: "search_docs",
      arguments: { q: "refunds" },
      output: "30 days",
    });
    expect(items[3]).toMatchObject({
      command: "cat policy.txt",
      exit_code: 0,
      output: "Refunds: 30 days.\n",
      cwd: "/workspace",
    });
    // the command's output streams in pieces between its item's added and done
    const events = fake.events(session.id);
    const command = events.filter(
      (e) => JSON.stringify(e).includes("cat policy.txt") || e.type.startsWith("agent.output"),
    );
    expect(command.map((e) => e.type)).toEqual([
      "agent.session.turn.item.added",
      "agent.output.command_execution_output.delta",
      "agent.output.command_execution_output.delta",
      "agent.session.turn.item.done",
    ]);
    const deltas = command.filter((e) => e.type === "agent.output.command_execution_output.delta");
    expect(deltas.map((e) => (e as unknown as { delta: string }).delta).join("")).toBe("Refunds: 30 days.\n");
    expect(command[0]).toMatchObject({ item: { status: "in_progress", output: null, exit_code: null } });
  });

  test("a failed MCP call is a failed item; the turn still goes on", async () => {
    const { fake, sessions } = setup();
    fake.reply(
      agentStep.mcpCall("docs", "search_docs", {}, { error: "unreachable" }),
      agentStep.message("It is down."),
    );
    const session = await sessions.create(body());
    expect(fake.items(session.id)[1]).toMatchObject({
      type: "mcp_call",
      status: "failed",
      output: null,
      error: "unreachable",
    });
    expect(session.status).toBe("idle");
  });

  test("a strict fake fails the turn when the session lacks the tool or the environment (invalid_request)", async () => {
    const failure = async (step: ReturnType<typeof agentStep.message>, extra: Record<string, unknown> = {}) => {
      const { fake, sessions } = setup();
      fake.reply(step, agentStep.message("x"));
      const session = await sessions.create(body(extra));
      const failed = fake.events(session.id).find((e) => e.type === "agent.session.turn.failed") as
        | { turn: { error: { code: string; message: string } } }
        | undefined;
      return failed?.turn.error;
    };
    expect(await failure(agentStep.webSearch("x"), { agent: { model: "gpt-6-astra", tools: [] } })).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("needs a web_search tool"),
    });
    expect((await failure(agentStep.mcpCall("wiki", "search")))?.message).toContain('server_label "wiki"');
    expect((await failure(agentStep.command("ls"), { environment: { type: "none" } }))?.message).toContain(
      "needs a session with an environment",
    );
    const lax = setup({ strict: false });
    lax.fake.reply(agentStep.webSearch("x"), agentStep.message("ok"));
    const session = await lax.sessions.create(body({ agent: { model: "gpt-6-astra", tools: [] } }));
    expect(session.status).toBe("idle");
  });
});
