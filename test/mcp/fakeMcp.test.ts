// The MCP fake driven by the official clients, unchanged: @modelcontextprotocol/sdk 1.x's Client
// (what most apps use), @modelcontextprotocol/client 2.x (what @openai/agents speaks through),
// over fake.fetch and over a real loopback server.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { fakeMcp, type McpFake, type McpToolDeclaration, mcpFault } from "../../fixtures/mcp/index.js";

const searchDocs: McpToolDeclaration = {
  name: "search_docs",
  description: "Search the docs",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1 } },
    required: ["query"],
    additionalProperties: false,
  },
};

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

async function connect(fake: McpFake, url = fake.url, useFetch = true): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), useFetch ? { fetch: fake.fetch } : {}));
  open.push(client);
  return client;
}

describe("fakeMcp through the official SDK client (1.x)", () => {
  it("lists the declared tools and answers a call with the scripted result", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", ({ arguments: args }) => ({
      content: [{ type: "text", text: `3 pages about ${String(args.query)}` }],
    }));
    const client = await connect(mcp);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["search_docs"]);
    expect(tools[0]?.inputSchema).toEqual(searchDocs.inputSchema);
    const result = await client.callTool({ name: "search_docs", arguments: { query: "refunds" } });
    expect(result.content).toEqual([{ type: "text", text: "3 pages about refunds" }]);
    expect(mcp.calls[0]).toBeReplayable(tools); // the tools as tools/list gave them (inputSchema)
    expect(mcp.calls).toEqual([
      {
        tool: "search_docs",
        arguments: { query: "refunds" },
        session: mcp.sessions[0],
        result: { content: [{ type: "text", text: "3 pages about refunds" }] },
        error: undefined,
        reason: undefined,
      },
    ]);
  });

  it("fake.calls is frozen, and the same list until a call is recorded", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "ok");
    const client = await connect(mcp);
    await client.callTool({ name: "search_docs", arguments: { query: "a" } });
    const first = mcp.calls;
    expect(mcp.calls).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0]) && Object.isFrozen(first[0]?.arguments)).toBe(true);
    expect(() => {
      (first[0]?.arguments as { query: string }).query = "changed";
    }).toThrow(TypeError);
    await client.callTool({ name: "search_docs", arguments: { query: "b" } });
    expect(mcp.calls).not.toBe(first);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ query: "a" }, { query: "b" }]);
  });

  it("is strict: an undeclared tool and refused arguments are isError results, with the gate's reason", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "ok");
    const client = await connect(mcp);
    const unknown = await client.callTool({ name: "delete_docs", arguments: {} });
    expect(unknown).toMatchObject({
      isError: true,
      content: [{ type: "text", text: expect.stringContaining("delete_docs") }],
    });
    const bad = await client.callTool({ name: "search_docs", arguments: { query: 7, extra: true } });
    expect(bad).toMatchObject({ isError: true });
    expect(String((bad.content as Array<{ text: string }>)[0]?.text)).toMatch(/Invalid arguments for tool search_docs/);
    expect(mcp.calls.map((c) => c.reason)).toEqual(["unknown_tool", "arguments_schema"]);
    // the gate reads a recorded MCP call against the tools' inputSchema, as the fake judged it
    const [undeclared, refused] = mcp.calls;
    expect(undeclared).toHaveReplayReason("unknown_tool", [searchDocs]);
    expect(refused).toHaveReplayReason("arguments_schema", [searchDocs]);
    expect(refused).not.toBeReplayable([searchDocs]);
    // a lax fake answers both from the script
    const lax = fakeMcp({ tools: [searchDocs], strict: false }).reply("delete_docs", "deleted");
    expect((await (await connect(lax)).callTool({ name: "delete_docs", arguments: {} })).content).toEqual([
      { type: "text", text: "deleted" },
    ]);
  });

  it("one-shot replies come before the standing one; nothing scripted is a protocol error naming the tool", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] })
      .reply("search_docs", "standing")
      .replyOnce("search_docs", { content: [{ type: "text", text: "boom" }], isError: true });
    const client = await connect(mcp);
    expect(mcp.pending).toBe(1);
    expect(await client.callTool({ name: "search_docs", arguments: { query: "a" } })).toMatchObject({ isError: true });
    expect((await client.callTool({ name: "search_docs", arguments: { query: "b" } })).content).toEqual([
      { type: "text", text: "standing" },
    ]);
    const bare = fakeMcp({ tools: [searchDocs] });
    await expect((await connect(bare)).callTool({ name: "search_docs", arguments: { query: "a" } })).rejects.toThrow(
      /no reply is scripted for the tool "search_docs"/,
    );
  });

  it("faults: a protocol error, a hang the client's timeout ends, a slow tools/list", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] })
      .replyOnce("search_docs", mcpFault.error(-32000, "upstream index offline"))
      .replyOnce("search_docs", mcpFault.hang())
      .reply("search_docs", mcpFault.delay(30, "late"));
    const client = await connect(mcp);
    await expect(client.callTool({ name: "search_docs", arguments: { query: "a" } })).rejects.toMatchObject({
      code: -32000,
      message: expect.stringContaining("upstream index offline"),
    });
    await expect(
      client.callTool({ name: "search_docs", arguments: { query: "a" } }, undefined, { timeout: 50 }),
    ).rejects.toMatchObject({ code: -32001 }); // RequestTimeout
    expect((await client.callTool({ name: "search_docs", arguments: { query: "a" } })).content).toEqual([
      { type: "text", text: "late" },
    ]);
    mcp.listFault(mcpFault.delay(100));
    await expect(client.listTools(undefined, { timeout: 20 })).rejects.toMatchObject({ code: -32001 });
    mcp.listFault(undefined);
    expect((await client.listTools()).tools).toHaveLength(1);
  });

  it("a dropped connection reaches the client as a transport error, never as a stream that just ends", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", mcpFault.drop());
    const client = await connect(mcp);
    const errors: Error[] = [];
    client.onerror = (error) => void errors.push(error);
    await expect(
      client.callTool({ name: "search_docs", arguments: { query: "a" } }, undefined, { timeout: 200 }),
    ).rejects.toThrow();
    expect(errors.some((e) => /SSE stream disconnected|dropped|terminated|abort/i.test(e.message))).toBe(true);
  });

  it("an expired session is a 404; the client initializes again", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "ok");
    const client = await connect(mcp);
    const [first] = mcp.sessions;
    await mcp.expireSessions();
    expect(mcp.sessions).toEqual([]);
    await expect(client.listTools()).rejects.toThrow(/404|Session not found/);
    const again = await connect(mcp);
    expect(mcp.sessions).toHaveLength(1);
    expect(mcp.sessions[0]).not.toBe(first);
    expect((await again.listTools()).tools).toHaveLength(1);
  });

  it("after reset(), a client holding an ended session gets its 404, never a new client's session", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "ok");
    const before = await connect(mcp);
    const [old] = mcp.sessions;
    await mcp.reset();
    mcp.reply("search_docs", "ok");
    await connect(mcp);
    expect(mcp.sessions).toHaveLength(1);
    expect(mcp.sessions[0]).not.toBe(old);
    await expect(before.listTools()).rejects.toThrow(/404|Session not found/);
    expect(mcp.calls).toEqual([]);
  });

  it("a changed tool list is announced (notifications/tools/list_changed) and listed", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] });
    const client = await connect(mcp);
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => resolve()),
    );
    await client.listTools();
    await new Promise((r) => setTimeout(r, 20)); // the client opens its notification stream after initialize
    await mcp.setTools([searchDocs, { name: "open_page", inputSchema: { type: "object" } }]);
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["search_docs", "open_page"]);
  });

  it("serves resources and prompts", async () => {
    const mcp = fakeMcp({
      tools: [],
      resources: [{ uri: "docs://refunds", name: "refunds", mimeType: "text/markdown", text: "# Refunds" }],
      prompts: [
        {
          name: "summarise",
          arguments: [{ name: "topic", required: true }],
          messages: ({ topic }) => [{ role: "user", content: { type: "text", text: `Summarise ${topic}` } }],
        },
      ],
    });
    const client = await connect(mcp);
    expect((await client.listResources()).resources).toEqual([
      { uri: "docs://refunds", name: "refunds", mimeType: "text/markdown" },
    ]);
    expect((await client.readResource({ uri: "docs://refunds" })).contents).toEqual([
      { uri: "docs://refunds", mimeType: "text/markdown", text: "# Refunds" },
    ]);
    expect((await client.getPrompt({ name: "summarise", arguments: { topic: "refunds" } })).messages).toEqual([
      { role: "user", content: { type: "text", text: "Summarise refunds" } },
    ]);
    await expect(client.getPrompt({ name: "summarise" })).rejects.toThrow(/missing required argument 'topic'/);
  });

  it("over a real loopback server (listen)", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "over HTTP");
    const server = await mcp.listen();
    open.push(server);
    const client = await connect(mcp, `${server.url}/mcp`, false);
    expect((await client.callTool({ name: "search_docs", arguments: { query: "a" } })).content).toEqual([
      { type: "text", text: "over HTTP" },
    ]);
  });
});

