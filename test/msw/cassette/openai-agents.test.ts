// @openai/agents' run() recorded from the provider process, then replayed from the cassette:
// the same final output, streamed and not; its second request (with the tool's output) matches
// the recording because the ids it carries are the ones the replay served.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool } from "@openai/agents";
import OpenAI from "openai";
import { expect, test } from "vitest";
import { z } from "zod";
import { readCassette } from "../../../fixtures/msw/cassette/file.js";
import { type CassetteOptions, fakeResponses } from "../../../fixtures/msw/index.js";
import { KEY, useProvider } from "./helpers.js";

setTracingDisabled(true);
const provider = useProvider();

const lookupOrder = tool({
  name: "lookup_order",
  description: "Look up an order.",
  parameters: z.object({ order_id: z.string().regex(/^[A-Z]-\d{4}$/) }),
  execute: async ({ order_id }) => `order ${order_id}: paid`,
});

async function ask(cassette: CassetteOptions, stream: boolean): Promise<unknown> {
  const fake = fakeResponses({ cassette });
  const agent = new Agent({
    name: "Orders",
    instructions: "Look orders up.",
    model: new OpenAIResponsesModel(new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }), "gpt-5"),
    tools: [lookupOrder],
  });
  if (!stream) return (await run(agent, "Where is A-1042?")).finalOutput;
  const result = await run(agent, "Where is A-1042?", { stream: true });
  for await (const _ of result.toStream()) void _;
  await result.completed;
  return result.finalOutput;
}

test.each([false, true])("run() with stream: %s, recorded then replayed", async (stream) => {
  const path = join(mkdtempSync(join(tmpdir(), "agent-testkit-agents-sdk-")), "run.jsonl");
  const recorded = await ask({ path, mode: "record", upstream: provider.urls.responses, apiKey: KEY }, stream);
  expect(recorded).toBe("Order status: order A-1042: paid");
  expect(readCassette(path)).toHaveLength(2);
  expect(await ask({ path, mode: "replay" }, stream)).toBe(recorded);
});
