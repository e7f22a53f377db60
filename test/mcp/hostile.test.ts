// Issue 51's adversarial round on the MCP fake (items 5–8): what a hostile or broken client sends
// over stdio and HTTP is answered, never the end of the server; a refused request holds nothing;
// a delay past setTimeout's range waits. Each case failed before its fix. Over stdio the client is
// the raw line writer a broken client is (the SDK's own client never sends these lines).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeMcp, mcpFault } from "../../fixtures/mcp/index.js";
import { requireFreshBuild, root } from "../build.js";

const cli = join(root, "dist/cli.js");
beforeAll(() => requireFreshBuild("cli.js", "mcp-stdio.js"));

const tool = { name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } };
const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
});

/** `agent-testkit mcp` spawned, with its answers read line by line. */
function stdioServer(script: unknown = { tools: [tool], replies: { echo: "echoed" } }) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-hostile-"));
  writeFileSync(join(dir, "mcp.json"), JSON.stringify(script));
  const child = spawn(process.execPath, [cli, "mcp", "--script", join(dir, "mcp.json")]);
  children.push(child);
  const lines: unknown[] = [];
  const waiting: Array<() => void> = [];
  createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    lines.push(JSON.parse(line));
    for (const wake of waiting.splice(0)) wake();
  });
  let exited: number | null | undefined;
  child.on("exit", (code) => {
    exited = code;
    for (const wake of waiting.splice(0)) wake();
  });
  const next = async (): Promise<unknown> => {
    while (lines.length === 0) {
      if (exited !== undefined) throw new Error(`the server exited (${exited}) without answering`);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return lines.shift();
  };
  const send = (text: string) => child.stdin.write(`${text}\n`);
  return { child, next, send };
}

const initialize = (id: number) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });

describe("stdio (5, 6)", () => {
  it("5. a line over the limit (17 MB) is a JSON-RPC error, and the server goes on; an 11 MB message is read", async () => {
    const server = stdioServer();
    server.send(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(17 * 1024 * 1024)}"}}`);
    // the id is read off the line's start: the client's own call gets the error
    expect(await server.next()).toMatchObject({
      id: 1,
      error: { code: -32600, message: expect.stringContaining("at most") },
    });
    server.send(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${"x".repeat(11 * 1024 * 1024)}"}}`);
    expect(await server.next()).toMatchObject({ id: 2, result: {} });
    server.send(initialize(3));
    expect(await server.next()).toMatchObject({ id: 3, result: { serverInfo: expect.anything() } });
  }, 60_000);

  it("6. a line that is not JSON is a -32700, one that is no JSON-RPC message a -32600, a batch read message by message", async () => {
    const server = stdioServer();
    server.send("{not json");
    expect(await server.next()).toMatchObject({ id: null, error: { code: -32700 } });
    server.send('{"id":7,"hello":"world"}');
    expect(await server.next()).toMatchObject({ id: 7, error: { code: -32600 } });
    server.send(`[${initialize(1)},{"jsonrpc":"2.0","id":2,"method":"ping"}]`);
    const answers = [await server.next(), await server.next()];
    expect(answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2, result: {} })]),
    );
  });

  it("8. a delay of 1e10 ms in a script waits: the call is still unanswered a second later", async () => {
    const replies = JSON.parse('{ "echo": { "fault": "delay", "ms": 1e10, "then": "late" } }') as unknown;
    const server = stdioServer({ tools: [tool], replies });
    server.send(initialize(1));
    await server.next();
    server.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    server.send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}');
    server.send('{"jsonrpc":"2.0","id":3,"method":"ping"}');
    expect(await server.next()).toMatchObject({ id: 3 }); // the ping, not the call
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.send('{"jsonrpc":"2.0","id":4,"method":"ping"}');
    expect(await server.next()).toMatchObject({ id: 4 });
  });
});

describe("HTTP (7, 8)", () => {
  it("7. refused initialize requests (no params, no Accept) hold no session slot: a real client still connects", async () => {
    const mcp = fakeMcp({ tools: [tool], maxSessions: 3 });
    for (let i = 0; i < 10; i++) {
      const noParams = await mcp.fetch(mcp.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize" }),
      });
      expect(noParams.status).toBe(400);
      const noAccept = await mcp.fetch(mcp.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: initialize(1),
      });
      expect(noAccept.status).toBe(406);
    }
    const client = new Client({ name: "app", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { fetch: mcp.fetch }));
    clients.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
  });

  it("8. mcpFault.delay(2 ** 31) waits (no TimeoutOverflowWarning firing it at once): the client's timeout ends the call", async () => {
    const mcp = fakeMcp({ tools: [tool] }).reply("echo", mcpFault.delay(2 ** 31, "late"));
    const client = new Client({ name: "app", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { fetch: mcp.fetch }));
    clients.push(client);
    await expect(client.callTool({ name: "echo", arguments: {} }, undefined, { timeout: 500 })).rejects.toThrow(
      /timed out/i,
    );
    expect(() => mcpFault.delay(Number.NaN)).toThrow(RangeError);
    expect(() => mcpFault.delay(-1)).toThrow(RangeError);
  });
});

describe("DNS-rebinding protection on listen() (issue 52, item 8 in part)", () => {
  const post = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end(initialize(1));
    });

  it("a Host or Origin of another site is a 403; the machine's own, and those allowed, go on", async () => {
    const mcp = fakeMcp({ tools: [tool], allowedHosts: ["mcp.internal"], allowedOrigins: ["http://app.test:3000"] });
    const listening = await mcp.listen();
    try {
      const url = `${listening.url}/mcp`;
      expect(await post(url, { host: "evil.example" })).toBe(403);
      expect(await post(url, { origin: "http://evil.example" })).toBe(403);
      expect(await post(url, { host: "mcp.internal:8080" })).toBe(200);
      expect(await post(url, { origin: "http://app.test:3000" })).toBe(200);
      expect(await post(url, { origin: "http://localhost:5173" })).toBe(200);
      const client = new Client({ name: "app", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      clients.push(client);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
    } finally {
      await listening.close();
      await mcp.close();
    }
  });
});
