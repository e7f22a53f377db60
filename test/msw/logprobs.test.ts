// Log probabilities, when a request asks for them: deterministic, one entry per streamed delta,
// on the deltas, the done event and the stored part alike, in the shape the SDK types.
import OpenAI from "openai";
import { expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";
import { expectSpecValid } from "./responses.scenarios.js";

const ask = { model: "gpt-5", input: "Hi", include: ["message.output_text.logprobs" as const], top_logprobs: 2 };

test("asked for: each token's logprob, its bytes and its alternatives, the same on the deltas and in the response", async () => {
  const fake = fakeResponses({ deltas: 3 }).reply(turn.message("Sales are up."), turn.message("Sales are up."));
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  const stream = await client.responses.create({ ...ask, stream: true });
  const deltas: unknown[] = [];
  let done: unknown[] = [];
  let final: OpenAI.Responses.Response | undefined;
  for await (const event of stream) {
    if (event.type === "response.output_text.delta") deltas.push(...event.logprobs);
    if (event.type === "response.output_text.done") done = event.logprobs;
    if (event.type === "response.completed") final = event.response;
  }
  const part = final?.output[0]?.type === "message" ? final.output[0].content[0] : undefined;
  const logprobs = part?.type === "output_text" ? part.logprobs : undefined;
  expect(logprobs?.map((l) => l.token).join("")).toBe("Sales are up.");
  expect(logprobs).toHaveLength(3);
  for (const entry of logprobs ?? []) {
    expect(entry.bytes).toEqual([...new TextEncoder().encode(entry.token)]);
    expect(entry.logprob).toBeLessThanOrEqual(0);
    expect(entry.top_logprobs).toHaveLength(2);
    expect(entry.top_logprobs[0]).toMatchObject({ token: entry.token, logprob: entry.logprob });
  }
  expect(deltas).toEqual(logprobs);
  expect(done).toEqual(logprobs);
  // the same text, the same figures
  const again = await client.responses.create(ask);
  expect(again.output[0]?.type === "message" && again.output[0].content[0]).toMatchObject({ logprobs });
  expectSpecValid(fake);
});

test("not asked for: none", async () => {
  const fake = fakeResponses().reply(turn.message("Hi."));
  const response = await new OpenAI({ apiKey: "k", fetch: fake.fetch }).responses.create({
    model: "gpt-5",
    input: "Hi",
  });
  expect(response.output[0]?.type === "message" && response.output[0].content[0]).not.toHaveProperty("logprobs");
});
