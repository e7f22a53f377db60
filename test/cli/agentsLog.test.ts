// Issue 52 (13): `check` on the log an @openai/agents app writes — its history (messages, calls,
// `function_call_result` items) and its RunItems — with `--tools` the app's own Agent exported from
// a module: its function tools, its handoffs and the tools its MCP server lists. Items that are no
// calls are context, not failures. Driven as CI runs it: a real run(), the built CLI in a child.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, MCPServerStreamableHttp, OpenAIResponsesModel, run, setTracingDisabled, tool } from "@openai/agents";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { fakeMcp } from "../../fixtures/mcp/index.js";
import { fakeResponses, type Listening, turn } from "../../fixtures/msw/index.js";
import { requireFreshBuild, root } from "../build.js";

setTracingDisabled(true);
const mcp = fakeMcp({
  tools: [
    {
      name: "search_docs",
      inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    },
  ],
}).reply("search_docs", "Refunds take 5 days.");
let mcpServer: Listening;
beforeAll(async () => {
  requireFreshBuild("cli.js");
  mcpServer = await mcp.listen();
});
afterAll(async () => {
  await mcpServer.close();
  await mcp.close();
});

const AGENT_MODULE = `import { Agent, MCPServerStreamableHttp, tool } from "@openai/agents";
import { z } from "zod";
const weather = tool({
  name: "get_weather",
  description: "The weather in a city.",
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => city,
});
const billing = new Agent({ name: "Billing", instructions: "Billing questions." });
export const agent = new Agent({
  name: "Triage",
  instructions: "Route the user.",
  tools: [weather],
  handoffs: [billing],
  mcpServers: [new MCPServerStreamableHttp({ url: process.env.DOCS_MCP_URL, name: "docs" })],
});
`;

test("check --tools agent.mjs on a real run's log: the calls gated, the rest context, exit 0", async () => {
  const fake = fakeResponses();
  fake.reply(
    turn.functionCall("get_weather", { city: "Oslo" }),
    turn.functionCall("search_docs", { query: "refunds" }),
    turn.functionCall("transfer_to_Billing"),
    turn.message("Billing here: refunds take 5 days."),
  );
  const model = new OpenAIResponsesModel(new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }), "gpt-5");
  const docs = new MCPServerStreamableHttp({ url: `${mcpServer.url}/mcp`, name: "docs" });
  await docs.connect();
  const billing = new Agent({ name: "Billing", instructions: "Billing questions.", model });
  const triage = new Agent({
    name: "Triage",
    instructions: "Route the user.",
    model,
    tools: [
      tool({
        name: "get_weather",
        description: "The weather in a city.",
        parameters: z.object({ city: z.string() }),
        execute: async ({ city }) => city,
      }),
    ],
    handoffs: [billing],
    mcpServers: [docs],
  });
  const result = await run(triage, "Weather in Oslo, and how long do refunds take?");
  await docs.close();
  expect(result.finalOutput).toBe("Billing here: refunds take 5 days.");

  const dir = mkdtempSync(join(tmpdir(), "agents-log-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  mkdirSync(join(dir, "node_modules"));
  for (const name of ["@openai", "zod", "openai"])
    symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
  writeFileSync(join(dir, "agent.mjs"), AGENT_MODULE);
  const history = result.history.map((item) => JSON.stringify(item));
  const runItems = result.newItems.map((item) => JSON.stringify(item.toJSON()));
  writeFileSync(join(dir, "history.jsonl"), `${history.join("\n")}\n`);
  writeFileSync(join(dir, "items.jsonl"), `${runItems.join("\n")}\n`);

  for (const log of ["history.jsonl", "items.jsonl"]) {
    // asynchronously: the MCP server the agent module lists is this process's loopback server
    const checked = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(root, "dist/cli.js"), "check", log, "--tools", "agent.mjs", "--json"],
        { cwd: dir, encoding: "utf8", env: { ...process.env, DOCS_MCP_URL: `${mcpServer.url}/mcp` } },
        (error, stdout, stderr) => resolve({ status: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
    expect(checked.stderr).toBe("");
    const report = JSON.parse(checked.stdout) as { items: number; skipped: number; counts: Record<string, number> };
    // three calls (a function tool, an MCP tool, a handoff), every one replayable; the rest context
    expect(report.counts).toEqual(expect.objectContaining({ ok: 3 }));
    expect(report.counts.not_function_call ?? 0).toBe(0);
    expect(report.counts.unknown_tool ?? 0).toBe(0);
    expect(report.items).toBe(3);
    expect(report.skipped).toBeGreaterThan(0);
    expect(checked.status).toBe(0);
  }
}, 60_000);
