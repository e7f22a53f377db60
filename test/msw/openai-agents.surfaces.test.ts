// @openai/agents on the Responses fake's newer surfaces: memory kept in a conversation, memory
// compacted with responses.compact, and a run over WebSocket mode.
import {
  Agent,
  MemorySession,
  OpenAIConversationsSession,
  OpenAIResponsesCompactionSession,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  withResponsesWebSocketSession,
} from "@openai/agents";
import OpenAI from "openai";
import { afterEach, expect, test } from "vitest";
import { fakeResponses, type Listening, turn } from "../../fixtures/msw/index.js";
import { expectSpecValid } from "./responses.scenarios.js";
import { salesReport } from "./salesTool.js";

setTracingDisabled(true);

/** A model that calls the tool once, then answers with what it got, and says how much it saw. */
function scriptToolLoop(fake: ReturnType<typeof fakeResponses>) {
  fake.respond(({ conversation }) => {
    const last = conversation.at(-1) as { type?: string; output?: string };
    if (last?.type === "function_call_output")
      return turn.message(`Report: ${last.output} (${conversation.length} items seen)`);
    return turn.functionCall("get_latest_sales_report", { region: "apac" });
  });
}

const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

test("OpenAIConversationsSession keeps the agent's memory in a conversation of the fake", async () => {
  const fake = fakeResponses();
  scriptToolLoop(fake);
  const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch });
  const agent = new Agent({
    name: "Sales",
    instructions: "Answer with the report.",
    model: new OpenAIResponsesModel(client, "gpt-5"),
    tools: [salesReport],
  });
  const session = new OpenAIConversationsSession({ client });
  const first = await run(agent, "How are APAC sales?", { session });
  expect(first.finalOutput).toMatch(/^Report: sales report for apac/);
  const id = await session.getSessionId();
  expect(id).toMatch(/^conv_/);
  const stored = fake.conversationItems(id);
  expect(stored.map((item) => item.type)).toEqual(["message", "function_call", "function_call_output", "message"]);
  const second = await run(agent, "And again?", { session });
  // the second run's model saw the first run's items, read back from the conversation
  expect(second.finalOutput).toMatch(/\((\d+) items seen\)$/);
  expect(Number(/\((\d+) items seen\)$/.exec(String(second.finalOutput))![1])).toBeGreaterThan(
    Number(/\((\d+) items seen\)$/.exec(String(first.finalOutput))![1]),
  );
  expect((await session.getItems()).length).toBe(8);
  await session.clearSession();
  expect(() => fake.conversationItems(id)).toThrow(/no conversation/);
  expectSpecValid(fake);
});

test("OpenAIResponsesCompactionSession compacts through responses.compact, and the next run reads the compacted window", async () => {
  const fake = fakeResponses();
  scriptToolLoop(fake);
  const client = new OpenAI({ apiKey: "test-key", fetch: fake.fetch });
  const agent = new Agent({
    name: "Sales",
    instructions: "Answer with the report.",
    model: new OpenAIResponsesModel(client, "gpt-5"),
    tools: [salesReport],
  });
  const session = new OpenAIResponsesCompactionSession({
    client,
    model: "gpt-5",
    underlyingSession: new MemorySession(),
    compactionMode: "input",
    shouldTriggerCompaction: () => true,
  });
  await run(agent, "How are APAC sales?", { session });
  const compactions = fake.requests.filter((r) => r.path.endsWith("/responses/compact"));
  expect(compactions.length).toBeGreaterThan(0);
  expect(compactions.every((r) => r.response.status === 200)).toBe(true);
  const items = await session.getItems();
  expect(items.some((item) => (item as { type?: string }).type === "compaction")).toBe(true);
  const second = await run(agent, "Again?", { session });
  expect(second.finalOutput).toMatch(/^Report: sales report for apac/);
  expectSpecValid(fake);
});

test("withResponsesWebSocketSession runs the agent's tool loop over WebSocket mode on fake.listen()", async () => {
  const fake = fakeResponses();
  scriptToolLoop(fake);
  const server = await fake.listen();
  servers.push(server);
  const result = await withResponsesWebSocketSession(
    async ({ run: runOverSocket }) => {
      const agent = new Agent({
        name: "Sales",
        instructions: "Answer with the report.",
        model: "gpt-5",
        tools: [salesReport],
      });
      return runOverSocket(agent, "How are APAC sales?");
    },
    { providerOptions: { apiKey: "test-key", baseURL: server.url } },
  );
  expect(result.finalOutput).toMatch(/^Report: sales report for apac/);
  expect(fake.requests.map((r) => r.transport)).toEqual(["websocket", "websocket"]);
  expectSpecValid(fake);
});
