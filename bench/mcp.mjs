// The MCP fake against the official SDK's own server, measured in the same run with the official
// client: 500 sequential tools/call over Streamable HTTP through a fetch, on fakeMcp (a declared
// tool, strict, every call recorded) and on a minimal McpServer with the same tool on the SDK's
// web-standard transport (one session, no checks of its own). Target: ≤ 1.3×.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { fakeMcp } from "../dist/mcp.js";

const URL_ = "https://mcp.bench.test/mcp";

/** A minimal server of the SDK's: one tool, sessions by header, nothing else. */
function minimalFetch() {
  const sessions = new Map();
  return async (input, init) => {
    const request = new Request(input, init);
    const id = request.headers.get("mcp-session-id");
    let transport = id ? sessions.get(id) : undefined;
    if (!transport) {
      const server = new McpServer({ name: "minimal", version: "1.0.0" });
      server.registerTool("search_docs", { inputSchema: {} }, async () => ({
        content: [{ type: "text", text: "hi" }],
      }));
      transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => `s${sessions.size + 1}`,
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      await server.connect(transport);
    }
    return transport.handleRequest(request);
  };
}

async function connected(fetch) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(URL_), { fetch }));
  return client;
}

async function perCall(client, count) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const result = await client.callTool({ name: "search_docs", arguments: { query: "q" } });
    if (result.content[0].text !== "hi") throw new Error("unexpected answer");
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / count;
}

export async function benchMcp({ count = 500, rounds = 7 } = {}) {
  const mcp = fakeMcp({
    baseUrl: "https://mcp.bench.test",
    tools: [{ name: "search_docs", inputSchema: { type: "object", properties: { query: { type: "string" } } } }],
  }).reply("search_docs", "hi");
  let fake = await connected(mcp.fetch);
  const minimal = await connected(minimalFetch());
  await perCall(fake, 50);
  await perCall(minimal, 50);
  const ratios = [];
  const best = { fake: Infinity, minimal: Infinity };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["fake", "minimal"] : ["minimal", "fake"];
    const times = {};
    for (const side of order) {
      if (side === "fake") {
        // what the last round recorded is given back; the client connects again (not timed)
        await fake.close();
        await mcp.reset();
        mcp.reply("search_docs", "hi");
        fake = await connected(mcp.fetch);
      }
      times[side] = await perCall(side === "fake" ? fake : minimal, count);
    }
    best.fake = Math.min(best.fake, times.fake);
    best.minimal = Math.min(best.minimal, times.minimal);
    ratios.push(times.fake / times.minimal);
  }
  await Promise.all([fake.close(), minimal.close()]).catch(() => undefined);
  const ms = (v) => +v.toFixed(3);
  return {
    name: `MCP fake: ${count} sequential tools/call through the SDK's client over Streamable HTTP (medians of ${rounds} paired rounds; ms per call: best)`,
    msPerCall: { "the SDK's McpServer, minimal": ms(best.minimal), fakeMcp: ms(best.fake) },
    ratios: [{ name: "fakeMcp / the SDK's minimal McpServer", value: ratios.sort((a, b) => a - b)[3], target: 1.3 }],
  };
}
