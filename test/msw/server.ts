import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * The MSW server of a test file: never reaches a real provider. MSW 3 calls the option
 * `onUnhandledFrame`, MSW 2 `onUnhandledRequest`; both are set to "error".
 */
export function strictServer() {
  const server = setupServer();
  beforeAll(() =>
    server.listen({ onUnhandledFrame: "error", onUnhandledRequest: "error" } as Parameters<typeof server.listen>[0]),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
