// SDK coverage, measured from the installed `openai` package: for each union a client parses (the
// Responses output items and stream events; the Agents session events and required actions), the
// members the fakes produce across a set of scripted runs, and for what an application sends (the
// Agents input events) the members the fake accepts, each checked against the SDK's own shape.
// What they do not produce is listed with its reason in sdkCoverage.ts; a member that is neither
// (new in a future SDK) fails here with its name. docs/sdk-coverage.md holds the figures:
// `npm run sdk-coverage` rewrites it, and this test fails when it is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import Anthropic from "@anthropic-ai/sdk";
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  ConverseStreamCommand,
} from "@aws-sdk/client-bedrock-runtime";
import { type GenerateContentConfig, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { beforeAll, describe, expect, test } from "vitest";
import { createFactories, examples } from "../../fixtures/factories/index.js";
import {
  agentStep,
  fakeAgents,
  fakeAnthropic,
  fakeBedrock,
  fakeChatCompletions,
  fakeGemini,
  fakeResponses,
  turn,
} from "../../fixtures/msw/index.js";
import { root } from "../build.js";
import { asAnthropicSdkReadsIt, asTheSdkReadsIt, type Checker, sdkChecker } from "./sdkCheck.js";
import { NOT_PRODUCED } from "./sdkCoverage.js";
import { HOSTED_TOOLS, INPUT_EXAMPLES, RUN_TURNS, TOOL_EXAMPLES, TOOL_TURNS } from "./sdkExamples.js";

type Produced = Map<string, unknown>;
const produced: Record<string, Produced> = {
  outputItem: new Map(),
  streamEvent: new Map(),
  agentEvent: new Map(),
  requiredAction: new Map(),
  inputEvent: new Map(),
  tool: new Map(),
  inputItem: new Map(),
  chatToolCall: new Map(),
  anthropicBlock: new Map(),
  anthropicEvent: new Map(),
  anthropicDelta: new Map(),
  geminiPart: new Map(),
  geminiFinish: new Map(),
  bedrockBlock: new Map(),
  bedrockEvent: new Map(),
  bedrockDelta: new Map(),
  bedrockStop: new Map(),
};
/** Keeps each member of a union told by the one field it sets, by that field. */
const keepFields = (kind: string, values: readonly unknown[]) => {
  for (const value of values)
    for (const field of Object.keys(value as object))
      if (!produced[kind]?.has(field)) produced[kind]?.set(field, value);
};
const keep = (kind: string, values: readonly unknown[]) => {
  for (const value of values) {
    const type = (value as { type?: unknown }).type;
    if (typeof type === "string" && !produced[kind]?.has(type)) produced[kind]?.set(type, value);
  }
};

/** Gemini: each field a produced part sets (a part is told by its fields), and each finish reason. */
async function produceGemini(): Promise<void> {
  const fake = fakeGemini({ deltas: 2 });
  const ai = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fake.baseUrl, fetch: fake.fetch } });
  const weather = {
    functionDeclarations: [{ name: "get_weather", parametersJsonSchema: { type: "object" } }],
  };
  const runs: Array<[ReturnType<typeof turn.message>, GenerateContentConfig]> = [
    [turn.reasoning("Weighing it.", turn.message("Hello.")), { thinkingConfig: { includeThoughts: true } }],
    [turn.functionCall("get_weather", { city: "Paris" }), { tools: [weather] }],
    [turn.webSearch("news"), { tools: [{ googleSearch: {} }] }],
    [turn.codeInterpreter("print(1)", { logs: "1" }), { tools: [{ codeExecution: {} }] }],
    [turn.refusal(), {}],
    [turn.incomplete(), {}],
  ];
  for (const [script, config] of runs) {
    fake.reply(script);
    const answer = await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "?", config });
    for (const candidate of answer.candidates ?? []) {
      if (candidate.finishReason && !produced.geminiFinish?.has(candidate.finishReason))
        produced.geminiFinish?.set(candidate.finishReason, candidate.finishReason);
      for (const part of candidate.content?.parts ?? [])
        for (const field of Object.keys(part))
          if (!produced.geminiPart?.has(field)) produced.geminiPart?.set(field, part);
    }
  }
}

/**
 * Bedrock Converse through `@aws-sdk/client-bedrock-runtime` over `listen()`: each block of its
 * answers, each event and delta of its streams (an exception frame too), each stop reason.
 */
