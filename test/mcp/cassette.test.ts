// MCP sessions on tape: a fake in a recording mode proxies a real server (here another fakeMcp on
// loopback; the credentials sent to it are never written) and keeps what it said; replayed, with
// no server, the same client gets the same tools and answers, matched by content; a call never
// recorded fails naming it.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { fakeMcp, type McpFake } from "../../fixtures/mcp/index.js";

const SECRET = "sk-upstream-0123456789abcdef";
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

async function connect(fake: McpFake): Promise<Client> {
  const client = new Client({ name: "app", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(fake.url), { fetch: fake.fetch }));
  open.push(client);
  return client;
}

describe("an MCP cassette", () => {
  it("records a real server's tools and answers, then replays them with no server", async () => {
    // the "real" server: its answer carries the credential, which the tape must not keep
    const real = fakeMcp({
      tools: [{ name: "lookup", inputSchema: { type: "object", properties: { id: { type: "string" } } } }],
    }).reply("lookup", ({ arguments: args }) => `order ${String(args.id)} shipped (token ${SECRET})`);
    const listening = await real.listen();
    open.push(listening);
    const path = join(mkdtempSync(join(tmpdir(), "mcp-cassette-")), "sub", "lookup.jsonl");

    const recorder = fakeMcp({
      cassette: {
        path,
        mode: "record",
        upstream: `${listening.url}/mcp`,
        headers: { authorization: `Bearer ${SECRET}` },
      },
    });
    open.push(recorder);
    const client = await connect(recorder);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["lookup"]);
    const recorded = await client.callTool({ name: "lookup", arguments: { id: "A-1" } });
    expect(JSON.stringify(recorded.content)).toContain("order A-1 shipped");
    expect(real.calls).toHaveLength(1);
    const file = readFileSync(path, "utf8");
    expect(file).not.toContain(SECRET);
    expect(file).toContain("[REDACTED]");

    const replayer = fakeMcp({ cassette: { path, mode: "replay" } });
    expect(replayer.cassette).toEqual({ path, mode: "replay" });
    const again = await connect(replayer);
    expect((await again.listTools()).tools.map((t) => t.name)).toEqual(["lookup"]);
    // matched by content: the same arguments, whatever their key order
    const replayed = await again.callTool({ name: "lookup", arguments: { id: "A-1" } });
    expect(replayed.content).toEqual([{ type: "text", text: "order A-1 shipped (token [REDACTED])" }]);
    expect(real.calls).toHaveLength(1); // the real server was not asked again
    await expect(again.callTool({ name: "lookup", arguments: { id: "B-2" } })).rejects.toThrow(
      /has no recording of lookup with \{"id":"B-2"\}.*AGENT_TESTKIT_RECORD=new/,
    );
    // what the test scripts comes before the tape
    replayer.reply("lookup", "scripted");
    expect((await again.callTool({ name: "lookup", arguments: { id: "A-1" } })).content).toEqual([
      { type: "text", text: "scripted" },
    ]);
  });

  it("replay without the file fails at once, naming it", () => {
    expect(() => fakeMcp({ cassette: { path: join(tmpdir(), "no-such-mcp.jsonl"), mode: "replay" } })).toThrow(
      /no-such-mcp\.jsonl does not exist/,
    );
  });
});
