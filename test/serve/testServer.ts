// A `serve` server for a test file (started before its tests, closed after them) and a call to its
// control API as a suite in any language makes one: plain HTTP, JSON in and out.
import { afterAll, beforeAll } from "vitest";
import { startServer, type TestkitServer } from "../../fixtures/serve/server.js";

export function useServer() {
  let server: TestkitServer | undefined;
  beforeAll(async () => {
    server = await startServer({ strict: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = (): TestkitServer => {
    if (!server) throw new Error("the server starts before the file's tests");
    return server;
  };
  return {
    get server() {
      return current();
    },
    /** `{ status, json }` of a control request (`body`: a value sent as JSON, or a string as it is). */
    async call(method: string, path: string, body?: unknown) {
      const response = await fetch(`${current().url}/_testkit${path}`, {
        method,
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
  };
}
