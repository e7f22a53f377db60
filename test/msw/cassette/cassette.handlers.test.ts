// Recording and replaying through fake.handlers on a strict MSW server: the requests to the
// provider bypass MSW (they are the cassette's, not the app's), and nothing else gets out.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { expect, test } from "vitest";
import { fakeResponses } from "../../../fixtures/msw/index.js";
import { strictServer } from "../server.js";
import { KEY, toolLoop, useProvider } from "./helpers.js";

const server = strictServer();
const provider = useProvider();

test("through fake.handlers: recorded, then replayed, streamed", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "agent-testkit-cassette-msw-")), "msw.jsonl");
  server.resetHandlers(
    ...fakeResponses({ cassette: { path, mode: "record", upstream: provider.urls.responses, apiKey: KEY } }).handlers,
  );
  const recorded = await toolLoop(new OpenAI({ apiKey: KEY, maxRetries: 0 }), "Where is D-4004?", true);
  expect(recorded.text).toBe('Order status: {"order_id":"D-4004","status":"paid"}');
  server.resetHandlers(...fakeResponses({ cassette: { path, mode: "replay" } }).handlers);
  expect(await toolLoop(new OpenAI({ apiKey: KEY, maxRetries: 0 }), "Where is D-4004?", true)).toEqual(recorded);
});
