import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect } from "vitest";
import { examples } from "../../fixtures/factories/index.js";
import { turn } from "../../fixtures/msw/index.js";
import { agentTest } from "../../matchers/vitest.js";

const client = () => new OpenAI({ apiKey: "test-key", maxRetries: 0 });

describe("agentTest", () => {
  agentTest("gives each test a responses fake installed on MSW", async ({ responses }) => {
    responses.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }));
    const response = await client().responses.create({
      model: "gpt-5",
      input: "x",
      tools: [examples.salesTool as never],
    });
    expect(response.output[0]).toBeReplayable();
    expect(responses.requests).toHaveLength(1);
  });

  agentTest(
    "routes conversations, compaction and background runs to the test's responses fake",
    async ({ responses }) => {
      responses.reply(turn.message("kept"), turn.message("later"));
      const conversation = await client().conversations.create({});
      await client().responses.create({ model: "gpt-5", conversation: conversation.id, input: "x" });
      expect(responses.conversationItems(conversation.id)).toHaveLength(2);
      expect((await client().responses.compact({ model: "gpt-5", input: "y" })).object).toBe("response.compaction");
      const queued = await client().responses.create({ model: "gpt-5", input: "z", background: true });
      await responses.clock.advance(100);
      expect((await client().responses.retrieve(queued.id)).status).toBe("completed");
    },
  );

  agentTest(
    "routes files, vector stores and containers to the test's responses fake (every path its route table serves)",
    async ({ responses }) => {
      const file = await client().files.create({
        file: new File(["Refunds take 5 days."], "policy.txt", { type: "text/plain" }),
        purpose: "assistants",
      });
      const store = await client().vectorStores.create({ name: "policies", file_ids: [file.id] });
      const container = await client().containers.create({ name: "box", file_ids: [file.id] });
      expect(responses.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
        "POST /v1/files",
        "POST /v1/vector_stores",
        "POST /v1/containers",
      ]);
      expect(store.file_counts.completed).toBe(1);
      expect(container.id).toMatch(/^cntr_/);
    },
  );

  agentTest.concurrent.for([1, 2, 3])(
    "routes WebSocket mode (the global WebSocket) to the test's own fake, concurrently: %i",
    async (n, { responses }) => {
      responses.reply(turn.message(`socket ${n}`));
      const socket = new WebSocket("wss://api.openai.com/v1/responses");
      const text = await new Promise<string>((resolve, reject) => {
        socket.addEventListener("message", (message) => {
          const event = JSON.parse(String(message.data)) as {
            type: string;
            response?: { output: Array<{ content: Array<{ text: string }> }> };
          };
          if (event.type === "response.completed") resolve(event.response!.output[0]!.content[0]!.text);
          if (event.type === "error") reject(new Error(String(message.data)));
        });
        socket.addEventListener("open", () =>
          socket.send(JSON.stringify({ type: "response.create", model: "gpt-5", input: `from test ${n}` })),
        );
      });
      socket.close();
      expect(text).toBe(`socket ${n}`);
      expect(responses.requests.map((r) => [r.transport, (r.body as { input: string }).input])).toEqual([
        ["websocket", `from test ${n}`],
      ]);
    },
  );

  agentTest("starts from a clean state", async ({ responses }) => {
    expect(responses.requests).toHaveLength(0);
    expect(responses.pending).toBe(0);
  });

  // Each concurrent test scripts a different answer and waits, so that their requests interleave.
  describe.concurrent("under test.concurrent, each test has its own state", () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      agentTest(`test ${n}`, async ({ responses }) => {
        responses.reply(turn.message(`answer ${n}`).delay(30 - n * 4), turn.message(`second ${n}`));
        const first = await client().responses.create({ model: "gpt-5", input: `q${n}` });
        const second = await client().responses.create({
          model: "gpt-5",
          input: `q${n}`,
          previous_response_id: first.id,
        });
        expect([first.output_text, second.output_text]).toEqual([`answer ${n}`, `second ${n}`]);
        expect(responses.requests.map((r) => (r.body as { input: string }).input)).toEqual([`q${n}`, `q${n}`]);
      });
    }
  });
});

describe("agentTest with the agents fake", () => {
  agentTest("gives each test an agents fake; the runner completes a scripted tool call", async ({ agents }) => {
    const { agentStep } = await import("../../fixtures/msw/index.js");
    agents.reply(agentStep.functionCall("lookup_order", { order_id: "A-1042" }), agentStep.message("Paid."));
    const sessions = client().beta.agents.sessions;
    const session = await sessions.create({
      agent: {
        model: "m",
        tools: [
          {
            type: "function",
            name: "lookup_order",
            description: "d",
            parameters: { type: "object", properties: { order_id: { type: "string" } } },
          },
        ],
      },
      environment: { type: "openai_hosted" },
    } as unknown as SessionCreateParamsNonStreaming);
    const result = await sessions
      .stream(session.id, { input: "A-1042?", toolHandlers: { lookup_order: async () => "paid" } } as never)
      .finalResult();
    expect(result.output_text).toBe("Paid.");
    expect(agents.toolResults).toHaveLength(1);
  });

  agentTest("both fakes in one test", async ({ responses, agents }) => {
    responses.reply(turn.message("from responses"));
    expect((await client().responses.create({ model: "m", input: "x" })).output_text).toBe("from responses");
    expect(agents.requests).toHaveLength(0);
  });
});