async function produceBedrock(): Promise<void> {
  const fake = fakeBedrock({ deltas: 2 });
  const server = await fake.listen();
  try {
    const client = new BedrockRuntimeClient({
      region: "us-east-1",
      endpoint: server.url,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    });
    const toolConfig = { tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object" } } } }] };
    const thinking = { thinking: { type: "enabled", budget_tokens: 1024 } };
    const runs: Array<[ReturnType<typeof turn.message>, Partial<ConverseCommandInput>]> = [
      [
        turn.reasoning("Paris.", turn.functionCall("get_weather", { city: "Paris" })),
        { toolConfig, additionalModelRequestFields: thinking },
      ],
      [turn.message("Hello."), {}],
      [turn.refusal(), {}],
      [turn.refusal(), { guardrailConfig: { guardrailIdentifier: "g", guardrailVersion: "1" } }],
      [turn.incomplete(), {}],
      [turn.streamError({ code: "throttlingException" }), {}],
      [turn.streamError({ code: "modelStreamErrorException" }), {}],
      [turn.streamError({ code: "validationException" }), {}],
      [turn.streamError({ code: "internalServerException" }), {}],
      [turn.streamError({ code: "serviceUnavailableException" }), {}],
    ];
    const messages = [{ role: "user" as const, content: [{ text: "?" }] }];
    for (const [script, input] of runs) {
      const modelId = "anthropic.claude-sonnet-4-5-20250929-v1:0";
      if (script.kind !== "stream_error") {
        fake.reply(script);
        const answer = await client.send(new ConverseCommand({ modelId, messages, ...input }));
        keepFields("bedrockBlock", answer.output?.message?.content ?? []);
        if (answer.stopReason) keepFields("bedrockStop", [{ [answer.stopReason]: true }]);
      }
      fake.reply(script);
      const { stream } = await client.send(new ConverseStreamCommand({ modelId, messages, ...input }));
      try {
        for await (const event of stream ?? []) {
          keepFields("bedrockEvent", [event]);
          if (event.contentBlockDelta?.delta) keepFields("bedrockDelta", [event.contentBlockDelta.delta]);
        }
      } catch (error) {
        // an exception frame: the SDK raises it; its name is the event's
        const name = (error as { name: string }).name;
        keepFields("bedrockEvent", [{ [`${name[0]?.toLowerCase()}${name.slice(1)}`]: error }]);
      }
    }
  } finally {
    await server.close();
  }
}

let responses: Checker;
let bedrock: Checker;
let agents: Checker;
let chat: Checker;
let anthropic: Checker;
let gemini: Checker;

/** Chat Completions: the calls of a completion and of a stream (their `type` is the union's tag). */
async function produceChat(): Promise<void> {
  const fake = fakeChatCompletions();
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const tools = [{ type: "function" as const, function: { name: "get_weather", parameters: { type: "object" } } }];
  fake.reply(turn.functionCall("get_weather", { city: "Paris" }));
  const completion = await client.chat.completions.create({
    model: "gpt-5",
    messages: [{ role: "user", content: "?" }],
    tools,
  });
  keep("chatToolCall", completion.choices[0]?.message.tool_calls ?? []);
}

/** Anthropic Messages: the blocks of messages, and every event and delta of their streams. */
async function produceAnthropic(): Promise<void> {
  const fake = fakeAnthropic();
  const client = new Anthropic({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const weather = { name: "get_weather", input_schema: { type: "object" as const } };
  const search = { type: "web_search_20250305" as const, name: "web_search" as const };
  const runs: Array<[ReturnType<typeof turn.message>, Record<string, unknown>]> = [
    [turn.message("Hello."), {}],
    [
      turn.reasoning("Paris.", turn.functionCall("get_weather", { city: "Paris" })),
      { thinking: { type: "enabled", budget_tokens: 1024 }, max_tokens: 4096 },
    ],
    [turn.webSearch("weather"), {}],
  ];
  for (const [next, extra] of runs) {
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "?" }],
      tools: [weather, search],
      ...extra,
    };
    fake.reply(next, next);
    const message = await client.messages.create(body as Anthropic.MessageCreateParamsNonStreaming);
    keep("anthropicBlock", message.content);
    for await (const event of await client.messages.create({
      ...(body as Anthropic.MessageCreateParamsStreaming),
      stream: true,
    })) {
      keep("anthropicEvent", [event]);
      if (event.type === "content_block_delta") keep("anthropicDelta", [event.delta]);
    }
  }
}

