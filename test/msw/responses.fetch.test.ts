import { responsesScenarios } from "./responses.scenarios.js";
import { viaFetch } from "./transports.js";

responsesScenarios(viaFetch());

import { expect, test } from "vitest";
import { fakeResponses } from "../../fixtures/msw/index.js";

test("without Authorization: 401; malformed JSON: 400; unknown path: 404 — all OpenAI-shaped", async () => {
  const fake = fakeResponses();
  const url = "https://api.openai.com/v1/responses";
  const noAuth = await fake.fetch(url, { method: "POST", body: "{}" });
  expect(noAuth.status).toBe(401);
  expect(await noAuth.json()).toMatchObject({ error: { type: "invalid_request_error", code: "missing_api_key" } });
  const malformed = await fake.fetch(url, { method: "POST", headers: { authorization: "Bearer k" }, body: '{"model": "gpt-5", ' });
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toMatchObject({ error: { type: "invalid_request_error", code: "invalid_json", message: expect.stringContaining("could not parse the JSON body") } });
  const unknown = await fake.fetch("https://api.openai.com/v1/responsez", { headers: { authorization: "Bearer k" } });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: { code: "unknown_url", message: expect.stringContaining("/v1/responsez") } });
  await expect(fake.fetch("https://example.com/v1/responses")).rejects.toThrow(/no route for GET https:\/\/example.com/);
});
