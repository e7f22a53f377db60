// What the Bedrock tests share: a Claude model id as Bedrock names it, a tool, the SDK check of every
// answer and event the fake sent.
import type { ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import type { BedrockFake } from "../../../fixtures/msw/index.js";
import { sdkChecker } from "../sdkCheck.js";

export const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";

export const weather: NonNullable<ConverseCommandInput["toolConfig"]> = {
  tools: [
    {
      toolSpec: {
        name: "get_weather",
        description: "The weather in a city.",
        inputSchema: {
          json: {
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
            additionalProperties: false,
          },
        },
      },
    },
  ],
};

/** Every answer and event the fake sent, against `@aws-sdk/client-bedrock-runtime`'s declarations. */
export function sdkProblems(fake: BedrockFake): string[] {
  const check = sdkChecker("BedrockWire");
  return fake.requests.flatMap((request) => {
    if (request.response.status !== 200) return [];
    const events = (request.response.events ?? []) as Array<Record<string, unknown>>;
    const body = request.response.body as Record<string, unknown> | undefined;
    const whole =
      body === undefined ? [] : request.route === "countTokens" ? check("countTokens", body) : check("converse", body);
    return [
      ...whole,
      ...events.flatMap((event) => {
        const [name, payload] = Object.entries(event)[0] ?? ["", undefined];
        return name.endsWith("Exception") ? [] : check(name, payload).map((problem) => `${name}: ${problem}`);
      }),
    ];
  });
}
