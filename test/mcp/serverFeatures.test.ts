// What a tool asks of the client while it runs, and the server utilities beyond tools (issue 52,
// item 8): logging, progress, sampling, elicitation, resource templates, completion, resource
// subscriptions and resumable streams, driven by @modelcontextprotocol/sdk 1.x's Client and the
// 2.x client @openai/agents speaks through. The suite's own scenarios: conformance.test.ts.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { SessionEventStore } from "../../fixtures/mcp/eventStore.js";
import { fakeMcp, type McpFake, mcpAsk, mcpFault } from "../../fixtures/mcp/index.js";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

const none = { type: "object", properties: {} };
const tools = ["work", "ask"].map((name) => ({ name, inputSchema: none }));
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

async function connect(
  fake: McpFake,
  capabilities: Record<string, object> = {},
  fetch: typeof globalThis.fetch = fake.fetch,
): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(fake.url), { fetch }));
  open.push(client);
  return client;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("logging and progress from a running tool", () => {
  it("sends a call's log messages on its stream, at or above the level the client set", async () => {
    const mcp = fakeMcp({ tools }).reply("work", async (call) => {
      await call.log("debug", "noise");
      await call.log("warning", { disk: "92%" }, "monitor");
      return "done";
    });
    const client = await connect(mcp);
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    await client.callTool({ name: "work", arguments: {} });
    expect(logs).toEqual([
      { level: "debug", data: "noise" },
      { level: "warning", data: { disk: "92%" }, logger: "monitor" },
    ]);
    logs.length = 0;
    await client.setLoggingLevel("info");
    await client.callTool({ name: "work", arguments: {} });
    expect(logs).toEqual([{ level: "warning", data: { disk: "92%" }, logger: "monitor" }]);
  });

  it("reports progress only to a client that asked for it (its progressToken)", async () => {
    const mcp = fakeMcp({ tools }).reply("work", async (call) => {
      await call.progress(1, 2, "half");
      await call.progress(2, 2);
      return "done";
    });
    const client = await connect(mcp);
    const seen: unknown[] = [];
    await client.callTool({ name: "work", arguments: {} }, undefined, { onprogress: (p) => void seen.push(p) });
    expect(seen).toEqual([
      { progress: 1, total: 2, message: "half" },
      { progress: 2, total: 2 },
    ]);
    seen.length = 0;
    await expect(client.callTool({ name: "work", arguments: {} })).resolves.toMatchObject({
      content: [{ text: "done" }],
    });
  });

  it("refuses a level the spec does not have, naming the levels", async () => {
    const mcp = fakeMcp({ tools }).reply("work", async (call) => {
      await call.log("loud" as never, "x");
      return "never";
    });
    const client = await connect(mcp);
    await expect(client.callTool({ name: "work", arguments: {} })).rejects.toThrow(/debug, info, notice/);
    expect(mcp.calls[0]?.error?.message).toMatch(/call\.log takes a level/);
  });
});

