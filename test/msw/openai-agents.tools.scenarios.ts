// @openai/agents' own tool helpers against the Responses fake, unchanged: each hosted tool
// (web search, file search, code interpreter, image generation, hosted MCP, a hosted shell, tool
// search, programmatic tool calling) and each client-executed one (computer, local shell, apply
// patch) runs through `run()`, streamed and not; every event and output item the fake sent is
// checked against the SDK's own types. Run per transport by openai-agents.tools*.test.ts.
import {
  Agent,
  applyPatchTool,
  codeInterpreterTool,
  computerTool,
  fileSearchTool,
  hostedMcpTool,
  imageGenerationTool,
  OpenAIResponsesModel,
  programmaticToolCallingTool,
  run,
  setTracingDisabled,
  shellTool,
  type Tool,
  tool,
  toolSearchTool,
  webSearchTool,
  withResponsesWebSocketSession,
} from "@openai/agents";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import {
  fakeResponses,
  type Listening,
  type ResponsesFake,
  type ResponseTurn,
  turn,
} from "../../fixtures/msw/index.js";
import { asTheSdkReadsIt, type Checker, sdkChecker } from "./sdkCheck.js";
import type { Transport } from "./transports.js";

setTracingDisabled(true);

const screenshots: string[] = [];
const computer = computerTool({
  computer: {
    environment: "browser",
    dimensions: [1024, 768],
    screenshot: async () => {
      screenshots.push("taken");
      return "iVBORw0KGgo=";
    },
    click: async () => undefined,
    doubleClick: async () => undefined,
    scroll: async () => undefined,
    type: async () => undefined,
    wait: async () => undefined,
    move: async () => undefined,
    keypress: async () => undefined,
    drag: async () => undefined,
  },
});
const commands: string[][] = [];
const localShell = shellTool({
  shell: {
    run: async (action) => {
      commands.push([...action.commands]);
      return {
        output: action.commands.map(() => ({ stdout: "ok\n", stderr: "", outcome: { type: "exit", exitCode: 0 } })),
      };
    },
  },
});
const patches: string[] = [];
const patcher = applyPatchTool({
  editor: {
    createFile: async (operation) => void patches.push(`create ${operation.path}`),
    updateFile: async (operation) => void patches.push(`update ${operation.path}`),
    deleteFile: async (operation) => void patches.push(`delete ${operation.path}`),
  },
});
const lookup = tool({
  name: "lookup_order",
  description: "Looks up an order.",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `order ${id}: shipped`,
});

/**
 * Each kind: the helper an app declares, the turns the model takes, the items the run holds (the
 * SDK's names: a hosted tool's item is a `hosted_tool_call` named after its type, read as that
 * type here; an output the SDK ran is its `…_result`).
 */
const KINDS: ReadonlyArray<{
  name: string;
  tools: Tool[];
  turns: () => ResponseTurn[];
  items: string[];
}> = [
  {
    name: "web search",
    tools: [webSearchTool()],
    turns: () => [turn.webSearch("weather in Paris")],
    items: ["web_search_call"],
  },
  {
    name: "file search",
    tools: [fileSearchTool("vs_68a1b2c3", { includeSearchResults: true })],
    turns: () => [turn.fileSearch("refunds")],
    items: ["file_search_call"],
  },
  {
    name: "code interpreter",
    tools: [codeInterpreterTool()],
    turns: () => [turn.codeInterpreter("print(6 * 7)", { logs: "42\n" })],
    items: ["code_interpreter_call"],
  },
  {
    name: "image generation",
    tools: [imageGenerationTool({ partialImages: 1 })],
    turns: () => [turn.imageGeneration("a lighthouse")],
    items: ["image_generation_call"],
  },
  {
    name: "hosted MCP",
    tools: [hostedMcpTool({ serverLabel: "docs", serverUrl: "https://mcp.example.com/sse", requireApproval: "never" })],
    turns: () => [
      turn.mcpListTools("docs", [{ name: "search_docs" }], {
        next: turn.mcpCall("docs", "search_docs", { q: "refunds" }, { output: "30 days" }),
      }),
    ],
    items: ["mcp_list_tools", "mcp_call"],
  },
  {
    name: "a hosted shell",
    tools: [shellTool({ environment: { type: "container_auto" } })],
    turns: () => [turn.shellCall("ls", { results: [{ stdout: "notes.txt\n" }] })],
    items: ["shell_call", "shell_call_output"],
  },
  {
    name: "tool search",
    tools: [toolSearchTool(), tool({ ...lookupOptions(), deferLoading: true })],
    turns: () => [
      turn.toolSearch({ query: "orders" }, { next: turn.functionCall("lookup_order", { id: "A1" }) }),
      turn.message("It has shipped."),
    ],
    items: ["tool_search_call", "tool_search_output", "function_call", "function_call_result"],
  },
  {
    name: "programmatic tool calling",
    tools: [programmaticToolCallingTool(), tool({ ...lookupOptions(), allowedCallers: ["programmatic"] })],
    turns: () => [
      turn.program("return (await tools.lookup_order({ id: 'A1' })).status;", {
        calls: [["lookup_order", { id: "A1" }]],
      }),
      turn.programOutput("shipped", { next: turn.message("It has shipped.") }),
    ],
    items: ["program", "function_call", "function_call_result", "program_output"],
  },
  {
    name: "computer use",
    tools: [computer],
    turns: () => [turn.computerCall({ type: "screenshot" }), turn.message("I see the page.")],
    items: ["computer_call", "computer_call_result"],
  },
  {
    name: "a local shell",
    tools: [localShell],
    turns: () => [turn.shellCall(["git status"]), turn.message("Clean.")],
    items: ["shell_call", "shell_call_output"],
  },
  {
    name: "apply patch",
    tools: [patcher],
    turns: () => [turn.applyPatch({ type: "create_file", path: "notes.txt", diff: "+hello" }), turn.message("Done.")],
    items: ["apply_patch_call", "apply_patch_call_output"],
  },
  {
    name: "a function tool",
    tools: [lookup],
    turns: () => [turn.functionCall("lookup_order", { id: "A1" }), turn.message("It has shipped.")],
    items: ["function_call", "function_call_result"],
  },
];

