// The AI SDK's MCP client (@ai-sdk/mcp) against the fake, over a loopback server, in a generateText
// tool loop on the Responses fake: the tools it lists become the model's, the model's call is run
// on the MCP server, its result goes back to the model.
import { createMCPClient } from "@ai-sdk/mcp";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { fakeMcp } from "../../fixtures/mcp/index.js";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

describe("the AI SDK's MCP client", () => {
  for (const type of ["http", "sse"] as const) {
    it(`lists the tools and runs the model's call over ${type}`, async () => {
      const mcp = fakeMcp({
        tools: [
          {
            name: "search_docs",
            description: "Search the docs",
            inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
          },
        ],
      }).reply("search_docs", ({ arguments: args }) => `Refunds take 5 days (${String(args.query)})`);
      const server = await mcp.listen();
      open.push(server);
      const client = await createMCPClient({
        transport: { type, url: `${server.url}/${type === "http" ? "mcp" : "sse"}` },
      });
      open.push(client);
      const tools = await client.tools();
      expect(Object.keys(tools)).toEqual(["search_docs"]);

      const responses = fakeResponses().reply(
        turn.functionCall("search_docs", { query: "refunds" }),
        turn.message("Five days."),
      );
      const openai = createOpenAI({ apiKey: "test", fetch: responses.fetch });
      const result = await generateText({
        model: openai("gpt-5"),
        // @ai-sdk/mcp 2.0.99 (its newest) is built on an older @ai-sdk/provider-utils than ai 7.0.185:
        // the same tools at run time, two declarations of them to TypeScript
        tools: tools as ToolSet,
        stopWhen: stepCountIs(3),
        prompt: "How long do refunds take?",
      });
      expect(result.text).toBe("Five days.");
      expect(mcp).toHaveCalledTool("search_docs", { query: "refunds" });
      expect(mcp).toHaveCalledToolTimes("search_docs", 1);
      expect(JSON.stringify(responses.requests[1]?.body)).toContain("Refunds take 5 days (refunds)");
    });
  }
});
