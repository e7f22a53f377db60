// Hosted MCP with @openai/agents' hostedMcpTool, as its examples use it: a server whose tool needs
// the app's approval (the run stops with an interruption; approved, the SDK sends the
// mcp_approval_response and the provider makes the call), an approval the tool's onApproval gives,
// and a connector.
import { Agent, hostedMcpTool, OpenAIResponsesModel, run, setTracingDisabled } from "@openai/agents";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, type ResponsesFake, turn } from "../../fixtures/msw/index.js";

setTracingDisabled(true);
const model = (fake: ResponsesFake) =>
  new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }), "gpt-5");
type Item = { type: string; [field: string]: unknown };
const inputOf = (fake: ResponsesFake, index: number) =>
  ((fake.requests[index]?.body as { input?: Item[] } | undefined)?.input ?? []) as Item[];

describe("hosted MCP through @openai/agents", () => {
  test("a tool that needs approval: the run stops; approved, the provider calls it and the call names the approval", async () => {
    const fake = fakeResponses();
    fake.reply(
      turn.mcpListTools("docs", [{ name: "delete_page" }], {
        next: turn.mcpApprovalRequest("docs", "delete_page", { id: 7 }),
      }),
      turn.mcpCall("docs", "delete_page", { id: 7 }, { output: "deleted", next: turn.message("Page 7 is gone.") }),
    );
    const agent = new Agent({
      name: "Docs",
      instructions: "Manage the docs.",
      model: model(fake),
      tools: [
        hostedMcpTool({ serverLabel: "docs", serverUrl: "https://mcp.example.com/sse", requireApproval: "always" }),
      ],
    });
    const first = await run(agent, "Delete page 7.");
    expect(first.interruptions).toHaveLength(1);
    const [approval] = first.interruptions;
    if (!approval) throw new Error("no interruption");
    first.state.approve(approval);
    const second = await run(agent, first.state);
    expect(second.finalOutput).toBe("Page 7 is gone.");
    const output = (fake.requests[0]?.response.body as { output?: Item[] } | undefined)?.output ?? [];
    const request = output.find((item) => item.type === "mcp_approval_request");
    const answer = inputOf(fake, 1).find((item) => item.type === "mcp_approval_response");
    expect(answer).toMatchObject({ approve: true, approval_request_id: request?.id });
    const call = second.newItems.map((item) => item.rawItem as Item).find((raw) => raw.name === "mcp_call");
    expect((call?.providerData as Item | undefined)?.approval_request_id).toBe(request?.id);
  });

  test("onApproval decides in the SDK: the run does not stop", async () => {
    const fake = fakeResponses();
    fake.reply(
      turn.mcpApprovalRequest("docs", "search_docs", { q: "refunds" }),
      turn.mcpCall("docs", "search_docs", { q: "refunds" }, { output: "30 days", next: turn.message("30 days.") }),
    );
    const agent = new Agent({
      name: "Docs",
      instructions: "Answer from the docs.",
      model: model(fake),
      tools: [
        hostedMcpTool({
          serverLabel: "docs",
          serverUrl: "https://mcp.example.com/sse",
          requireApproval: "always",
          onApproval: async () => ({ approve: true }),
        }),
      ],
    });
    const result = await run(agent, "Refunds?");
    expect(result.interruptions ?? []).toHaveLength(0);
    expect(result.finalOutput).toBe("30 days.");
  });

  test("a connector (connector_id, authorization) is taken by a strict fake", async () => {
    const fake = fakeResponses();
    fake.reply(turn.mcpCall("drive", "search", { query: "Q3 plan" }, { output: "[]" }));
    const agent = new Agent({
      name: "Drive",
      instructions: "Search the drive.",
      model: model(fake),
      tools: [
        hostedMcpTool({
          serverLabel: "drive",
          connectorId: "connector_googledrive",
          authorization: "ya29.token",
          requireApproval: "never",
        }),
      ],
    });
    expect((await run(agent, "Find the Q3 plan.")).finalOutput).toBe("Done.");
    expect(fake.requests[0]?.body).toMatchObject({
      tools: [{ type: "mcp", server_label: "drive", connector_id: "connector_googledrive" }],
    });
  });
});
