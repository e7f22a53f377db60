// The legacy HTTP+SSE transport: the SDK's SSEClientTransport (1.x and 2.x) and @openai/agents'
// MCPServerSSE, over fake.fetch and a loopback server.
import { Client as ClientV2, SSEClientTransport as SseV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { afterEach, describe, expect, it } from "vitest";
import { fakeMcp, mcpFault } from "../../fixtures/mcp/index.js";

const tool = { name: "search_docs", inputSchema: { type: "object" as const, properties: { q: { type: "string" } } } };
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

describe("fakeMcp over the legacy SSE transport", () => {
  it("the SDK client (1.x) lists and calls over fetch; the session ends when the client closes", async () => {
    const mcp = fakeMcp({ tools: [tool] }).reply("search_docs", "over SSE");
    const client = new Client({ name: "app", version: "1.0.0" });
    await client.connect(new SSEClientTransport(new URL(mcp.sseUrl), { fetch: mcp.fetch }));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["search_docs"]);
    expect((await client.callTool({ name: "search_docs", arguments: { q: "a" } })).content).toEqual([
      { type: "text", text: "over SSE" },
    ]);
    expect(mcp.sessions).toHaveLength(1);
    expect(mcp.calls[0]).toMatchObject({ tool: "search_docs", session: mcp.sessions[0] });
    // a stream to close and resume is the Streamable HTTP transport's: here the answer comes at once
    mcp.replyOnce("search_docs", mcpFault.reconnect("at once"));
    expect((await client.callTool({ name: "search_docs", arguments: { q: "b" } })).content).toEqual([
      { type: "text", text: "at once" },
    ]);
    await client.close();
    await new Promise((r) => setTimeout(r, 10));
    expect(mcp.sessions).toEqual([]);
  });

  it("@modelcontextprotocol/client 2.x over a loopback server; a dropped connection errors the stream", async () => {
    const mcp = fakeMcp({ tools: [tool] })
      .replyOnce("search_docs", "first")
      .reply("search_docs", mcpFault.drop());
    const server = await mcp.listen();
    open.push(server);
    const client = new ClientV2({ name: "app", version: "1.0.0" });
    const errors: Error[] = [];
    client.onerror = (error) => void errors.push(error);
    await client.connect(new SseV2(new URL(`${server.url}/sse`)));
    open.push(client);
    expect((await client.callTool({ name: "search_docs", arguments: {} })).content).toEqual([
      { type: "text", text: "first" },
    ]);
    await expect(client.callTool({ name: "search_docs", arguments: {} }, { timeout: 300 })).rejects.toThrow();
    expect(errors.length).toBeGreaterThan(0);
  });

  it("a message to a session the fake does not hold is a 404", async () => {
    const mcp = fakeMcp({ tools: [tool] });
    const response = await mcp.fetch(`${mcp.url.replace(/\/mcp$/, "")}/messages?sessionId=nope`, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(404);
    expect((await mcp.fetch(mcp.sseUrl, { method: "POST", body: "{}" })).status).toBe(405);
  });

  it("an @openai/agents MCPServerSSE lists the tools and calls one", async () => {
    const { MCPServerSSE } = await import("@openai/agents");
    const mcp = fakeMcp({ tools: [tool] }).reply("search_docs", "from the agent's SSE server");
    const server = new MCPServerSSE({ url: mcp.sseUrl, fetch: mcp.fetch, name: "docs" });
    await server.connect();
    open.push(server);
    expect((await server.listTools()).map((t) => t.name)).toEqual(["search_docs"]);
    const result = await server.callTool("search_docs", { q: "x" });
    expect(JSON.stringify(result)).toContain("from the agent's SSE server");
    expect(mcp).toHaveCalledTool("search_docs", { q: "x" });
  });
});