describe("sampling and elicitation: the server asks the client", () => {
  it("mcpAsk.sampling: the client's model answers, the tool answers with it, the call records both", async () => {
    const mcp = fakeMcp({ tools }).reply(
      "ask",
      mcpAsk.sampling({ messages: [{ role: "user", content: { type: "text", text: "Name a colour" } }], maxTokens: 5 }),
    );
    const client = await connect(mcp, { sampling: {} });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: "assistant",
      model: "test-model",
      content: { type: "text", text: `teal (asked: ${JSON.stringify(request.params.messages[0]?.content)})` },
    }));
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: 'teal (asked: {"type":"text","text":"Name a colour"})' }]);
    expect(mcp.calls[0]?.asked).toEqual([
      {
        method: "sampling/createMessage",
        params: { messages: [{ role: "user", content: { type: "text", text: "Name a colour" } }], maxTokens: 5 },
        result: expect.objectContaining({ model: "test-model" }),
        error: undefined,
      },
    ]);
  });

  it("a client that cannot sample gets a protocol error, recorded with the ask", async () => {
    const mcp = fakeMcp({ tools }).reply("ask", mcpAsk.sampling({ messages: [], maxTokens: 5 }));
    const client = await connect(mcp);
    await expect(client.callTool({ name: "ask", arguments: {} })).rejects.toThrow(/does not support sampling/);
    expect(mcp.calls[0]).toMatchObject({
      error: { code: -32601, message: expect.stringMatching(/does not support sampling/) },
      asked: [{ method: "sampling/createMessage", error: { code: -32601 } }],
    });
  });

  it("mcpAsk.elicitation from an async reply (an ask is no thenable), each action answered", async () => {
    const form = {
      message: "Which account?",
      requestedSchema: { type: "object" as const, properties: { account: { type: "string" } }, required: ["account"] },
    };
    const mcp = fakeMcp({ tools }).reply("ask", async () =>
      mcpAsk.elicitation(form, (answer) =>
        answer.action === "accept" ? `account ${String(answer.content?.account)}` : `user chose ${answer.action}`,
      ),
    );
    const client = await connect(mcp, { elicitation: {} });
    const answers = [{ action: "accept", content: { account: "acme" } }, { action: "decline" }] as const;
    let next = 0;
    client.setRequestHandler(ElicitRequestSchema, async () => answers[next++] ?? { action: "cancel" });
    expect((await client.callTool({ name: "ask", arguments: {} })).content).toEqual([
      { type: "text", text: "account acme" },
    ]);
    expect((await client.callTool({ name: "ask", arguments: {} })).content).toEqual([
      { type: "text", text: "user chose decline" },
    ]);
    expect(mcp.calls.map((c) => c.asked?.[0]?.result)).toEqual([answers[0], answers[1]]);
  });

  it("a reply function asks through its call (call.sample), and so does the 2.x client's side", async () => {
    const mcp = fakeMcp({ tools }).reply("ask", async (call) => {
      const first = await call.sample({ messages: [], maxTokens: 1 });
      await call.log("info", "sampled once");
      const second = await call.sample({ messages: [], maxTokens: 1 });
      return `${JSON.stringify(first.content)} then ${JSON.stringify(second.content)}`;
    });
    const client = new ClientV2({ name: "v2", version: "1.0.0" }, { capabilities: { sampling: {} } });
    let n = 0;
    client.setRequestHandler("sampling/createMessage", async () => ({
      role: "assistant",
      model: "m",
      content: { type: "text", text: String(++n) },
    }));
    await client.connect(new TransportV2(new URL(mcp.url), { fetch: mcp.fetch }));
    open.push(client);
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(result.content).toEqual([
      { type: "text", text: '{"type":"text","text":"1"} then {"type":"text","text":"2"}' },
    ]);
    expect(mcp.calls[0]?.asked).toHaveLength(2);
  });

  it("a Responses hosted mcp tool's provider cannot be asked: the call fails as a protocol error", async () => {
    const mcp = fakeMcp({ tools }).reply(
      "ask",
      mcpAsk.elicitation({ message: "?", requestedSchema: { type: "object", properties: {} } }),
    );
    const responses = fakeResponses().reply(turn.mcpCall("fake", "ask", {}, { next: turn.message("ok") }));
    const client = new OpenAI({ apiKey: "k", fetch: responses.fetch });
    const answer = await client.responses.create({
      model: "gpt-5",
      input: "hi",
      tools: [{ type: "mcp", server_label: "fake", server_url: mcp.url, require_approval: "never" }],
    });
    const called = answer.output.find((item) => item.type === "mcp_call");
    expect(called).toMatchObject({
      error: {
        type: "mcp_protocol_error",
        code: -32601,
        message: "The Responses API's MCP client does not support elicitation",
      },
    });
    expect(mcp.calls[0]).toMatchObject({ error: { code: -32601 } });
  });
});

