// The Responses API's hosted mcp tool answered by a fake MCP server: the request names the fake in
// its server_url; the provider's side (listing, calling) is that server's, through the official client.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { fakeMcp, mcpFault } from "../../fixtures/mcp/index.js";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import type { ToolSpec } from "../../src/types.js";

const searchDocs = {
  name: "search_docs",
  description: "Search the docs",
  inputSchema: { type: "object" as const, properties: { query: { type: "string" } }, required: ["query"] },
};

describe("a hosted mcp tool whose server_url names a fakeMcp", () => {
  it("lists the server's tools on the conversation's first turn, and the server answers a scripted call", async () => {
    const mcp = fakeMcp({ tools: [searchDocs, { name: "delete_page", inputSchema: { type: "object" } }] }).reply(
      "search_docs",
      ({ arguments: args }) => `Refunds: 5 days (${String(args.query)})`,
    );
    const responses = fakeResponses().reply(
      turn.mcpCall("docs", "search_docs", { query: "refunds" }, { next: turn.message("Five days.") }),
      turn.message("Anything else?"),
    );
    const client = new OpenAI({ apiKey: "k", fetch: responses.fetch });
    const tools: OpenAI.Responses.Tool[] = [
      {
        type: "mcp",
        server_label: "docs",
        server_url: mcp.url,
        require_approval: "never",
        allowed_tools: ["search_docs"],
      },
    ];
    const first = await client.responses.create({ model: "gpt-5", input: "Refund time?", tools });
    expect(first.output.map((item) => item.type)).toEqual(["mcp_list_tools", "mcp_call", "message"]);
    const [listed, called] = first.output;
    expect(listed).toMatchObject({
      server_label: "docs",
      tools: [{ name: "search_docs", description: "Search the docs", input_schema: searchDocs.inputSchema }],
    });
    expect(called).toMatchObject({ status: "completed", output: "Refunds: 5 days (refunds)", error: null });
    // the model's mcp_call, gated against the tools the server listed (their input_schema)
    if (listed?.type !== "mcp_list_tools") throw new Error("expected the listing first");
    // (the SDK types a listed tool's input_schema as unknown: the gate takes it as the schema it is)
    const listedTools = listed.tools as ToolSpec;
    expect(called).toBeReplayable(listedTools);
    expect({ ...called, arguments: '{"query":7}' }).toHaveReplayReason("arguments_schema", listedTools);
    expect(mcp.calls).toMatchObject([{ tool: "search_docs", arguments: { query: "refunds" }, session: "hosted" }]);
    expect(mcp).toHaveCalledTool("search_docs", { query: "refunds" });

    // the conversation has listed them: the next turn does not list again
    const second = await client.responses.create({
      model: "gpt-5",
      previous_response_id: first.id,
      input: "Thanks",
      tools,
    });
    expect(second.output.map((item) => item.type)).toEqual(["message"]);
  });

  it("the server's refusals and faults become the call's error, as the provider reports them", async () => {
    const mcp = fakeMcp({ tools: [searchDocs] }).replyOnce("search_docs", mcpFault.error(-32000, "index offline"));
    const responses = fakeResponses().reply(
      turn.mcpListTools("docs"),
      turn.mcpCall("docs", "search_docs", { query: 7 }),
      turn.mcpCall("docs", "search_docs", { query: "a" }),
    );
    const client = new OpenAI({ apiKey: "k", fetch: responses.fetch });
    const tools: OpenAI.Responses.Tool[] = [{ type: "mcp", server_label: "docs", server_url: mcp.url }];
    const listed = await client.responses.create({ model: "gpt-5", input: "x", tools });
    expect(listed.output[0]).toMatchObject({ type: "mcp_list_tools", tools: [{ name: "search_docs" }] });
    const continueFrom = (previous: string) =>
      client.responses.create({ model: "gpt-5", input: "x", previous_response_id: previous, tools });
    const refused = await continueFrom(listed.id);
    expect(refused.output[0]).toMatchObject({
      type: "mcp_call",
      status: "failed",
      error: { type: "mcp_tool_execution_error" },
    });
    const faulted = await continueFrom(refused.id);
    expect(faulted.output[0]).toMatchObject({
      type: "mcp_call",
      status: "failed",
      error: { type: "mcp_protocol_error", code: -32000, message: "index offline" },
    });
    expect(mcp.calls.map((c) => c.reason)).toEqual(["arguments_schema", undefined]);
  });

  it("a server_url that names no fake leaves the script as it is (a scripted output is served as scripted)", async () => {
    const responses = fakeResponses().reply(turn.mcpCall("docs", "search_docs", {}, { output: "scripted" }));
    const client = new OpenAI({ apiKey: "k", fetch: responses.fetch });
    const response = await client.responses.create({
      model: "gpt-5",
      input: "x",
      tools: [{ type: "mcp", server_label: "docs", server_url: "https://mcp.example.com/mcp" }],
    });
    expect(response.output.map((item) => item.type)).toEqual(["mcp_call", "message"]);
    expect(response.output[0]).toMatchObject({ output: "scripted" });
  });
});

describe("an @openai/agents app with hostedMcpTool", () => {
  it("the provider's MCP calls are the fake server's: the run's items carry its answer", async () => {
    const { Agent, OpenAIResponsesModel, hostedMcpTool, run } = await import("@openai/agents");
    const mcp = fakeMcp({ tools: [searchDocs] }).reply("search_docs", "Refunds take 5 days.");
    const responses = fakeResponses().reply(
      turn.mcpCall("docs", "search_docs", { query: "refunds" }, { next: turn.message("Five days.") }),
    );
    const agent = new Agent({
      name: "support",
      tools: [hostedMcpTool({ serverLabel: "docs", serverUrl: mcp.url, requireApproval: "never" })],
      model: new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: responses.fetch }), "gpt-5"),
    });
    const result = await run(agent, "How long do refunds take?");
    expect(result.finalOutput).toBe("Five days.");
    expect(JSON.stringify(result.newItems.map((item) => item.rawItem))).toContain("Refunds take 5 days.");
    expect(mcp).toHaveCalledTool("search_docs", { query: "refunds" });
    expect(mcp.calls[0]?.session).toBe("hosted");
  });
});