describe("fakeMcp through @modelcontextprotocol/client 2.x", () => {
  it("initializes, lists and calls", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "from v2");
    const client = new ClientV2({ name: "test", version: "1.0.0" });
    await client.connect(new TransportV2(new URL(mcp.url), { fetch: mcp.fetch }));
    open.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["search_docs"]);
    expect((await client.callTool({ name: "search_docs", arguments: { query: "x" } })).content).toEqual([
      { type: "text", text: "from v2" },
    ]);
    expect(mcp.calls).toHaveLength(1);
  });
});

describe("a hostile client", () => {
  const post = (mcp: McpFake, body: string, headers: Record<string, string> = {}) =>
    mcp.fetch(mcp.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body,
    });

  it("malformed JSON-RPC, unknown sessions, huge bodies and a flood of sessions are answered, never crash", async () => {
    const mcp = fakeMcp({ tools: [searchDocs], maxSessions: 3, maxBodyBytes: 10_000 });
    expect((await post(mcp, "{not json")).status).toBe(400);
    expect((await post(mcp, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }))).status).toBe(400);
    expect(
      (await post(mcp, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "mcp-session-id": "nope" }))
        .status,
    ).toBe(404);
    expect((await post(mcp, JSON.stringify({ x: "y".repeat(20_000) }))).status).toBe(413);
    // arguments nested deeper than a body may be: refused before they reach the SDK or a schema
    const deep = `${'{"a":'.repeat(500)}1${"}".repeat(500)}`;
    const refused = await post(mcp, deep);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: -32700, message: expect.stringMatching(/deeper than/) },
    });
    const init = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "flood", version: "1" } },
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(mcp, init)).status);
    expect(statuses).toEqual([200, 200, 200, 503, 503]);
    expect(mcp.sessions).toHaveLength(3);
    await mcp.reset();
    expect(mcp.sessions).toHaveLength(0);
  });
});