async function produceResponses(): Promise<void> {
  const tools = [examples.salesTool];
  const fake = fakeResponses({ tools });
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const streamed = async (next: ReturnType<typeof turn.message>, body: Record<string, unknown> = {}) => {
    fake.reply(next);
    const stream = await client.responses.create({
      model: "gpt-5",
      input: "APAC?",
      tools,
      stream: true,
      ...body,
    } as never);
    for await (const _event of stream as unknown as AsyncIterable<unknown>);
  };
  await streamed(turn.message("Up 4%."));
  await streamed(turn.refusal("I can't share that report."));
  await streamed(turn.reasoning("Why.", turn.functionCall("get_latest_sales_report", { region: "apac" })));
  await streamed(turn.incomplete({ name: "get_latest_sales_report", arguments: { region: "apac" }, at: 5 }));
  await streamed(turn.streamError({ code: "server_error", message: "lost" })).catch(() => undefined);
  await streamed(turn.message("Compacted."), { context_management: [{ type: "compaction", compact_threshold: 1 }] });
  await streamed(turn.message("Later."), { background: true });
  // every hosted, built-in and client-executed tool's item, with what it asks to be included
  const withTools = {
    tools: [...tools, ...HOSTED_TOOLS],
    include: ["file_search_call.results", "code_interpreter_call.outputs"],
  };
  for (const next of TOOL_TURNS) await streamed(next, withTools);
  for (const [next, runTools] of RUN_TURNS) await streamed(next, { tools: runTools });
  for (const request of fake.requests) keep("streamEvent", request.response.events ?? []);
  for (const response of fake.responses.values()) keep("outputItem", response.output);
}

/**
 * What an application sends to the Responses fake (strict, as the API): each kind of tool declared
 * alone, taken (a 200) and echoed as sent; each kind of input item, taken. The items that name what
 * the fake made (a reasoning item and its call, a compaction, a reference) come from its answers.
 */
async function produceSent(): Promise<void> {
  const fake = fakeResponses();
  const post = async (body: Record<string, unknown>) => {
    const response = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", ...body }),
    });
    return response.status === 200 ? ((await response.json()) as { tools: unknown[]; output: Item[] }) : undefined;
  };
  type Item = Record<string, unknown>;
  for (const tool of TOOL_EXAMPLES) {
    fake.reply(turn.message("ok"));
    const [echoed] = (await post({ input: "x", tools: [tool] }))?.tools ?? [];
    if (echoed !== undefined && isDeepStrictEqual({ ...(echoed as object), ...tool }, echoed)) keep("tool", [echoed]);
  }
  const lookup = TOOL_EXAMPLES[0];
  fake.reply(turn.reasoning("Why.", turn.functionCall("lookup", { id: "7" })), turn.message("Compacted."));
  const reasoned = await post({ input: "x", tools: [lookup], include: ["reasoning.encrypted_content"] });
  const compacted = await post({
    input: "Summarise the quarter by region.",
    context_management: [{ type: "compaction", compact_threshold: 1 }],
  });
  const [reasoning, call] = reasoned?.output ?? [];
  const [compaction, message] = compacted?.output ?? [];
  const sent: { item: Item | undefined; before?: readonly unknown[]; after?: readonly unknown[] }[] = [
    ...INPUT_EXAMPLES,
    { item: reasoning, after: [call, { type: "function_call_output", call_id: call?.call_id, output: "ok" }] },
    { item: compaction, after: [{ role: "user", content: "And now?" }] },
    { item: { type: "item_reference", id: message?.id } },
  ];
  for (const { item, before = [], after = [] } of sent) {
    if (item === undefined) continue;
    fake.reply(turn.message("ok"));
    if (await post({ input: [...before, item, ...after], tools: [lookup] })) keep("inputItem", [item]);
  }
}

