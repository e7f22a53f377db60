// `agent-testkit mcp --script file.json`: the fake over stdio, spawned by the SDK's
// StdioClientTransport and by @openai/agents' MCPServerStdio, as an app's config would.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mcpFault } from "../../fixtures/mcp/index.js";
import { requireFreshBuild, root } from "../build.js";
import { run } from "../cli/run.js";

const cli = join(root, "dist/cli.js");
beforeAll(() => requireFreshBuild("cli.js", "mcp-stdio.js"));

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

function scriptFile(script: unknown): { dir: string; script: string; calls: string } {
  const dir = mkdtempSync(join(tmpdir(), "mcp-stdio-"));
  writeFileSync(join(dir, "mcp.json"), JSON.stringify(script));
  return { dir, script: join(dir, "mcp.json"), calls: join(dir, "calls.jsonl") };
}

const SCRIPT = {
  tools: [
    {
      name: "search_docs",
      inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    },
  ],
  replies: { search_docs: [{ content: [{ type: "text", text: "first" }] }, "standing"] },
};

describe("agent-testkit mcp (stdio)", () => {
  it("a script file asks the client (sampling as data), reads resource templates and completes", async () => {
    const files = scriptFile({
      tools: [
        { name: "summarise", inputSchema: { type: "object" } },
        { name: "poll", inputSchema: { type: "object" } },
      ],
      replies: {
        summarise: { ask: "sampling", params: { messages: [], maxTokens: 10 } },
        // a stream to close is no stdio thing: the answer comes at once
        poll: mcpFault.reconnect("answered at once"),
      },
      resourceTemplates: [
        { uriTemplate: "notes://{day}", name: "notes", text: "notes of {day}", complete: { day: ["monday", "may"] } },
      ],
    });
    const client = new Client({ name: "app", version: "1.0.0" }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: "assistant",
      model: "m",
      content: { type: "text", text: "a short summary" },
    }));
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, "mcp", "--script", files.script],
        stderr: "pipe",
      }),
    );
    open.push(client);
    expect((await client.callTool({ name: "summarise", arguments: {} })).content).toEqual([
      { type: "text", text: "a short summary" },
    ]);
    expect((await client.callTool({ name: "poll", arguments: {} })).content).toEqual([
      { type: "text", text: "answered at once" },
    ]);
    expect((await client.readResource({ uri: "notes://friday" })).contents).toEqual([
      { uri: "notes://friday", text: "notes of friday" },
    ]);
    const { completion } = await client.complete({
      ref: { type: "ref/resource", uri: "notes://{day}" },
      argument: { name: "day", value: "m" },
    });
    expect(completion.values).toEqual(["monday", "may"]);
  });

  it("refuses an ask that names no kind it knows, before it serves", async () => {
    const files = scriptFile({
      tools: [{ name: "t", inputSchema: { type: "object" } }],
      replies: { t: { ask: "roots" } },
    });
    const result = await run(["mcp", "--script", files.script]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/replies\.t: an ask is "sampling" or "elicitation"/);
  });

  it("the SDK's StdioClientTransport spawns it, lists, calls; each call lands in --calls", async () => {
    const files = scriptFile(SCRIPT);
    const client = new Client({ name: "app", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, "mcp", "--script", files.script, "--calls", files.calls],
        stderr: "pipe",
      }),
    );
    open.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["search_docs"]);
    const texts = [];
    for (let i = 0; i < 3; i++) {
      const result = await client.callTool({ name: "search_docs", arguments: { query: `q${i}` } });
      texts.push((result.content as Array<{ text: string }>)[0]?.text);
    }
    expect(texts).toEqual(["first", "standing", "standing"]);
    const refused = await client.callTool({ name: "search_docs", arguments: {} });
    expect(refused.isError).toBe(true);
    const calls = readFileSync(files.calls, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { tool: string; arguments: unknown; reason?: string });
    expect(calls.map((c) => [c.tool, c.arguments, c.reason])).toEqual([
      ["search_docs", { query: "q0" }, undefined],
      ["search_docs", { query: "q1" }, undefined],
      ["search_docs", { query: "q2" }, undefined],
      ["search_docs", {}, "arguments_schema"],
    ]);
  });

  it("@openai/agents' MCPServerStdio runs it with the command an app configures", async () => {
    const { MCPServerStdio } = await import("@openai/agents");
    const files = scriptFile(SCRIPT);
    const server = new MCPServerStdio({ command: process.execPath, args: [cli, "mcp", "--script", files.script] });
    await server.connect();
    open.push(server);
    expect((await server.listTools()).map((t) => t.name)).toEqual(["search_docs"]);
    expect(JSON.stringify(await server.callTool("search_docs", { query: "x" }))).toContain("first");
  });

  it("refuses a script it cannot serve, naming what is wrong (exit 2)", async () => {
    const none = await run(["mcp"]);
    expect(none).toMatchObject({ code: 2 });
    expect(none.err).toContain("--script FILE is required");
    const bad = scriptFile({ tools: [{ name: "x" }] });
    const refused = await run(["mcp", "--script", bad.script]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`tools[0] needs a "name" and an object "inputSchema"`);
    expect((await run(["mcp", "--script", join(bad.dir, "missing.json")])).err).toContain("cannot read the script");
  });
});
