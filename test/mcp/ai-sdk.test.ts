// The AI SDK's MCP client (@ai-sdk/mcp) against the fake, over a loopback server, in a generateText
// tool loop on the Responses fake: the tools it lists become the model's, the model's call is run
// on the MCP server, its result goes back to the model. A tool that asks the user (elicitation)
// runs through @ai-sdk/mcp 2 (AI SDK 7) and 1 (AI SDK 6, the npm alias @ai-sdk/mcp-v1).
import { createMCPClient, ElicitationRequestSchema } from "@ai-sdk/mcp";
import {
  createMCPClient as createMCPClient1,
  ElicitationRequestSchema as ElicitationRequestSchema1,
} from "@ai-sdk/mcp-v1";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAI as createOpenAI6 } from "@ai-sdk/openai-v3";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { generateText as generateText6, stepCountIs as stepCountIs6, type ToolSet as ToolSet6 } from "ai-v6";
import { afterEach, describe, expect, it } from "vitest";
import { fakeMcp, mcpAsk, mcpFault } from "../../fixtures/mcp/index.js";
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
        // @ai-sdk/mcp 2.0.102 (its newest) is built on an older @ai-sdk/provider-utils than ai 7.0.185:
        // the same tools at run time, two declarations of them to TypeScript
        tools: tools as ToolSet,
        stopWhen: stepCountIs(3),
        prompt: "How long do refunds take?",
      });
      expect(result.text).toBe("Five days.");
      expect(mcp).toHaveCalledTool("search_docs", { query: "refunds" });
      expect(mcp).toHaveCalledToolTimes("search_docs", 1);
      expect(JSON.stringify(responses.requests[1]?.body)).toContain("Refunds take 5 days (refunds)");
      // the same path, read from the MCP server's calls, the AI SDK's result and its steps
      const path = [{ tool: "search_docs", args: { query: "refunds" } }];
      expect(mcp).toMatchTrajectory(path);
      expect(result).toMatchTrajectory([...path, { message: "Five days." }]);
      expect(result.steps).toMatchTrajectory(path);
      expect(result).not.toMatchTrajectory([{ tool: "search_docs", args: { query: "returns" } }]);
    });
  }
});

describe("a call whose response stream the server drops (mcpFault.drop)", () => {
  it("@ai-sdk/mcp 2 rejects the tool call instead of waiting forever (since 2.0.101)", async () => {
    const mcp = fakeMcp({
      tools: [{ name: "search_docs", inputSchema: { type: "object", properties: { query: { type: "string" } } } }],
    }).reply("search_docs", mcpFault.drop());
    const server = await mcp.listen();
    open.push(server);
    const client = await createMCPClient({ transport: { type: "http", url: `${server.url}/mcp` } });
    open.push(client);
    const responses = fakeResponses().reply(
      turn.functionCall("search_docs", { query: "refunds" }),
      turn.message("The docs are down."),
    );
    const result = await generateText({
      model: createOpenAI({ apiKey: "test", fetch: responses.fetch })("gpt-5"),
      tools: (await client.tools()) as ToolSet,
      stopWhen: stepCountIs(3),
      prompt: "How long do refunds take?",
    });
    // the failed call is a tool error the model is told of; the run goes on
    expect(result.steps[0]?.content.some((part) => part.type === "tool-error")).toBe(true);
    expect(result.text).toBe("The docs are down.");
    expect(mcp.calls).toHaveLength(1);
  });
});

describe("a tool that asks the user (elicitation), through the AI SDK's MCP client: AI SDK 7 and 6", () => {
  const confirming = () =>
    fakeMcp({
      tools: [{ name: "refund", inputSchema: { type: "object", properties: { order: { type: "string" } } } }],
      prompts: [
        {
          name: "triage",
          arguments: [{ name: "severity", required: true, complete: ["high", "highest", "low"] }],
          messages: [{ role: "user", content: { type: "text", text: "Triage." } }],
        },
      ],
    }).reply("refund", (call) =>
      mcpAsk.elicitation(
        {
          message: `Refund ${String(call.arguments.order)}?`,
          requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } },
        },
        (answer) => (answer.action === "accept" && answer.content?.ok === true ? "Refunded." : "Not refunded."),
      ),
    );
  const script = () =>
    fakeResponses().reply(turn.functionCall("refund", { order: "A-1" }), turn.message("Done: refunded."));

  it("@ai-sdk/mcp 2 (AI SDK 7): the user's answer is the tool's result; completion answers", async () => {
    const mcp = confirming();
    const server = await mcp.listen();
    open.push(server);
    const client = await createMCPClient({
      transport: { type: "http", url: `${server.url}/mcp` },
      capabilities: { elicitation: {} },
    });
    open.push(client);
    const asked: string[] = [];
    client.onElicitationRequest(ElicitationRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { ok: true } };
    });
    const responses = script();
    const result = await generateText({
      model: createOpenAI({ apiKey: "test", fetch: responses.fetch })("gpt-5"),
      tools: (await client.tools()) as ToolSet,
      stopWhen: stepCountIs(3),
      prompt: "Refund A-1",
    });
    expect(result.text).toBe("Done: refunded.");
    expect(asked).toEqual(["Refund A-1?"]);
    expect(mcp.calls[0]).toMatchObject({ result: { content: [{ text: "Refunded." }] } });
    const { completion } = await client.complete({
      ref: { type: "ref/prompt", name: "triage" },
      argument: { name: "severity", value: "hi" },
    });
    expect(completion.values).toEqual(["high", "highest"]);
  });

  it("@ai-sdk/mcp 1 (AI SDK 6): the user's answer is the tool's result", async () => {
    const mcp = confirming();
    const server = await mcp.listen();
    open.push(server);
    const client = await createMCPClient1({
      transport: { type: "http", url: `${server.url}/mcp` },
      capabilities: { elicitation: {} },
    });
    open.push(client);
    client.onElicitationRequest(ElicitationRequestSchema1, () => ({ action: "decline" }));
    const responses = script();
    const result = await generateText6({
      model: createOpenAI6({ apiKey: "test", fetch: responses.fetch })("gpt-5"),
      tools: (await client.tools()) as ToolSet6,
      stopWhen: stepCountIs6(3),
      prompt: "Refund A-1",
    });
    expect(result.text).toBe("Done: refunded.");
    expect(mcp.calls[0]).toMatchObject({
      result: { content: [{ text: "Not refunded." }] },
      asked: [{ method: "elicitation/create", result: { action: "decline" } }],
    });
  });
});
