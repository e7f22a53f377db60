// What the cassette tests share: a provider process on loopback, and the app under test.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type OpenAI from "openai";
import { afterAll, beforeAll } from "vitest";
import { requireFreshBuild, root } from "../../build.js";
import { lookupOrder } from "../agents.scenarios.js";

export const KEY = "sk-test-recording-KEY-0123456789abcdef";

/** Starts the stand-in provider (provider.mjs) in its own process; `stop` ends it. */
export async function startProvider(): Promise<{
  urls: { responses: string; agents: string };
  stop: () => void;
  process: ChildProcessWithoutNullStreams;
}> {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./provider.mjs", import.meta.url)), KEY], {
    cwd: root,
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the provider exited with ${code}: ${child.stderr.read()}`)));
  });
  return { urls: JSON.parse(line), stop: () => child.stdin.end(), process: child };
}

/** The provider of a test file: started before its tests (on a fresh build), stopped after them. */
export function useProvider(): { readonly urls: { responses: string; agents: string }; stop(): void } {
  let provider: Awaited<ReturnType<typeof startProvider>> | undefined;
  beforeAll(async () => {
    requireFreshBuild("msw.js");
    provider = await startProvider();
  }, 30_000);
  afterAll(() => provider?.stop());
  return {
    get urls() {
      return provider!.urls;
    },
    stop: () => provider?.stop(),
  };
}

export const tool = {
  type: "function" as const,
  name: "lookup_order",
  description: "Look up an order.",
  parameters: lookupOrder.parameters as Record<string, unknown>,
  strict: false,
};

/** The text of a response's messages (a streamed final response has no output_text helper). */
export function textOf(response: OpenAI.Responses.Response): string {
  return response.output
    .flatMap((item) =>
      item.type === "message" ? item.content.map((part) => (part.type === "output_text" ? part.text : "")) : [],
    )
    .join("");
}

/** The app under test: a tool loop on the Responses API. */
export async function toolLoop(
  client: OpenAI,
  question: string,
  stream = false,
): Promise<{ text: string; ids: string[] }> {
  const ids: string[] = [];
  const create = async (body: Record<string, unknown>) => {
    if (!stream)
      return client.responses.create({
        model: "gpt-5",
        tools: [tool],
        ...body,
      } as never) as unknown as Promise<OpenAI.Responses.Response>;
    const events = await client.responses.create({ model: "gpt-5", tools: [tool], stream: true, ...body } as never);
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of events as unknown as AsyncIterable<{
      type: string;
      response?: OpenAI.Responses.Response;
    }>)
      if (event.type === "response.completed") final = event.response;
    return final!;
  };
  let response = await create({ input: question });
  ids.push(response.id);
  for (;;) {
    const call = response.output.find((item) => item.type === "function_call");
    if (call?.type !== "function_call") break;
    const { order_id } = JSON.parse(call.arguments) as { order_id: string };
    response = await create({
      previous_response_id: response.id,
      input: [
        { type: "function_call_output", call_id: call.call_id, output: JSON.stringify({ order_id, status: "paid" }) },
      ],
    });
    ids.push(response.id);
  }
  return { text: textOf(response), ids };
}
