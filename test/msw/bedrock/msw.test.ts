// The Bedrock fake under MSW: the AWS SDK's client with a request handler MSW intercepts (its
// HTTP/1.1 handler, `NodeHttpHandler`, or its fetch one), the fake's handlers on the test's server
// (which fails any request no handler takes). The SDK's default handler speaks HTTP/2, which MSW
// cannot intercept: `listen()` is the way in for a client built without a handler (sdk.test.ts).
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from "@aws-sdk/client-bedrock-runtime";
import { FetchHttpHandler } from "@smithy/fetch-http-handler";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { expect, test } from "vitest";
import { fakeBedrock, turn } from "../../../fixtures/msw/index.js";
import "../../../matchers/vitest.js";
import { strictServer } from "../server.js";
import { MODEL, weather } from "./converse.js";

const server = strictServer();
const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" };

test.each([
  ["NodeHttpHandler", () => new NodeHttpHandler()],
  ["FetchHttpHandler", () => new FetchHttpHandler()],
])("MSW with the SDK's %s: Converse and ConverseStream against the fake's handlers", async (_, handler) => {
  const fake = fakeBedrock({ region: "eu-central-1" });
  server.use(...fake.handlers);
  fake.reply(turn.functionCall("get_weather", { city: "Oslo" }), turn.message("Cold in Oslo."));
  const client = new BedrockRuntimeClient({ region: "eu-central-1", credentials, requestHandler: handler() });
  const first = await client.send(
    new ConverseCommand({
      modelId: MODEL,
      messages: [{ role: "user", content: [{ text: "Oslo?" }] }],
      toolConfig: weather,
    }),
  );
  const use = first.output?.message?.content?.[0]?.toolUse;
  expect(use?.input).toEqual({ city: "Oslo" });
  const { stream } = await client.send(
    new ConverseStreamCommand({
      modelId: MODEL,
      messages: [
        { role: "user", content: [{ text: "Oslo?" }] },
        { role: "assistant", content: first.output?.message?.content ?? [] },
        { role: "user", content: [{ toolResult: { toolUseId: use?.toolUseId, content: [{ text: "-5C" }] } }] },
      ],
      toolConfig: weather,
    }),
  );
  let text = "";
  for await (const event of stream ?? []) text += event.contentBlockDelta?.delta?.text ?? "";
  expect(text).toBe("Cold in Oslo.");
  expect(fake).toHaveCalledTool("get_weather", { city: "Oslo" });
  expect(fake).toHaveAnsweredCall(use?.toolUseId);
  // SigV4, as the SDK signs it
  expect(fake.requests[0]?.headers.authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/bedrock\/aws4_request/,
  );
});

test("a JSON answer says its length, as the API's do (a node:http client under MSW read one without it to the connection's end)", async () => {
  const fake = fakeBedrock();
  fake.reply(turn.message("Sunny in Paris, 21 °C."));
  const response = await fake.fetch(`${fake.baseUrl}/model/${encodeURIComponent(MODEL)}/converse`, {
    method: "POST",
    headers: { authorization: "Bearer k", "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: [{ text: "Paris?" }] }] }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(response.headers.get("content-length")).toBe(String(bytes.length));
});

test("frames are encoded once and handed out as copies: a client that writes into the bytes it read changes no later answer", async () => {
  const fake = fakeBedrock().respond(() => turn.message("Same answer."));
  const ask = async () => {
    const response = await fake.fetch(
      `https://bedrock-runtime.us-east-1.amazonaws.com/model/${MODEL}/converse-stream`,
      {
        method: "POST",
        headers: { authorization: "Bearer key", "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: [{ text: "Hi" }] }] }),
      },
    );
    const copies: number[] = [];
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      copies.push(...chunk.value);
      chunk.value.fill(0); // the client scribbles over what it was given
    }
    return copies;
  };
  const first = await ask();
  const second = await ask();
  expect(second).toEqual(first);
  expect(second.some((byte) => byte !== 0)).toBe(true);
});
