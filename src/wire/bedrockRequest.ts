// The body a client sends to Bedrock's Converse API (`POST /model/{modelId}/converse` and
// `/converse-stream`; the model id is in the path): its schema first, the types beside it, held to
// the schema by a test and to `@aws-sdk/client-bedrock-runtime`'s `Message`, `SystemContentBlock`,
// `ToolConfiguration` and `InferenceConfiguration` by type tests. A content block is a union told
// by the one field it sets (`text`, `toolUse`, `toolResult`, `reasoningContent`, `cachePoint`, …);
// rules across messages (roles alternating, every `toolUse` answered in the next user message)
// come after the parse, on the typed value.
import { type BodySchema, record, type SchemaNode, strings } from "./schema.js";

/** A call the model made: `input` is a JSON document (an object for a tool's arguments). */
export interface ConverseToolUse {
  toolUseId: string | undefined;
  name: string | undefined;
  input: unknown;
  type?: string;
}

/** One block of what a tool gave back: its text, a JSON document, an image, a document… */
export interface ConverseToolResultContent {
  text?: string;
  json?: unknown;
  image?: unknown;
  document?: unknown;
  video?: unknown;
  searchResult?: unknown;
  $unknown?: unknown;
}

/** What a tool gave back, as blocks, and whether it failed. */
export interface ConverseToolResult {
  toolUseId: string | undefined;
  content: ConverseToolResultContent[] | undefined;
  status?: string;
  type?: string;
}

/** The model's reasoning, sent back as it came: its text with the signature, or redacted bytes. */
export interface ConverseReasoning {
  reasoningText?: { text: string | undefined; signature?: string };
  redactedContent?: unknown;
}

/** One content block: the field it sets says what it is. */
export interface ConverseContentBlock {
  text?: string;
  image?: unknown;
  document?: unknown;
  video?: unknown;
  audio?: unknown;
  toolUse?: ConverseToolUse;
  toolResult?: ConverseToolResult;
  guardContent?: unknown;
  cachePoint?: { type: string | undefined; ttl?: string };
  reasoningContent?: ConverseReasoning;
  citationsContent?: unknown;
  searchResult?: unknown;
  toolAddition?: unknown;
  toolRemoval?: unknown;
  $unknown?: unknown;
}

/** A turn of the conversation: the user's (and the app's tool results) or the assistant's. */
export interface ConverseMessage {
  role: string | undefined;
  content: ConverseContentBlock[] | undefined;
}

/** A tool the model may call (`toolSpec`), a cache point after the tools, or a tool Bedrock runs itself. */
export interface ConverseRequestTool {
  toolSpec?: { name: string | undefined; description?: string; inputSchema: unknown; strict?: boolean };
  cachePoint?: { type: string | undefined; ttl?: string };
  systemTool?: unknown;
  $unknown?: unknown;
}

/** The body of a Converse (or ConverseStream) request. */
export interface ConverseRequestBody {
  messages?: ConverseMessage[];
  system?: Array<{ text?: string; cachePoint?: unknown; guardContent?: unknown; $unknown?: unknown }>;
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  toolConfig?: {
    tools: ConverseRequestTool[] | undefined;
    toolChoice?: { auto?: unknown; any?: unknown; tool?: { name: string | undefined }; $unknown?: unknown };
  };
  guardrailConfig?: unknown;
  projectIdentifier?: string;
  additionalModelRequestFields?: unknown;
  promptVariables?: Record<string, unknown>;
  additionalModelResponseFieldPaths?: string[];
  requestMetadata?: Record<string, string>;
  performanceConfig?: unknown;
  serviceTier?: unknown;
  outputConfig?: unknown;
}

const STRING = { type: "string" } as const;
const OBJECT = { type: "object" } as const;
const CACHE_POINT: SchemaNode = record({ type: strings("default"), ttl: STRING }, ["type"]);

