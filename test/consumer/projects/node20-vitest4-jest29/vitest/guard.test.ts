// unhandledGuard with MSW 2 (onUnhandledRequest): an unhandled request to a guarded host fails
// and never reaches it; other hosts are left alone. A local server stands in for the provider.
import { createServer, type Server } from "node:http";
import { unhandledGuard } from "agent-testkit/msw";
import { setupServer } from "msw/node";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";

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

test("a guarded host is never reached; the answer says why and is not retryable", async () => {
  const response = await fetch(`http://127.0.0.1:${port}/v1/responses`);
  expect(response.status).toBe(400);
  expect(response.headers.get("x-should-retry")).toBe("false");
  expect(await response.json()).toMatchObject({
    error: { code: "unhandled_request", message: expect.stringContaining("has no fake handler") },
  });
  expect(hits).toBe(0);
});

test("the official client does not retry a blocked request", async () => {
  let attempts = 0;
  const client = new OpenAI({
    apiKey: "k",
    baseURL: `http://127.0.0.1:${port}/v1`,
    maxRetries: 2,
    fetch: (input, init) => (attempts++, fetch(input, init)),
  });
  await expect(client.responses.create({ model: "gpt-5", input: "x" })).rejects.toMatchObject({
    status: 400,
    code: "unhandled_request",
  });
  expect(attempts).toBe(1);
  expect(hits).toBe(0);
});

test("other hosts are left alone", async () => {
  expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe("reached");
});
