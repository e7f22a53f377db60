// agentTest's own MSW server never lets an unhandled request reach a guarded host, and leaves
// other hosts alone. Checked against a real local server standing in for the provider.
import { createServer, type Server } from "node:http";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { unhandledGuard } from "../../fixtures/msw/index.js";

let hits = 0;
let server: Server;
let port = 0;
const msw = setupServer();

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.end("reached");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.address() as { port: number }).port;
  msw.listen(unhandledGuard(/^127\.0\.0\.1$/) as never);
});
afterAll(() => {
  msw.close();
  server.close();
});

test("an unhandled request to a guarded host fails, never arrives, and says so", async () => {
  const response = await fetch(`http://127.0.0.1:${port}/v1/responses`);
  expect(response.status).toBe(400);
  expect(response.headers.get("x-should-retry")).toBe("false");
  expect(await response.json()).toEqual({
    error: {
      message: expect.stringMatching(
        /^agent-testkit: GET http:\/\/127\.0\.0\.1:\d+\/v1\/responses has no fake handler; it was not sent to the real provider/,
      ),
      type: "invalid_request_error",
      param: null,
      code: "unhandled_request",
    },
  });
  expect(hits).toBe(0);
});

test("the official client does not retry a blocked request", async () => {
  let attempts = 0;
  const client = new OpenAI({
    apiKey: "test-key",
    baseURL: `http://127.0.0.1:${port}/v1`,
    maxRetries: 2,
    fetch: (input, init) => {
      attempts++;
      return fetch(input, init);
    },
  });
  await expect(client.responses.create({ model: "gpt-5", input: "x" })).rejects.toMatchObject({
    status: 400,
    code: "unhandled_request",
  });
  expect(attempts).toBe(1);
  expect(hits).toBe(0);
});

test("other hosts are left alone", async () => {
  const before = hits;
  const response = await fetch(`http://localhost:${port}/`);
  expect(await response.text()).toBe("reached");
  expect(hits).toBe(before + 1);
});