const BLOCK: SchemaNode = {
  ...record({
    text: STRING,
    image: OBJECT,
    document: OBJECT,
    video: OBJECT,
    audio: OBJECT,
    toolUse: record({ toolUseId: STRING, name: STRING, input: {}, type: STRING }, ["toolUseId", "name", "input"]),
    toolResult: record(
      {
        toolUseId: STRING,
        content: {
          type: "array",
          items: record({
            text: STRING,
            json: {},
            image: OBJECT,
            document: OBJECT,
            video: OBJECT,
            searchResult: OBJECT,
          }),
        },
        status: strings("success", "error"),
        type: STRING,
      },
      ["toolUseId", "content"],
    ),
    guardContent: OBJECT,
    cachePoint: CACHE_POINT,
    reasoningContent: record({
      reasoningText: record({ text: STRING, signature: STRING }, ["text"]),
      redactedContent: {},
    }),
    citationsContent: OBJECT,
    searchResult: OBJECT,
    toolAddition: OBJECT,
    toolRemoval: OBJECT,
  }),
  description: "a content block (text, image, document, toolUse, toolResult, reasoningContent, cachePoint, …)",
};

const MESSAGE: SchemaNode = record({ role: strings("user", "assistant"), content: { type: "array", items: BLOCK } }, [
  "role",
  "content",
]);

const TOOL: SchemaNode = record({
  toolSpec: record(
    {
      name: { type: "string", pattern: "^[a-zA-Z0-9_-]{1,64}$" },
      description: STRING,
      inputSchema: record({ json: {} }, ["json"]),
      strict: { type: "boolean" },
    },
    ["name", "inputSchema"],
  ),
  cachePoint: CACHE_POINT,
  systemTool: OBJECT,
});

/** A Converse body's schema (the model id is the path's). */
export const CONVERSE_SCHEMA: BodySchema = {
  type: "object",
  properties: {
    messages: { type: "array", items: MESSAGE },
    system: { type: "array", items: record({ text: STRING, cachePoint: CACHE_POINT, guardContent: OBJECT }) },
    inferenceConfig: record({
      maxTokens: { type: "integer", minimum: 1 },
      temperature: { type: "number", minimum: 0, maximum: 1 },
      topP: { type: "number", minimum: 0, maximum: 1 },
      stopSequences: { type: "array", items: STRING, maxItems: 2500 },
    }),
    toolConfig: record(
      {
        tools: { type: "array", items: TOOL, minItems: 1 },
        toolChoice: record({ auto: OBJECT, any: OBJECT, tool: record({ name: STRING }, ["name"]) }),
      },
      ["tools"],
    ),
    guardrailConfig: OBJECT,
    projectIdentifier: STRING,
    additionalModelRequestFields: {},
    promptVariables: OBJECT,
    additionalModelResponseFieldPaths: { type: "array", items: STRING },
    requestMetadata: { type: "object", additionalProperties: STRING },
    performanceConfig: OBJECT,
    serviceTier: OBJECT,
    outputConfig: OBJECT,
  },
};

/** The body of a CountTokens request: a Converse request's messages, system and tools (or an InvokeModel body). */
export interface ConverseCountTokensBody {
  input: {
    converse?: Pick<ConverseRequestBody, "messages" | "system" | "toolConfig" | "additionalModelRequestFields">;
    invokeModel?: { body: string | undefined };
    $unknown?: unknown;
  };
}

/** A CountTokens body's schema. */
export const CONVERSE_COUNT_TOKENS_SCHEMA: BodySchema = {
  type: "object",
  properties: {
    input: record({
      converse: record({
        messages: CONVERSE_SCHEMA.properties.messages as SchemaNode,
        system: CONVERSE_SCHEMA.properties.system as SchemaNode,
        toolConfig: CONVERSE_SCHEMA.properties.toolConfig as SchemaNode,
        additionalModelRequestFields: {},
      }),
      invokeModel: record({ body: STRING }, ["body"]),
    }),
  },
  required: ["input"],
};
