// A timeout on the test's clock: under Vitest's fake timers, a slow tool (mcpFault.delay) and the
// client's request timeout both run on the clock the test moves, so a 30-second timeout takes no
// time, and a delay shorter than it answers.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, expect, it, vi } from "vitest";
import { fakeMcp, mcpFault } from "../../fixtures/mcp/index.js";

afterEach(() => {
  vi.useRealTimers();
});

it("a slow tool times out at the client, on fake timers; a faster one answers", async () => {
  const mcp = fakeMcp({ tools: [{ name: "slow_report", inputSchema: { type: "object" } }] })
    .replyOnce("slow_report", mcpFault.delay(60_000, "too late"))
    .reply("slow_report", mcpFault.delay(10_000, "in time"));
  const client = new Client({ name: "app", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { fetch: mcp.fetch }));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

  const timedOut = client.callTool({ name: "slow_report", arguments: {} }, undefined, { timeout: 30_000 });
  const caught = timedOut.catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(await caught).toMatchObject({ code: -32001 }); // RequestTimeout, after 30 s of the test's clock

  const answered = client.callTool({ name: "slow_report", arguments: {} }, undefined, { timeout: 30_000 });
  await vi.advanceTimersByTimeAsync(10_000);
  expect((await answered).content).toEqual([{ type: "text", text: "in time" }]);
  vi.useRealTimers();
  await client.close();
});
