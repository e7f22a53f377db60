// unhandledGuard with MSW 2 (onUnhandledRequest): an unhandled request to a guarded host fails
// and never reaches it; other hosts are left alone. A local server stands in for the provider.
import { createServer, type Server } from "node:http";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, test } from "vitest";
import { unhandledGuard } from "agent-testkit/vitest4";

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

test("a guarded host is never reached", async () => {
  const outcome = await fetch(`http://127.0.0.1:${port}/v1/responses`).then((r) => r.status, () => "network error");
  expect([500, "network error"]).toContain(outcome);
  expect(hits).toBe(0);
});

test("other hosts are left alone", async () => {
  expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe("reached");
});
