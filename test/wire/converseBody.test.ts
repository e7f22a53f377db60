// The Converse body as `@aws-sdk/client-bedrock-runtime` sends it, caught at its request handler (no
// network): the declared schema takes every block the SDK serializes (text, toolUse, toolResult with
// JSON, reasoning with its signature, cache points, tool specs and the tool choice), and refuses a
// body the service would refuse by field. What the SDK puts around it — the path with the model id
// URL-encoded, SigV4's headers — is what the fake will read.
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import { describe, expect, test } from "vitest";
import { bodySchema } from "../../fixtures/msw/kit/bodySchema.js";
import { CONVERSE_SCHEMA, type ConverseRequestBody } from "../../src/wire/bedrockRequest.js";

const parse = bodySchema<ConverseRequestBody>(CONVERSE_SCHEMA);

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client whose request handler keeps what it would send and answers a minimal Converse response. */
function capturing() {
  const sent: Sent[] = [];
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
    requestHandler: {
      handle: async (request: { method: string; path: string; headers: Record<string, string>; body?: unknown }) => {
        sent.push({
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: JSON.parse(String(request.body)),
        });
        const answer = JSON.stringify({
          output: { message: { role: "assistant", content: [{ text: "ok" }] } },
          stopReason: "end_turn",
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          metrics: { latencyMs: 1 },
        });
        // a plain response as @smithy's HttpResponse has it (its class is not a dependency here)
        return {
          response: {
            statusCode: 200,
            headers: { "content-type": "application/json" },
            body: new TextEncoder().encode(answer),
          },
        };
      },
    } as never,
  });
  return { client, sent };
}

const input: ConverseCommandInput = {
  modelId: "arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-sonnet-4-5-v1:0",
  system: [{ text: "You are a weather assistant." }, { cachePoint: { type: "default" } }],
  messages: [
    { role: "user", content: [{ text: "Weather in Paris?" }] },
    {
      role: "assistant",
      content: [
        { reasoningContent: { reasoningText: { text: "Look it up.", signature: "EqQBCkYIBxgCKkA" } } },
        { toolUse: { toolUseId: "tooluse_1", name: "get_weather", input: { city: "Paris" } } },
      ],
    },
    {
      role: "user",
      content: [
        {
          toolResult: {
            toolUseId: "tooluse_1",
            content: [{ json: { celsius: 21 } }, { text: "sunny" }],
            status: "success",
          },
        },
        { cachePoint: { type: "default" } },
      ],
    },
  ],
  toolConfig: {
    tools: [
      {
        toolSpec: {
          name: "get_weather",
          description: "The weather in a city.",
          inputSchema: { json: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
        },
      },
      { cachePoint: { type: "default" } },
    ],
    toolChoice: { auto: {} },
  },
  inferenceConfig: { maxTokens: 1024, temperature: 0.5, stopSequences: ["END"] },
  additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
};

describe("what the SDK sends", () => {
  test("the body fits the declared schema, block by block; the path and SigV4's headers around it", async () => {
    const { client, sent } = capturing();
    const answer = await client.send(new ConverseCommand(input));
    expect(answer.stopReason).toBe("end_turn");
    const [request] = sent;
    expect(request?.method).toBe("POST");
    // the model id (an inference profile's ARN here) URL-encoded in the path
    expect(request?.path).toBe(`/model/${encodeURIComponent(input.modelId!)}/converse`);
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    const parsed = parse.strict(request?.body as Record<string, unknown>);
    expect(parsed).toMatchObject({ ok: true });
    expect(request?.body).toMatchObject({ messages: [{ role: "user" }, { role: "assistant" }, { role: "user" }] });
  });

  test("a body the service refuses by field is refused, naming where", () => {
    const refused = (body: unknown) => {
      const parsed = parse.strict(body as Record<string, unknown>);
      return parsed.ok ? "accepted" : parsed.problem.path;
    };
    expect(refused({ messages: [{ role: "system", content: [{ text: "x" }] }] })).toContain("role");
    expect(refused({ messages: [{ role: "user", content: [{ toolUse: { toolUseId: "t", name: "f" } }] }] })).toContain(
      "toolUse",
    );
    expect(refused({ inferenceConfig: { maxTokens: 0 } })).toContain("maxTokens");
    expect(
      refused({ toolConfig: { tools: [{ toolSpec: { name: "has space", inputSchema: { json: {} } } }] } }),
    ).toContain("name");
    expect(refused({ messages: [{ role: "user", content: [{ cachePoint: { type: "forever" } }] }] })).toContain(
      "cachePoint",
    );
  });
});
