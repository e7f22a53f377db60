// The factories and the fakes in Jest's default CommonJS mode, with no flags: faker is ESM-only,
// so the CommonJS build bundles it. Clients use `fake.fetch`, which needs no MSW.
const OpenAI = require("openai").default;
const { createFactories, examples } = require("agent-testkit/factories");
const Anthropic = require("@anthropic-ai/sdk").default;
const { fakeResponses, fakeAgents, fakeAnthropic, fakeChatCompletions, turn, agentStep } = require("agent-testkit/msw");

const tools = [examples.salesTool, examples.lookupOrderTool];

test("factories: seeded items and invalid cases", () => {
  const f = createFactories({ seed: 3, tools });
  const call = f.functionCall({ name: "lookup_order" });
  expect(call).toBeReplayable(tools);
  expect(createFactories({ seed: 3, tools }).functionCall({ name: "lookup_order" })).toEqual(call);
  for (const c of f.invalid.all()) if (c.check === "gate") expect(c.item).toHaveReplayReason(c.reason, c.tools);
});

test("the Responses fake through fake.fetch, with a module-level style client", async () => {
  const fake = fakeResponses({ tools }).reply(
    turn.functionCall("get_latest_sales_report", { region: "apac" }),
    turn.message("Up 4%."),
  );
  const client = new OpenAI({ fetch: fake.fetch, maxRetries: 0 });
  const first = await client.responses.create({ model: "gpt-5", input: "How is APAC?" });
  expect(first.output[0]).toBeReplayable(tools);
  const second = await client.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: first.output[0].call_id, output: "report" }],
  });
  expect(second.output_text).toBe("Up 4%.");
  expect(fake.requests[1].body.input[0]).toPairWithCall(first.output[0]);
});

test("the Agents fake through fake.fetch", async () => {
  const agents = fakeAgents().reply(
    agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
    agentStep.message("Paid."),
  );
  const sessions = new OpenAI({ fetch: agents.fetch, maxRetries: 0 }).beta.agents.sessions;
  const session = await sessions.create({
    agent: { model: "gpt-6-astra", tools: [examples.lookupOrderTool] },
    environment: { type: "openai_hosted" },
    input: "A-1042?",
  });
  expect(session).toRequireAction({ name: "lookup_order" });
  const [action] = session.required_actions;
  await sessions.events.create(session.id, {
    events: [
      {
        type: "agent.session.input.tool_result",
        turn_id: action.turn_id,
        call_id: action.call_id,
        success: true,
        output: "paid",
      },
    ],
  });
  expect(await sessions.retrieve(session.id)).toHaveNoPendingActions();
  expect(agents.toolResults[0]).toPairWithCall(agents.items(session.id).find((i) => i.type === "function_call"));
});

test("the conversation matchers, in Jest", async () => {
  const fake = fakeResponses({ tools }).reply(
    turn.functionCall("lookup_order", { order_id: "A-1042" }),
    turn.message("Paid."),
  );
  const client = new OpenAI({ fetch: fake.fetch, maxRetries: 0 });
  const first = await client.responses.create({ model: "gpt-5", input: "A-1042?" });
  await client.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: first.output[0].call_id, output: '{"status":"paid"}' }],
  });
  expect(fake).toHaveCalledTool("lookup_order", { order_id: expect.stringMatching(/^A-/) });
  expect(fake).toHaveCalledToolTimes("lookup_order", 1);
  expect(fake).toHaveAnsweredCall(first.output[0], { status: "paid" });
  expect(fake).toHaveReceivedNthRequest(2, { previous_response_id: first.id });
  expect(fake).not.toHaveReceivedRequest({ model: "gpt-4o" });
  expect([first.output[0]]).toEqual([expect.toHaveCalledTool("lookup_order")]);
});

test("toKeepPromptCachePrefix, in Jest: a changed instruction names the request, the path and the tokens lost", async () => {
  const long = "Answer as the sales desk would. ".repeat(188).slice(0, 6000);
  const fake = fakeResponses().reply(turn.message("One."), turn.message("Two."));
  const client = new OpenAI({ fetch: fake.fetch, maxRetries: 0 });
  await client.responses.create({ model: "gpt-5", instructions: long, input: "Hi" });
  expect(fake).toKeepPromptCachePrefix();
  await client.responses.create({ model: "gpt-5", instructions: `${long.slice(0, 100)}!`, input: "Hi" });
  expect(fake).not.toKeepPromptCachePrefix();
  expect(() => expect(fake).toKeepPromptCachePrefix()).toThrow(
    /request #2 changes \/instructions at character 100 .*: 1,408 cached tokens of request #1 lost/,
  );
});