describe("an @openai/agents app with MCPServerStreamableHttp, on the Responses fake", () => {
  it("the agent lists the MCP tools, the model calls one, the server's result reaches the model", async () => {
    const { Agent, MCPServerStreamableHttp, OpenAIResponsesModel, run } = await import("@openai/agents");
    const { default: OpenAI } = await import("openai");
    const { fakeResponses, turn } = await import("../../fixtures/msw/index.js");
    const { toHaveCalledTool } = await import("../../matchers/index.js");
    expect.extend({ toHaveCalledTool });

    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", ({ arguments: args }) => ({
      content: [{ type: "text", text: `Refunds take 5 days (${String(args.query)})` }],
    }));
    const server = new MCPServerStreamableHttp({ url: mcp.url, fetch: mcp.fetch, name: "docs" });
    await server.connect();
    open.push(server);
    const responses = fakeResponses().reply(
      turn.functionCall("search_docs", { query: "refund time" }),
      turn.message("Refunds take five days."),
    );
    const agent = new Agent({
      name: "support",
      instructions: "Answer from the docs.",
      mcpServers: [server],
      model: new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: responses.fetch }), "gpt-5"),
    });
    const result = await run(agent, "How long do refunds take?");
    expect(result.finalOutput).toBe("Refunds take five days.");
    // the model was offered the MCP tool with its schema, and got the server's answer back
    const [first, second] = responses.requests;
    expect(JSON.stringify(first?.body)).toContain('"name":"search_docs"');
    expect(JSON.stringify(second?.body)).toContain("Refunds take 5 days (refund time)");
    expect(mcp).toHaveCalledTool("search_docs", { query: expect.any(String) });
    expect(mcp).not.toHaveCalledTool("delete_docs");
  });
});

describe("a tool with an outputSchema", () => {
  const weather: McpToolDeclaration = {
    name: "weather",
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { celsius: { type: "number" } }, required: ["celsius"] },
  };

  it("answers structured content that fits; a script that does not fit is the official server's error", async () => {
    const mcp = fakeMcp({ tools: [weather] })
      .replyOnce("weather", { content: [{ type: "text", text: "21°C" }], structuredContent: { celsius: 21 } })
      .replyOnce("weather", "21°C")
      .replyOnce("weather", { content: [], structuredContent: { celsius: "warm" } });
    const client = await connect(mcp);
    await client.listTools(); // the client learns the output schema
    expect((await client.callTool({ name: "weather", arguments: {} })).structuredContent).toEqual({ celsius: 21 });
    await expect(client.callTool({ name: "weather", arguments: {} })).rejects.toThrow(
      /Tool weather has an output schema but no structured content was provided/,
    );
    await expect(client.callTool({ name: "weather", arguments: {} })).rejects.toThrow(
      /Invalid structured content for tool weather: \/celsius/,
    );
  });
});

describe("declarations", () => {
  it("a tool whose inputSchema is not an object schema, or declared twice, is a TypeError naming it", () => {
    expect(() => fakeMcp({ tools: [{ name: "x", inputSchema: { type: "string" } }] })).toThrow(
      /the inputSchema of the tool "x" must be a JSON Schema of type "object"/,
    );
    expect(() => fakeMcp({ tools: [searchDocs, searchDocs] })).toThrow(/"search_docs" is declared twice/);
  });
});
