// Issue 36 (12, 13): a scripted tool item that cannot be served is a clear 400 naming the field,
// never a TypeError from inside the fake; what a builder is given is checked against the SDK's
// item types; a web search follows the request (its include, its allowed domains, the user's
// question as its query). Driven by the official client.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

const client = (fake: ReturnType<typeof fakeResponses>) =>
  new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });

describe("a hosted builder given what the SDK types otherwise", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const cases: [string, () => ReturnType<typeof turn.message>, unknown[], RegExp][] = [
    [
      "turn.mcpListTools without tools",
      () => (turn.mcpListTools as (label: string) => ReturnType<typeof turn.message>)("docs"),
      [{ type: "mcp", server_label: "docs", server_url: "https://docs.example/mcp" }],
      /turn\.mcpListTools\("docs"\) names no tools, and its server_url \(https:\/\/docs\.example\/mcp\) is no fakeMcp's/,
    ],
    [
      "turn.webSearch with an object query",
      () => turn.webSearch({ q: "x" } as never),
      [{ type: "web_search" }],
      /web_search_call" cannot be served: its query must be a string/,
    ],
    [
      "turn.program with an object code",
      () => turn.program({ code: "print(1)" } as never),
      [{ type: "programmatic_tool_calling" }],
      /"program" cannot be served: its code must be a string/,
    ],
    [
      "turn.localShellCall with one string",
      () => turn.localShellCall("rm -rf /" as never),
      [{ type: "local_shell" }],
      /local_shell_call" cannot be served: its command must be an array of strings \(got "rm -rf \/"\)/,
    ],
    [
      "turn.mcpCall with cyclic arguments",
      () => turn.mcpCall("docs", "search", cyclic),
      [{ type: "mcp", server_label: "docs", server_url: "https://docs.example/mcp", require_approval: "never" }],
      /mcp_call" cannot be served: its arguments must be a JSON value/,
    ],
    [
      "turn.mcpCall with BigInt arguments",
      () => turn.mcpCall("docs", "search", { n: 1n }),
      [{ type: "mcp", server_label: "docs", server_url: "https://docs.example/mcp", require_approval: "never" }],
      /mcp_call" cannot be served: its arguments must be a JSON value/,
    ],
    [
      "turn.codeInterpreter with null code",
      () => turn.codeInterpreter(null as never),
      [{ type: "code_interpreter", container: { type: "auto" } }],
      /code_interpreter_call" cannot be served: its code must be a string \(got null\)/,
    ],
  ];
  test.each(cases)(
    "%s: a 400 invalid_scripted_call naming the field, strict or lax",
    async (_, build, tools, message) => {
      for (const strict of [true, false]) {
        const fake = fakeResponses({ strict }).reply(build());
        const refused = client(fake).responses.create({ model: "gpt-5", input: "Hi", tools: tools as never });
        await expect(refused).rejects.toMatchObject({ status: 400, code: "invalid_scripted_call" });
        await expect(refused).rejects.toThrow(message);
      }
    },
  );
});

describe("a web search as the request asks for it", () => {
  test("action.sources only with include: ['web_search_call.action.sources']; the query is the user's question", async () => {
    const fake = fakeResponses().reply(turn.webSearch(), turn.webSearch("fixed query"));
    const plain = await client(fake).responses.create({
      model: "gpt-5",
      input: "Weather in Oslo?",
      tools: [{ type: "web_search" }],
    });
    expect(plain.output[0]).toEqual({
      type: "web_search_call",
      id: expect.any(String),
      status: "completed",
      action: { type: "search", query: "Weather in Oslo?" },
    });
    const included = await client(fake).responses.create({
      model: "gpt-5",
      input: "Weather?",
      tools: [{ type: "web_search" }],
      include: ["web_search_call.action.sources"],
    });
    expect(included.output[0]).toMatchObject({
      action: { type: "search", query: "fixed query", sources: [{ type: "url", url: "https://example.com/" }] },
    });
  });

  test("unscripted sources and their citations are on the tool's allowed domains", async () => {
    const fake = fakeResponses().reply(turn.webSearch("news"));
    const answer = await client(fake).responses.create({
      model: "gpt-5",
      input: "News?",
      tools: [{ type: "web_search", filters: { allowed_domains: ["nrk.no", "yr.no"] } }],
      include: ["web_search_call.action.sources"],
    });
    const [search, message] = answer.output;
    expect(search).toMatchObject({
      action: { sources: [{ url: "https://nrk.no/" }, { url: "https://yr.no/" }] },
    });
    const urls =
      message?.type === "message"
        ? message.content.flatMap((part) =>
            part.type === "output_text" ? part.annotations.map((a) => (a.type === "url_citation" ? a.url : "")) : [],
          )
        : [];
    expect(urls).toEqual(["https://nrk.no/", "https://yr.no/"]);
  });
});

describe("the hosted multi-agent beta (client.beta.responses)", () => {
  test("the model's messages are the root agent's, the last its final answer; multi_agent is echoed", async () => {
    const fake = fakeResponses().reply(
      turn.multiAgent(
        "spawn_agent",
        { task: "Find the refund policy." },
        {
          agent: "researcher",
          output: "researcher started",
          next: turn.output(turn.message("Asking the researcher."), turn.message("Refunds take 30 days.")),
        },
      ),
    );
    const answer = await new OpenAI({ apiKey: "k", fetch: fake.fetch }).beta.responses.create({
      model: "gpt-5",
      input: "Refund policy?",
      multi_agent: { enabled: true, max_concurrent_subagents: 2 },
    });
    const messages = answer.output.filter((item) => item.type === "message");
    // the Python Agents SDK takes its final output from agent.agent_name "/root" and phase "final_answer"
    expect(messages.map((m) => [m.agent?.agent_name, m.phase])).toEqual([
      ["/root", "commentary"],
      ["/root", "final_answer"],
    ]);
    // not in the JS beta SDK's Response type yet; the Python SDK reads it back
    expect(answer).toMatchObject({ multi_agent: { enabled: true, max_concurrent_subagents: 2 } });
  });

  test("without multi_agent, messages carry neither", async () => {
    const fake = fakeResponses().reply(turn.message("Hi."));
    const answer = await client(fake).responses.create({ model: "gpt-5", input: "Hi" });
    expect(answer.output[0]).not.toHaveProperty("agent");
    expect(answer.output[0]).not.toHaveProperty("phase");
    expect(answer).not.toHaveProperty("multi_agent");
  });
});
