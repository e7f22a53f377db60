// Hostile input to both fakes, on every transport: a test suite's host process must survive
// anything a client sends, and every client error is a 4xx with an OpenAI-shaped body.
import { connect } from "node:net";
import OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { describe, expect, test } from "vitest";
import { agentStep, fakeAgents, fakeResponses, turn } from "../../fixtures/msw/index.js";
import { lookupOrder } from "../msw/agents.scenarios.js";

const auth = { authorization: "Bearer k", "content-type": "application/json" };
const agentsHeaders = { ...auth, "openai-beta": "agents=v1" };

/** The JSON text of `[[[…]]]` nested `depth` deep (JSON.stringify itself would overflow). */
function nested(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** Sends raw bytes to a loopback server and reads the whole answer. */
function raw(url: string, bytes: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

async function expectOpenAIError(response: Response, status: number, code?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { message: string; type: string; code: string | null } };
  expect(body.error).toEqual({
    message: expect.any(String),
    type: expect.any(String),
    param: expect.toBeOneOf([null, expect.any(String)]),
    code: code ?? expect.anything(),
  });
}

describe("deep, huge or odd input is a 400 and the fake keeps serving", () => {
  test("Responses, streaming, through the loopback server: metadata nested 5,000 deep", async () => {
    const fake = fakeResponses().reply(turn.message("still here"));
    const server = await fake.listen();
    try {
      const body = `{"model":"gpt-5","input":"Hi","stream":true,"metadata":{"x":${nested(5000)}}}`;
      await expectOpenAIError(
        await fetch(`${server.url}/responses`, { method: "POST", headers: auth, body }),
        400,
        "invalid_json",
      );
      const client = new OpenAI({ apiKey: "k", baseURL: server.url, maxRetries: 0 });
      expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("still here");
    } finally {
      await server.close();
    }
  });

  test("Agents: a deep create is a 400, streaming or not, and listing keeps working", async () => {
    const fake = fakeAgents().reply(agentStep.message("ok"));
    for (const stream of [false, true]) {
      const body = `{"agent":{"model":"m"},"environment":{"type":"none"},"input":"Hi","stream":${stream},"metadata":{"x":${nested(5000)}}}`;
      await expectOpenAIError(
        await fake.fetch("https://api.openai.com/v1/agents/sessions", { method: "POST", headers: agentsHeaders, body }),
        400,
        "invalid_json",
      );
    }
    const deepTurn = `{"events":[{"type":"agent.session.input.tool_result","turn_id":${nested(3000)},"call_id":"c","success":true,"output":"x"}]}`;
    const sessions = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).beta.agents.sessions;
    const session = await sessions.create({
      agent: { model: "m" },
      environment: { type: "none" },
      input: "Hi",
    } as unknown as SessionCreateParamsNonStreaming);
    await expectOpenAIError(
      await fake.fetch(`https://api.openai.com/v1/agents/sessions/${session.id}/events`, {
        method: "POST",
        headers: agentsHeaders,
        body: deepTurn,
      }),
      400,
    );
    expect((await sessions.list()).data).toHaveLength(1);
  });

  test("bad percent-encoding in the path is a 400 on both fakes", async () => {
    await expectOpenAIError(
      await fakeResponses().fetch("https://api.openai.com/v1/responses/%E0%A4%A", { headers: auth }),
      400,
      "invalid_url",
    );
    await expectOpenAIError(
      await fakeAgents().fetch("https://api.openai.com/v1/agents/sessions/%zz", { headers: agentsHeaders }),
      400,
      "invalid_url",
    );
  });

  test("a body over maxBodyBytes is a 413 on every transport; the default is 16 MiB", async () => {
    const fake = fakeResponses({ maxBodyBytes: 1024 });
    const body = JSON.stringify({ model: "gpt-5", input: "x".repeat(2048) });
    await expectOpenAIError(
      await fake.fetch("https://api.openai.com/v1/responses", { method: "POST", headers: auth, body }),
      413,
      "request_too_large",
    );
    const server = await fake.listen();
    try {
      await expectOpenAIError(
        await fetch(`${server.url}/responses`, { method: "POST", headers: auth, body }),
        413,
        "request_too_large",
      );
    } finally {
      await server.close();
    }
    const big = JSON.stringify({ model: "gpt-5", input: "x".repeat(17 * 1024 * 1024) });
    await expectOpenAIError(
      await fakeResponses().fetch("https://api.openai.com/v1/responses", { method: "POST", headers: auth, body: big }),
      413,
    );
    expect(fake.requests.every((r) => r.response.status === 413)).toBe(true);
  });

  test("the loopback server: an invalid Host is served; a 100 KB header or URL and broken chunking get OpenAI-shaped 4xx bodies", async () => {
    const fake = fakeResponses().reply(turn.message("served"));
    const server = await fake.listen();
    try {
      const path = new URL(server.url).pathname;
      const body = JSON.stringify({ model: "gpt-5", input: "Hi" });
      const badHost = await raw(
        server.url,
        `POST ${path}/responses HTTP/1.1\r\nHost: [not a host\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(badHost).toMatch(/^HTTP\/1\.1 200/);
      expect(badHost).toContain('"text":"served"');
      const hugeHeader = await raw(
        server.url,
        `GET ${path}/responses/x HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(100_000)}\r\n\r\n`,
      );
      expect(hugeHeader).toMatch(/^HTTP\/1\.1 431/);
      expect(JSON.parse(hugeHeader.slice(hugeHeader.indexOf("\r\n\r\n") + 4))).toMatchObject({
        error: { type: "invalid_request_error", code: "headers_too_large" },
      });
      const hugeUrl = await raw(server.url, `GET ${path}/responses/${"a".repeat(100_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
      expect(hugeUrl).toMatch(/^HTTP\/1\.1 431/);
      const chunked = await raw(
        server.url,
        `POST ${path}/responses HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnot a chunk\r\n`,
      );
      expect(chunked).toMatch(/^HTTP\/1\.1 400/);
      expect(chunked).toContain('"code":"malformed_request"');
      const client = new OpenAI({ apiKey: "k", baseURL: server.url, maxRetries: 0 });
      fake.reply(turn.message("and again"));
      expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("and again");
    } finally {
      await server.close();
    }
  });
});

describe("scripts that would block the event loop are refused", () => {
  test("a tool with minItems 100000000 and a call without arguments: a clear error naming the tool and path", async () => {
    const tool = {
      type: "function",
      name: "bulk",
      parameters: {
        type: "object",
        required: ["ids"],
        properties: { ids: { type: "array", minItems: 100_000_000, items: { type: "string" } } },
      },
    };
    const fake = fakeResponses({ tools: [tool] }).reply(turn.functionCall("bulk"));
    const error = await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses
      .create({ model: "gpt-5", input: "x" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500 });
    expect((error as Error).message).toMatch(
      /"bulk".*#\/properties\/ids\/minItems.*minItems 100000000 is more than agent-testkit generates/,
    );
    const agents = fakeAgents().reply(agentStep.functionCall("bulk"));
    const sessions = new OpenAI({ apiKey: "k", fetch: agents.fetch, maxRetries: 0 }).beta.agents.sessions;
    const created = await sessions
      .create({
        agent: { model: "m", tools: [{ ...tool, description: "d" }] },
        environment: { type: "none" },
        input: "x",
      } as never)
      .catch((e: unknown) => e);
    expect(JSON.stringify(created)).toMatch(/minItems 100000000 is more than agent-testkit generates/);
  });

  test("a pattern asking for a 10-million repeat is refused the same way", async () => {
    const tool = {
      type: "function",
      name: "codes",
      parameters: { type: "object", required: ["c"], properties: { c: { type: "string", pattern: "^a{10000000}$" } } },
    };
    const fake = fakeResponses({ tools: [tool] }).reply(turn.functionCall("codes"));
    await expect(
      new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({ model: "gpt-5", input: "x" }),
    ).rejects.toMatchObject({ status: 500, message: expect.stringContaining("more than agent-testkit generates") });
  });
});

describe("no fake's answer depends on what another saw", () => {
  test("fake B refuses a $ref tool schema whether or not fake A has seen a schema with that $id", async () => {
    const id = `https://example.com/hostile-${Date.now()}.json`;
    const referring = [
      { type: "function", name: "book", parameters: { type: "object", properties: { cabin: { $ref: id } } } },
    ];
    const create = (fake: ReturnType<typeof fakeResponses>, tools: unknown) =>
      fake.fetch("https://api.openai.com/v1/responses", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ model: "gpt-5", input: "x", tools }),
      });
    const b = fakeResponses().reply(turn.message("x"), turn.message("x"));
    await expectOpenAIError(await create(b, referring), 400, "invalid_function_parameters");
    const a = fakeResponses().reply(turn.message("x"));
    expect(
      (await create(a, [{ type: "function", name: "cabins", parameters: { $id: id, enum: ["economy"] } }])).status,
    ).toBe(200);
    await expectOpenAIError(await create(b, referring), 400, "invalid_function_parameters");
  });
});

test("the agents' tools used in these tests compile", () => {
  expect(lookupOrder.name).toBe("lookup_order");
});