function lookupOptions() {
  return {
    name: "lookup_order",
    description: "Looks up an order.",
    parameters: z.object({ id: z.string() }),
    execute: async ({ id }: { id: string }) => `order ${id}: shipped`,
  };
}

/**
 * Every event and output item the fake sent, against the SDK's types (a whole response is checked
 * against the Open Responses document elsewhere: the SDK's `Response` also holds what the client
 * computes).
 */
function expectWireValid(fake: ResponsesFake, wire: Checker): void {
  const problems: string[] = [];
  for (const request of fake.requests) {
    const { body, events } = request.response;
    for (const event of events ?? []) problems.push(...wire("streamEvent", asTheSdkReadsIt(event)));
    const output = (body as { output?: unknown[] } | undefined)?.output;
    for (const item of Array.isArray(output) ? output : []) problems.push(...wire("outputItem", item));
  }
  expect(problems).toEqual([]);
}

/** Runs every kind through `run()`, streamed and not, on the client `transport` connects. */
export function toolHelperScenarios(transport: Transport<ResponsesFake>): void {
  let wire: Checker;
  beforeAll(() => {
    wire = sdkChecker("ResponsesWire");
  }, 60_000);

  describe(`@openai/agents' tool helpers over ${transport.name}`, () => {
    test.each(KINDS)("$name", async ({ tools, turns, items }) => {
      for (const stream of [false, true]) {
        const fake = fakeResponses();
        fake.reply(...turns());
        const agent = new Agent({
          name: "Assistant",
          instructions: "Use your tools.",
          model: new OpenAIResponsesModel(await transport.connect(fake), "gpt-5"),
          tools,
        });
        const result = stream ? await run(agent, "Go.", { stream: true }) : await run(agent, "Go.");
        if (stream) await (result as { completed: Promise<void> }).completed;
        // the SDK names a hosted tool's item `hosted_tool_call`, with the item type as its name
        const types = result.newItems.map((item) => {
          const raw = item.rawItem as { type: string; name?: string };
          return raw.type === "hosted_tool_call" ? String(raw.name) : raw.type;
        });
        const expected = [...items, "message"];
        expect({ stream, types: types.filter((type) => expected.includes(type)) }).toEqual({ stream, types: expected });
        expect(typeof result.finalOutput).toBe("string");
        expectWireValid(fake, wire);
      }
    });

    test("the client-executed helpers ran what the model asked", () => {
      expect(screenshots.length).toBeGreaterThan(0);
      expect(commands).toContainEqual(["git status"]);
      expect(patches).toContain("create notes.txt");
    });
  });
}

/** Every kind through `withResponsesWebSocketSession`: the SDK's WebSocket mode, on fake.listen(). */
export function webSocketToolHelperScenarios(): void {
  let wire: Checker;
  const servers: Listening[] = [];
  beforeAll(() => {
    wire = sdkChecker("ResponsesWire");
  }, 60_000);
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  describe("@openai/agents' tool helpers over WebSocket mode (withResponsesWebSocketSession)", () => {
    test.each(KINDS)("$name", async ({ tools, turns, items }) => {
      const fake = fakeResponses();
      fake.reply(...turns());
      const served = await fake.listen();
      servers.push(served);
      const result = await withResponsesWebSocketSession(
        async ({ run: runOverSocket }) =>
          runOverSocket(
            new Agent({ name: "Assistant", instructions: "Use your tools.", model: "gpt-5", tools }),
            "Go.",
          ),
        { providerOptions: { apiKey: "k", baseURL: served.url } },
      );
      const types = result.newItems.map((item) => {
        const raw = item.rawItem as { type: string; name?: string };
        return raw.type === "hosted_tool_call" ? String(raw.name) : raw.type;
      });
      const expected = [...items, "message"];
      expect(types.filter((type) => expected.includes(type))).toEqual(expected);
      expect(new Set(fake.requests.map((r) => r.transport))).toEqual(new Set(["websocket"]));
      expectWireValid(fake, wire);
    });
  });
}
