import { expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { responsesScenarios } from "./responses.scenarios.js";
import { surfaceScenarios } from "./responses.surfaces.scenarios.js";
import { storageScenarios } from "./storage.scenarios.js";
import { viaListen } from "./transports.js";

const transport = viaListen();
responsesScenarios(transport);
surfaceScenarios(transport);
storageScenarios(transport);

// The loopback server writes a JSON answer in one go, its length known (no chunked body read back
// from the Response's stream); a streamed answer stays chunked.
test("listen(): a JSON answer carries its content-length, a stream is chunked", async () => {
  const fake = fakeResponses().reply(turn.message("Sized."), turn.message("Streamed."));
  const server = await fake.listen();
  try {
    const ask = (stream: boolean) =>
      fetch(`${server.url}/responses`, {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-5", input: "Hi", stream }),
      });
    const json = await ask(false);
    const text = await json.text();
    expect(json.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(json.headers.get("transfer-encoding")).toBeNull();
    expect(text).toContain("Sized.");
    const streamed = await ask(true);
    expect(streamed.headers.get("content-length")).toBeNull();
    expect(await streamed.text()).toContain("response.completed");
  } finally {
    await server.close();
  }
});
