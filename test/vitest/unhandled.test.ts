// agentTest's own MSW server never lets an unhandled request reach a guarded host, and leaves
// other hosts alone. Checked against a real local server standing in for the provider.
import { createServer, type Server } from "node:http";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, test } from "vitest";
import { unhandledGuard } from "../../matchers/vitest.js";

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

test("an unhandled request to a guarded host fails and never arrives", async () => {
  // MSW turns the guard's error into a 500 "Unhandled Exception" response (or a network error).
  const outcome = await fetch(`http://127.0.0.1:${port}/v1/responses`).then((r) => r.status, () => "network error");
  expect([500, "network error"]).toContain(outcome);
  expect(hits).toBe(0);
});

test("other hosts are left alone", async () => {
  const response = await fetch(`http://localhost:${port}/`);
  expect(await response.text()).toBe("reached");
  expect(hits).toBe(1);
});
