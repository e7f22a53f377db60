// Issue 52 (6): Anthropic's MCP connector (`mcp_servers`, the mcp-client beta): a scripted
// turn.mcpCall becomes the `mcp_tool_use` and `mcp_tool_result` blocks of the answer, answered by
// the fakeMcp the request names by URL (recorded in its calls), as the Responses fake's hosted mcp
// tool is — through @anthropic-ai/sdk's beta messages, unchanged.
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, test } from "vitest";
import { fakeMcp } from "../../../fixtures/mcp/index.js";
import { fakeAnthropic, turn } from "../../../fixtures/msw/index.js";

const docs = () =>
  fakeMcp({
    baseUrl: "https://docs-mcp.example.com",
    tools: [
      {
        name: "search_docs",
        inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
      },
    ],
  }).reply("search_docs", ({ arguments: args }) => `3 pages about ${String(args.query)}`);

describe("the MCP connector on the Anthropic fake", () => {
  test("a call the connector makes is answered by the fakeMcp named by URL, then the model answers", async () => {
    const mcp = docs();
    const claude = fakeAnthropic().reply(
      turn.mcpCall("docs", "search_docs", { query: "refunds" }, { next: turn.message("Refunds: see the docs.") }),
    );
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user" as const, content: "How do refunds work?" }],
      mcp_servers: [{ type: "url" as const, url: mcp.url, name: "docs" }],
      betas: ["mcp-client-2025-04-04" as const],
    };
    const message = await client.beta.messages.create(body);
    expect(message.content.map((block) => block.type)).toEqual(["mcp_tool_use", "mcp_tool_result", "text"]);
    expect(message.content[0]).toMatchObject({ name: "search_docs", server_name: "docs", input: { query: "refunds" } });
    expect(message.content[1]).toMatchObject({
      is_error: false,
      content: [{ type: "text", text: "3 pages about refunds" }],
    });
    expect(mcp.calls).toEqual([expect.objectContaining({ tool: "search_docs", arguments: { query: "refunds" } })]);
    // the conversation matchers read the connector's call as they read a hosted MCP call
    expect(claude).toHaveCalledTool("search_docs", { query: "refunds" });
    expect(claude).toHaveCalledToolTimes("search_docs", 1);
    // streamed: the same blocks, the call's input in pieces
    claude.reply(turn.mcpCall("docs", "search_docs", { query: "fees" }, { next: turn.message("Fees: none.") }));
    const streamed = await client.beta.messages.stream(body).finalMessage();
    expect(streamed.content[0]).toMatchObject({ type: "mcp_tool_use", input: { query: "fees" } });
    expect(streamed.content[1]).toMatchObject({ content: [{ text: "3 pages about fees" }] });
    // the answer sent back as history is accepted
    claude.reply(turn.message("You're welcome."));
    await client.beta.messages.create({
      ...body,
      messages: [
        ...body.messages,
        { role: "assistant", content: message.content as Anthropic.Beta.BetaContentBlockParam[] },
        { role: "user", content: "Thanks." },
      ],
    });
  });

  test("a call to a server the request does not name, or a tool it does not allow, is refused; a scripted output is served", async () => {
    const mcp = docs();
    const claude = fakeAnthropic().reply(
      turn.mcpCall("wiki", "search_docs", {}),
      turn.mcpCall("docs", "delete_page", {}),
      turn.mcpCall("docs", "search_docs", { query: "x" }, { output: "scripted", next: turn.message("ok") }),
    );
    const client = new Anthropic({ apiKey: "test-key", fetch: claude.fetch, maxRetries: 0 });
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 256,
      messages: [{ role: "user" as const, content: "Hi" }],
      mcp_servers: [
        {
          type: "url" as const,
          url: mcp.url,
          name: "docs",
          tool_configuration: { enabled: true, allowed_tools: ["search_docs"] },
        },
      ],
      betas: ["mcp-client-2025-04-04" as const],
    };
    await expect(client.beta.messages.create(body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(`an MCP call to "wiki", and the request's mcp_servers name "docs"`),
    });
    await expect(client.beta.messages.create(body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("allowed_tools"),
    });
    const served = await client.beta.messages.create(body);
    expect(served.content[1]).toMatchObject({ content: [{ text: "scripted" }] });
    expect(mcp.calls).toEqual([]);
  });
});
