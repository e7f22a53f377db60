// Both fakes answer an unknown route and a wrong method with the same error: one message per code.
import { expect, test } from "vitest";
import { fakeAgents, fakeResponses } from "../../fixtures/msw/index.js";

const auth = { authorization: "Bearer sk-test", "openai-beta": "agents=v1" };

test.each([
  ["Responses", () => fakeResponses().fetch, "/v1/nowhere", "/v1/responses"],
  ["Agents", () => fakeAgents().fetch, "/v1/agents/nowhere", "/v1/agents/sessions"],
] as const)(
  "the %s fake: 404 unknown_url and 405 method_not_allowed, worded as the other fake words them",
  async (_name, fetchOf, unknown, known) => {
    const fetch = fetchOf();
    const missing = await fetch(`https://api.openai.com${unknown}`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        message: `Invalid URL (GET ${unknown}).`,
        type: "invalid_request_error",
        param: null,
        code: "unknown_url",
      },
    });
    const wrong = await fetch(`https://api.openai.com${known}`, { method: "PUT", headers: auth });
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toEqual({
      error: {
        message: expect.stringMatching(/^Method PUT is not supported on \//),
        type: "invalid_request_error",
        param: null,
        code: "method_not_allowed",
      },
    });
  },
);

test.each([
  ["Responses", "/v1/files/file-none", "/files/{file_id}", () => fakeResponses().fetch],
  [
    "Responses",
    "/v1/vector_stores/vs_none/file_batches/b_none",
    "/vector_stores/{vector_store_id}/file_batches/{batch_id}",
    () => fakeResponses().fetch,
  ],
  ["Agents", "/v1/agents/sessions/sess_none", "/agents/sessions/{session_id}", () => fakeAgents().fetch],
  ["Agents", "/v1/agents/sessions/sess_none/turns", "/agents/sessions/{session_id}/turns", () => fakeAgents().fetch],
] as const)(
  "the %s fake answers PUT %s with a 405 naming the route, before it looks anything up",
  async (_name, path, route, fetchOf) => {
    const wrong = await fetchOf()(`https://api.openai.com${path}`, { method: "PUT", headers: auth });
    expect(wrong.status).toBe(405);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      `Method PUT is not supported on ${route}.`,
    );
  },
);

test("an error the fake did not mean to throw is a 500 naming it on one line, over HTTP as over WebSocket", async () => {
  const fake = fakeResponses().respond(() => {
    throw new Error("first line\nsecond line");
  });
  const response = await fake.fetch("https://api.openai.com/v1/responses", {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-5", input: "Hi" }),
  });
  expect(response.status).toBe(500);
  expect(response.headers.get("x-should-retry")).toBe("false");
  expect(await response.json()).toMatchObject({
    error: { message: "agent-testkit fake failed: first line\\nsecond line", type: "server_error" },
  });
});