async function produceAgents(): Promise<void> {
  const tool = {
    type: "function" as const,
    name: "lookup_order",
    description: "Look up.",
    parameters: { type: "object" },
  };
  const fake = fakeAgents();
  const f = createFactories({ seed: 1 });
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const sessions = client.beta.agents.sessions;
  const run = async (steps: Parameters<typeof fake.reply>, extra: Record<string, unknown> = {}) => {
    fake.reply(...steps);
    const created = await fake.fetch("https://api.openai.com/v1/agents/sessions", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json", "openai-beta": "agents=v1" },
      body: JSON.stringify({
        agent: { model: "gpt-6-astra", tools: [tool] },
        environment: { type: "none" },
        input: "Go.",
        ...extra,
      }),
    });
    const { id } = (await created.json()) as { id: string };
    await settled(id);
    keep("requiredAction", fake.sessions.get(id)?.required_actions ?? []);
    return id;
  };
  // the turn runs on after the answer: wait until it stops (waits for the application, idles or fails)
  const settled = async (id: string) => {
    for (let i = 0; i < 400 && ["queued", "in_progress"].includes(fake.sessions.get(id)?.status ?? ""); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const actionOf = (id: string) => fake.sessions.get(id)?.required_actions[0];
  const answered = await sessions.create({
    agent: { model: "gpt-6-astra", tools: [tool] },
    environment: { type: "openai_hosted" },
  });
  fake.reply(agentStep.functionCall("lookup_order", {}), agentStep.message("Paid."));
  await sessions
    .stream(answered.id, { input: "Where?", toolHandlers: { lookup_order: async () => ({ ok: true }) } })
    .finalResult();
  await run([agentStep.fail("no")]);
  await run([agentStep.functionCall("lookup_order", {})]);
  const cancelled = await run([agentStep.signIn()]);
  await postEvents(cancelled, [{ type: "agent.session.input.cancel" }]);
  const signIn = await run([agentStep.signIn(), agentStep.message("Signed in.")]);
  await postEvents(signIn, [f.agents.approvalResult(actionOf(signIn) as never)]);
  const mcp = await run([agentStep.mcpApproval({ server_label: "docs", name: "search" }), agentStep.message("Ok.")]);
  await postEvents(mcp, [f.agents.mcpApprovalResult(actionOf(mcp) as never, "approve")]);
  fake.reply(agentStep.message("More."));
  await postEvents(answered.id, [{ type: "agent.session.input.message", input: "More?" }]);
  await run([agentStep.subagent({ task: "Check stock.", reply: "In stock." }), agentStep.message("Done.")], {
    agent: { model: "gpt-6-astra", tools: [tool], multi_agent: { enabled: true } },
  });
  // the tools the agent runs itself: a web search, an MCP server's tool, a command in its environment
  await run(
    [
      agentStep.webSearch("refund policy"),
      agentStep.mcpCall("docs", "search", { q: "refunds" }, { output: "30 days" }),
      agentStep.mcpCall("docs", "search", {}, { error: "unreachable" }),
      agentStep.command("ls", { output: "notes.txt\n" }),
      agentStep.message("Done."),
    ],
    {
      agent: {
        model: "gpt-6-astra",
        tools: [
          tool,
          { type: "web_search" },
          { type: "mcp", server_label: "docs", transport: { type: "http", server_url: "https://mcp.example.com" } },
        ],
      },
      environment: { type: "openai_hosted" },
    },
  );
  const disconnected = await run([agentStep.environmentDisconnect(), agentStep.message("Back.")], {
    environment: { type: "self_hosted", remote_url: "https://env.example", workspace_directory: "/w" },
  });
  await fake.reconnectEnvironment(disconnected);
  await settled(disconnected);
  async function postEvents(id: string, events: unknown[]): Promise<void> {
    await fake.fetch(`https://api.openai.com/v1/agents/sessions/${id}/events`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json", "openai-beta": "agents=v1" },
      body: JSON.stringify({ events }),
    });
    await settled(id);
  }
  for (const id of fake.sessions.keys()) keep("agentEvent", fake.events(id));
  // what the application sends: accepted (a 200 for its batch), as the SDK types it
  for (const request of fake.requests)
    if (request.route === "sessions.events" && request.response.status === 200) keep("inputEvent", request.body.events);
}

beforeAll(async () => {
  responses = sdkChecker("ResponsesWire");
  agents = sdkChecker("AgentsWire");
  chat = sdkChecker("ChatWire");
  anthropic = sdkChecker("AnthropicWire");
  gemini = sdkChecker("GeminiWire");
  bedrock = sdkChecker("BedrockWire");
  await produceBedrock();
  await produceChat();
  await produceAnthropic();
  await produceGemini();
  await produceResponses();
  await produceSent();
  await produceAgents();
}, 60_000);

