// The one parse of each Agents API body: what it refuses, what later steps read, and that a
// refused body changes nothing.
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, it } from "vitest";
import { parseInputEvent, parseSessionCreate, parseSessionUpdate } from "../../fixtures/msw/agents/request.js";
import { agentStep, fakeAgents } from "../../fixtures/msw/index.js";
import { HttpError } from "../../fixtures/msw/kit/errors.js";
import { lookupOrder, salesReport } from "./agents.scenarios.js";

describe("parseInputEvent", () => {
  it("names each kind once", () => {
    expect(parseInputEvent({ type: "agent.session.input.message", input: "Hi" }, 0)).toMatchObject({
      kind: "message",
      at: "events[0]",
      input: [{ type: "message", role: "user" }],
    });
    expect(parseInputEvent({ type: "agent.session.input.cancel" }, 1)).toEqual({ kind: "cancel", at: "events[1]" });
    const result = { type: "agent.session.input.tool_result", turn_id: "t", call_id: "c", success: true, output: "ok" };
    expect(parseInputEvent(result, 2)).toEqual({ kind: "tool_result", at: "events[2]", event: result });
    expect(
      parseInputEvent({ type: "agent.session.input.mcp_approval_request_result", request_id: "r" }, 3),
    ).toMatchObject({ kind: "approval_result" });
  });

  it("refuses what is no input event, naming where", () => {
    expect(() => parseInputEvent("agent.session.input.cancel", 4)).toThrow(/Invalid 'events\[4\]\.type'/);
    expect(() => parseInputEvent({ type: "agent.session.input.message", input: [] }, 0)).toThrow(
      /'events\[0\]\.input' must not be empty/,
    );
  });
});

describe("parseSessionCreate / parseSessionUpdate", () => {
  it("a tool whose schema does not compile is a 400 naming it, refused by the parse (as the Responses fake's are)", () => {
    const tools = [
      { type: "function", name: "broken", parameters: { type: "object", properties: { a: { type: 5 } } } },
    ];
    let refused: unknown;
    try {
      parseSessionCreate(
        { agent: { model: "m", tools }, environment: { type: "none" }, input: "Hi" },
        { strict: true },
      );
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 400, options: { param: "agent.tools", code: "invalid_tool_schema" } });
    expect((refused as Error).message).toContain("broken");
  });

  it("a strict fake refuses what a lax one defaults", () => {
    expect(() => parseSessionCreate({ agent: {} }, { strict: true })).toThrow(HttpError);
    expect(parseSessionCreate({ agent: { model: 5 } }, { strict: false })).toMatchObject({
      model: undefined,
      environment: { type: "none" },
      tools: [],
      input: [],
      promptCache: undefined,
    });
  });

  it("reads the tools once, each schema compiled", () => {
    const parsed = parseSessionCreate(
      {
        agent: { tools: [lookupOrder, { type: "web_search" }] },
        environment: { type: "self_hosted", workspace_directory: "/w" },
        input: "Hi",
      },
      { strict: true },
    );
    expect(parsed.tools.map((t) => t.name)).toEqual([lookupOrder.name]);
    expect(parsed.environment).toEqual({
      type: "self_hosted",
      remoteUrl: "http://127.0.0.1:7000",
      workspaceDirectory: "/w",
    });
    expect(() =>
      parseSessionUpdate({ agent: { tools: [{ type: "function", name: "bad", parameters: { type: "nope" } }] } }),
    ).toThrow(/bad/);
    expect(parseSessionUpdate({})).toMatchObject({ tools: undefined });
  });
});

describe("a refused update changes nothing", () => {
  it("keeps the tools when a later field is refused", async () => {
    const fake = fakeAgents();
    const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch, maxRetries: 0 });
    const session = await client.beta.agents.sessions.create({
      agent: { model: "gpt-6-astra", tools: [lookupOrder] },
      environment: { type: "openai_hosted" },
    } as unknown as SessionCreateParamsNonStreaming);
    const update = { agent: { tools: [salesReport] }, prompt_cache_options: { ttl: "forever" } };
    await expect(client.beta.agents.sessions.update(session.id, update as never)).rejects.toMatchObject({
      status: 400,
    });
    expect(
      (await client.beta.agents.sessions.retrieve(session.id)).agent.tools.map((t) => ("name" in t ? t.name : t.type)),
    ).toEqual([lookupOrder.name]);
    // the refused tool is not in play: a scripted call to it fails the turn instead of asking for it
    fake.reply(agentStep.functionCall(salesReport.name));
    await client.beta.agents.sessions.events.create(session.id, {
      events: [{ type: "agent.session.input.message", input: "Sales?" }],
    } as never);
    expect((await client.beta.agents.sessions.retrieve(session.id)).required_actions).toEqual([]);
  });
});
