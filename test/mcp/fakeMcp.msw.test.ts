// The MCP fake served as MSW handlers: an app whose MCP client uses the global fetch (no fetch
// option) reaches the fake through setupServer, and a request no handler serves fails.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fakeMcp } from "../../fixtures/mcp/index.js";
import { unhandledGuard } from "../../fixtures/msw/index.js";

const mcp = fakeMcp({ tools: [{ name: "search_docs", inputSchema: { type: "object" } }] }).reply(
  "search_docs",
  "via MSW",
);
const server = setupServer(...mcp.handlers);
beforeAll(() => server.listen(unhandledGuard(/(^|\.)(agent-testkit|elsewhere)\.test$/)));
afterAll(() => server.close());

it("the SDK client on the global fetch reaches the fake through MSW", async () => {
  const client = new Client({ name: "app", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
  expect((await client.callTool({ name: "search_docs", arguments: {} })).content).toEqual([
    { type: "text", text: "via MSW" },
  ]);
  expect(mcp.calls).toHaveLength(1);
  await client.close();
  // a request no handler serves never reaches the network: the guard refuses it
  expect((await fetch("https://elsewhere.test/mcp", { method: "POST", body: "{}" })).status).toBe(400);
});