const UNIONS = [
  { kind: "outputItem", wire: "outputItem", label: "Responses output items", checker: () => responses },
  { kind: "streamEvent", wire: "streamEvent", label: "Responses stream events", checker: () => responses },
  { kind: "tool", wire: "tool", label: "Responses tools (accepted, echoed)", checker: () => responses },
  { kind: "inputItem", wire: "inputItem", label: "Responses input items (accepted)", checker: () => responses },
  { kind: "agentEvent", wire: "event", label: "Agents session events", checker: () => agents },
  { kind: "requiredAction", wire: "requiredAction", label: "Agents required actions", checker: () => agents },
  { kind: "inputEvent", wire: "inputEvent", label: "Agents input events (accepted)", checker: () => agents },
  { kind: "chatToolCall", wire: "toolCall", label: "Chat Completions tool calls", checker: () => chat },
  { kind: "anthropicBlock", wire: "contentBlock", label: "Anthropic content blocks", checker: () => anthropic },
  { kind: "anthropicEvent", wire: "event", label: "Anthropic stream events", checker: () => anthropic },
  { kind: "anthropicDelta", wire: "delta", label: "Anthropic content block deltas", checker: () => anthropic },
  { kind: "geminiPart", wire: "part", label: "Gemini parts (by the field set)", checker: () => gemini },
  { kind: "geminiFinish", wire: "finishReason", label: "Gemini finish reasons", checker: () => gemini },
  {
    kind: "bedrockBlock",
    wire: "block",
    label: "Bedrock Converse content blocks (by the field set)",
    checker: () => bedrock,
  },
  {
    kind: "bedrockEvent",
    wire: "event",
    label: "Bedrock ConverseStream events (by the field set)",
    checker: () => bedrock,
  },
  {
    kind: "bedrockDelta",
    wire: "delta",
    label: "Bedrock content block deltas (by the field set)",
    checker: () => bedrock,
  },
  { kind: "bedrockStop", wire: "stopReason", label: "Bedrock stop reasons", checker: () => bedrock },
] as const;

describe.each(UNIONS)("$label", ({ kind, wire, checker }) => {
  test("every member is produced, or listed with its reason; nothing listed is produced or gone", () => {
    const members = checker().members(wire);
    const reasons = NOT_PRODUCED[kind] ?? {};
    const made = produced[kind] ?? new Map();
    expect(members.filter((m) => !made.has(m) && !(m in reasons))).toEqual([]);
    expect(Object.keys(reasons).filter((m) => made.has(m) || !members.includes(m))).toEqual([]);
    expect([...made.keys()].filter((m) => !members.includes(m))).toEqual([]);
  });

  test("what is produced is what the SDK's type says", () => {
    for (const [type, value] of produced[kind] ?? new Map())
      expect({
        type,
        errors: checker()(
          wire,
          kind === "streamEvent"
            ? asTheSdkReadsIt(value)
            : kind === "anthropicBlock" || kind === "anthropicEvent"
              ? asAnthropicSdkReadsIt(value)
              : // a Bedrock member is its field's name (its shape is checked in test/msw/bedrock/)
                kind.startsWith("bedrock")
                ? type
                : value,
        ),
      }).toEqual({
        type,
        errors: [],
      });
  });
});

test("every example sent is what the SDK's type says (a wrong example would measure nothing)", () => {
  const tools = TOOL_EXAMPLES.flatMap((tool) => responses("tool", tool));
  const items = [...INPUT_EXAMPLES.flatMap(({ before = [], item }) => [...before, item])].flatMap((item) =>
    responses("inputItem", item),
  );
  expect([...tools, ...items]).toEqual([]);
});

test("docs/sdk-coverage.md holds the figures (npm run sdk-coverage rewrites it)", () => {
  const rows = UNIONS.map(({ kind, wire, label, checker }) => {
    const members = checker().members(wire);
    const made = members.filter((m) => produced[kind]?.has(m)).length;
    return `| ${label} | ${made} of ${members.length} |`;
  });
  const reasons = UNIONS.flatMap(({ kind, label }) =>
    Object.entries(NOT_PRODUCED[kind] ?? {}).map(([type, why]) => `| ${label} | \`${type}\` | ${why} |`),
  );
  const text = `# SDK coverage

What the fakes produce of each union the installed \`openai\`, \`@anthropic-ai/sdk\`, \`@google/genai\` and
\`@aws-sdk/client-bedrock-runtime\` SDKs
parse (and, of what an application sends, what they accept), member by member, each checked
against the SDK's own shape (\`test/msw/sdk-coverage.test.ts\`). A member the fakes do not produce is listed below with its
reason (\`test/msw/sdkCoverage.ts\`); a new member in a future SDK fails that test with its name.
Written by \`npm run sdk-coverage\`.

| union | produced |
| --- | --- |
${rows.join("\n")}

## Not produced, and why

| union | member | why |
| --- | --- | --- |
${reasons.join("\n")}
`;
  const path = join(root, "docs/sdk-coverage.md");
  if (process.env.SDK_COVERAGE_WRITE === "1") writeFileSync(path, text);
  expect(readFileSync(path, "utf8")).toBe(text);
});