describe("a stream's clock under Jest's fake timers: the three apps it is for, in milliseconds", () => {
  /** The app: reads a stream, gives up on a time-to-first-token budget or an idle timeout. */
  const answer = async (client, { ttftMs = Infinity, idleMs = Infinity } = {}) => {
    const abort = new AbortController();
    const ttft = Number.isFinite(ttftMs) ? setTimeout(() => abort.abort("ttft"), ttftMs) : undefined;
    let idle;
    const arm = () => {
      clearTimeout(idle);
      if (Number.isFinite(idleMs)) idle = setTimeout(() => abort.abort("idle"), idleMs);
    };
    arm();
    let text = "";
    try {
      const stream = await client.responses.create(
        { model: "gpt-5", input: "Hi", stream: true },
        { signal: abort.signal },
      );
      for await (const event of stream) {
        arm();
        if (event.type === "response.output_text.delta") {
          clearTimeout(ttft);
          text += event.delta;
        }
      }
    } finally {
      clearTimeout(ttft);
      clearTimeout(idle);
    }
    if (abort.signal.aborted) throw new Error(String(abort.signal.reason));
    return text;
  };
  const advanced = async (work) => {
    const settled = work.then(
      (value) => ({ value }),
      (error) => ({ error }),
    );
    await jest.advanceTimersByTimeAsync(120000);
    const outcome = await settled;
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  };
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test("a 2 s time-to-first-token budget against a first delta 5 s away", async () => {
    const fake = fakeResponses().reply(turn.message("Slow.").timed({ firstDeltaMs: 5000 }));
    await expect(advanced(answer(new OpenAI({ fetch: fake.fetch, maxRetries: 0 }), { ttftMs: 2000 }))).rejects.toThrow(
      "ttft",
    );
    expect(fake.requests[0].response.interrupted).toBe(true);
    expect(fake.requests[0].response.events.some((e) => e.type === "response.output_text.delta")).toBe(false);
  });

  test("a 30 s idle timeout against a 60 s stall after the 5th event", async () => {
    const fake = fakeResponses().reply(turn.message("Never finished.").timed({ stall: { after: 5, ms: 60000 } }));
    await expect(advanced(answer(new OpenAI({ fetch: fake.fetch, maxRetries: 0 }), { idleMs: 30000 }))).rejects.toThrow(
      "idle",
    );
    expect(fake.requests[0].response.events).toHaveLength(5);
  });

  test("a stream dropped after its 6th event, retried", async () => {
    const fake = fakeResponses().reply(
      turn.message("Cut short.").timed({ firstDeltaMs: 1000, drop: { after: 6 } }),
      turn.message("Whole."),
    );
    const client = new OpenAI({ fetch: fake.fetch, maxRetries: 0 });
    expect(await advanced(answer(client).catch(() => answer(client)))).toBe("Whole.");
    expect(fake.requests[0].response.dropped).toBe(true);
  });
});

test("where msw cannot load (MSW 3 here, ESM-only), fake.handlers says so and what works; fake.fetch is unaffected", async () => {
  const fake = fakeResponses().reply(turn.message("still here"));
  let error;
  try {
    fake.handlers;
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toMatch(/^agent-testkit: fake\.handlers needs msw, which cannot be loaded here: \S/);
  expect(error.message).toContain("transformIgnorePatterns");
  expect(error.message).toContain("fake.fetch and fake.listen() need no msw.");
  expect(error.cause).toBeDefined();
  expect(() => fake.webSocketHandlers).toThrow(/fake\.handlers needs msw, which cannot be loaded here/);
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch });
  expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("still here");
});

test("the Chat Completions fake through fake.fetch, streamed, with the matchers on it", async () => {
  const chat = fakeChatCompletions().reply(
    turn.functionCall("lookup_order", { order_id: "A-1042" }),
    turn.message("Paid."),
  );
  const client = new OpenAI({ apiKey: "test", fetch: chat.fetch, maxRetries: 0 });
  const chatTools = [
    { type: "function", function: { name: "lookup_order", parameters: examples.lookupOrderTool.parameters } },
  ];
  const messages = [{ role: "user", content: "Is A-1042 paid?" }];
  const first = await client.chat.completions.create({ model: "gpt-5", messages, tools: chatTools });
  const call = first.choices[0].message.tool_calls[0];
  messages.push(first.choices[0].message, { role: "tool", tool_call_id: call.id, content: "paid" });
  let text = "";
  for await (const chunk of await client.chat.completions.create({
    model: "gpt-5",
    messages,
    tools: chatTools,
    stream: true,
  }))
    text += chunk.choices[0]?.delta.content ?? "";
  expect(text).toBe("Paid.");
  expect(chat).toHaveCalledTool("lookup_order", { order_id: "A-1042" });
  expect(chat).toHaveAnsweredCall(call.id, "paid");
  expect(messages).toHaveAllCallsPaired();
});

test("the Anthropic fake through fake.fetch, streamed, with the matchers on it", async () => {
  const claude = fakeAnthropic().reply(
    turn.functionCall("lookup_order", { order_id: "A-1042" }),
    turn.message("Paid."),
  );
  const client = new Anthropic({ apiKey: "test", fetch: claude.fetch, maxRetries: 0 });
  const tools = [{ name: "lookup_order", input_schema: examples.lookupOrderTool.parameters }];
  const messages = [{ role: "user", content: "Is A-1042 paid?" }];
  const first = await client.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools });
  const use = first.content.find((block) => block.type === "tool_use");
  messages.push(
    { role: "assistant", content: first.content },
    { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: "paid" }] },
  );
  const final = await client.messages
    .stream({ model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools })
    .finalMessage();
  expect(final.content[0].text).toBe("Paid.");
  expect(claude).toHaveCalledTool("lookup_order", { order_id: "A-1042" });
  expect(claude).toHaveAnsweredCall(use.id, "paid");
  expect(messages).toHaveAllCallsPaired();
});
