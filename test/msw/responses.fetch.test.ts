import { responsesScenarios } from "./responses.scenarios.js";
import { surfaceScenarios } from "./responses.surfaces.scenarios.js";
import { storageScenarios } from "./storage.scenarios.js";
import { viaFetch } from "./transports.js";

const transport = viaFetch();
responsesScenarios(transport);
surfaceScenarios(transport);
storageScenarios(transport);

import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { examples } from "../../fixtures/factories/index.js";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

test("without Authorization: 401; malformed JSON: 400; unknown path: 404 — all OpenAI-shaped", async () => {
  const fake = fakeResponses();
  const url = "https://api.openai.com/v1/responses";
  const noAuth = await fake.fetch(url, { method: "POST", body: "{}" });
  expect(noAuth.status).toBe(401);
  expect(await noAuth.json()).toMatchObject({ error: { type: "invalid_request_error", code: "missing_api_key" } });
  const malformed = await fake.fetch(url, {
    method: "POST",
    headers: { authorization: "Bearer k" },
    body: '{"model": "gpt-5", ',
  });
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toMatchObject({
    error: {
      type: "invalid_request_error",
      code: "invalid_json",
      message: expect.stringContaining("could not parse the JSON body"),
    },
  });
  const unknown = await fake.fetch("https://api.openai.com/v1/responsez", { headers: { authorization: "Bearer k" } });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({
    error: { code: "unknown_url", message: expect.stringContaining("/v1/responsez") },
  });
  await expect(fake.fetch("https://example.com/v1/responses")).rejects.toThrow(
    /no route for GET https:\/\/example.com/,
  );
});

describe("scripted calls: one policy for both fakes", () => {
  const tools = [examples.salesTool, examples.lookupOrderTool];
  // default retries
  const client = (fake: ReturnType<typeof fakeResponses>) => new OpenAI({ apiKey: "test-key", fetch: fake.fetch });

  test("arguments that break the tool's schema are a 400 invalid_scripted_call naming the problem, never retried", async () => {
    const fake = fakeResponses({ tools }).reply(turn.functionCall("get_latest_sales_report", { region: "mars" }));
    const error = await client(fake)
      .responses.create({ model: "gpt-5", input: "x", tools: tools as never })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: "invalid_scripted_call" });
    expect((error as Error).message).toMatch(
      /the scripted call "get_latest_sales_report" does not fit the tools in play: \/region must be equal to one of the allowed values .*"mars" \[enum\]\. Fix the script, or script a deliberately invalid call with turn\.invalidCall/,
    );
    expect(fake.requests).toHaveLength(1);
  });

  test("a tool that is not in play is refused the same way (request tools, else the fake's tools option)", async () => {
    const fake = fakeResponses({ tools: [examples.salesTool] }).reply(
      turn.functionCall("lookup_order", { order_id: "A-1042" }),
      turn.functionCall("refund"),
    );
    await expect(client(fake).responses.create({ model: "gpt-5", input: "x" })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('no tool named "lookup_order" is in play (tools: "get_latest_sales_report")'),
    });
    await expect(
      client(fake).responses.create({ model: "gpt-5", input: "x", tools: tools as never }),
    ).rejects.toMatchObject({
      message: expect.stringContaining(
        'no tool named "refund" is in play (tools: "get_latest_sales_report", "lookup_order")',
      ),
    });
  });

  test("turn.invalidCall() serves a deliberately invalid call as scripted; strict: false serves any script", async () => {
    const fake = fakeResponses({ tools }).reply(
      turn.invalidCall("get_latest_sales_report", { region: "mars" }),
      turn.invalidCall("anything", '{"region":'),
    );
    const first = await client(fake).responses.create({ model: "gpt-5", input: "x", tools: tools as never });
    expect(first.output[0]).toHaveReplayReason("arguments_schema", tools);
    const second = await client(fake).responses.create({ model: "gpt-5", input: "x", tools: tools as never });
    expect(second.output[0]).toMatchObject({ name: "anything", arguments: '{"region":' });
    const lax = fakeResponses({ tools, strict: false }).reply(
      turn.functionCall("get_latest_sales_report", { region: "mars" }),
    );
    expect((await client(lax).responses.create({ model: "gpt-5", input: "x" })).output[0]).toHaveStringArguments({
      region: "mars",
    });
  });
});