describe("resource templates and completion", () => {
  const templated = () =>
    fakeMcp({
      tools,
      resources: [{ uri: "docs://index", name: "index", text: "all docs" }],
      resourceTemplates: [
        {
          uriTemplate: "docs://{section}/{page}",
          name: "page",
          mimeType: "text/markdown",
          text: "# {page} of {section}",
          complete: { section: ["billing", "bugs", "api"] },
        },
        {
          uriTemplate: "users://{id}",
          name: "user",
          read: (uri, { id }) => ({ uri, mimeType: "application/json", text: JSON.stringify({ id }) }),
          complete: { id: (value) => Array.from({ length: 150 }, (_, i) => `${value}${i}`) },
        },
      ],
      prompts: [
        {
          name: "triage",
          arguments: [{ name: "severity", required: true, complete: ["high", "highest", "low"] }],
          messages: ({ severity = "" }) => [{ role: "user", content: { type: "text", text: severity } }],
        },
      ],
    });

  it("lists templates and reads a URI through the template it matches (declared URIs first)", async () => {
    const client = await connect(templated());
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: "docs://{section}/{page}", name: "page", mimeType: "text/markdown" },
      { uriTemplate: "users://{id}", name: "user" },
    ]);
    expect((await client.readResource({ uri: "docs://billing/refunds" })).contents).toEqual([
      { uri: "docs://billing/refunds", mimeType: "text/markdown", text: "# refunds of billing" },
    ]);
    expect((await client.readResource({ uri: "docs://index" })).contents).toEqual([
      { uri: "docs://index", text: "all docs" },
    ]);
    expect((await client.readResource({ uri: "users://42" })).contents).toEqual([
      { uri: "users://42", mimeType: "application/json", text: '{"id":"42"}' },
    ]);
    await expect(client.readResource({ uri: "ftp://nope" })).rejects.toThrow(
      /-32002.*Resource not found: ftp:\/\/nope/,
    );
  });

  it("completes a prompt argument and a template variable by prefix, 100 at most with the total", async () => {
    const client = await connect(templated());
    const complete = (
      ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
      name: string,
      value: string,
    ) => client.complete({ ref, argument: { name, value } }).then((r) => r.completion);
    expect(await complete({ type: "ref/prompt", name: "triage" }, "severity", "hi")).toEqual({
      values: ["high", "highest"],
      total: 2,
      hasMore: false,
    });
    expect(await complete({ type: "ref/resource", uri: "docs://{section}/{page}" }, "section", "b")).toEqual({
      values: ["billing", "bugs"],
      total: 2,
      hasMore: false,
    });
    const many = await complete({ type: "ref/resource", uri: "users://{id}" }, "id", "u");
    expect([many.values.length, many.total, many.hasMore, many.values[0]]).toEqual([100, 150, true, "u0"]);
    expect(await complete({ type: "ref/resource", uri: "docs://{section}/{page}" }, "page", "x")).toEqual({
      values: [],
      total: 0,
      hasMore: false,
    });
    await expect(complete({ type: "ref/prompt", name: "nope" }, "a", "")).rejects.toThrow(
      /-32602.*prompt nope not found/,
    );
  });

  it("refuses a template the SDK cannot parse when the fake is made, naming it", () => {
    expect(() => fakeMcp({ tools, resourceTemplates: [{ uriTemplate: "a://{".repeat(2), name: "broken" }] })).toThrow(
      /resource template "broken"/,
    );
  });
});

describe("resource subscriptions", () => {
  it("tells a subscribed session that its resource changed, until it unsubscribes", async () => {
    const mcp = fakeMcp({ tools, resources: [{ uri: "file:///log", name: "log", text: "" }] });
    const client = await connect(mcp);
    // over loopback: the update travels on the client's standalone GET stream
    const server = await mcp.listen();
    open.push(server);
    const loop = new Client({ name: "loop", version: "1.0.0" });
    await loop.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    open.push(loop);
    const updates: string[] = [];
    loop.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await loop.subscribeResource({ uri: "file:///log" });
    await expect(loop.subscribeResource({ uri: "file:///other" })).rejects.toThrow(/Resource not found/);
    expect(mcp.subscriptions).toEqual([{ session: mcp.sessions[1], uri: "file:///log" }]);
    await mcp.updateResource("file:///log");
    await until(() => updates.length > 0);
    expect(updates).toEqual(["file:///log"]);
    await loop.unsubscribeResource({ uri: "file:///log" });
    expect(mcp.subscriptions).toEqual([]);
    await mcp.updateResource("file:///log");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(updates).toEqual(["file:///log"]);
    // a subscription ends with its session
    await loop.subscribeResource({ uri: "file:///log" });
    expect(mcp.subscriptions).toHaveLength(1);
    await mcp.expireSessions();
    expect(mcp.subscriptions).toEqual([]);
    await client.close();
  });
});

describe("resumable streams (SEP-1699)", () => {
  it("mcpFault.reconnect: the server closes the call's stream, the client resumes it and gets the answer", async () => {
    const mcp = fakeMcp({ tools, retryInterval: 10 }).reply("work", mcpFault.reconnect("after the reconnect"));
    const seen: string[] = [];
    const watching: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      seen.push(`${init?.method ?? "GET"}${headers.get("last-event-id") ? " last-event-id" : ""}`);
      return mcp.fetch(input, init);
    };
    const client = await connect(mcp, {}, watching);
    const result = await client.callTool({ name: "work", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "after the reconnect" }]);
    expect(seen).toContain("GET last-event-id");
    expect(mcp.calls[0]?.result?.content).toEqual([{ type: "text", text: "after the reconnect" }]);
  });

  it("keeps a session's newest events only", async () => {
    const store = new SessionEventStore(3);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await store.storeEvent("s", { jsonrpc: "2.0", method: `m${i}` }));
    expect(store.size).toBe(3);
    expect(await store.getStreamIdForEventId(ids[0] as string)).toBeUndefined();
    const sent: string[] = [];
    await store.replayEventsAfter(ids[2] as string, {
      send: async (_id, m) => void sent.push((m as { method: string }).method),
    });
    expect(sent).toEqual(["m3", "m4"]);
  });

  it("refuses a retry interval that is not whole milliseconds", () => {
    expect(() => fakeMcp({ tools, retryInterval: -1 })).toThrow(/retryInterval takes a whole number/);
  });
});
