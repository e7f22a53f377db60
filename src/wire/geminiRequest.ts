// The body a client sends to the Gemini API's `models/{model}:generateContent` (and
// `:streamGenerateContent`, `:countTokens`): its schema first, the types beside it, held to the
// schema by a test and to `@google/genai`'s `Content`, `Part`, `Tool`, `ToolConfig` and
// `GenerationConfig` by the type tests. Google refuses by field in its own words (`Invalid value at
// 'contents[0].role'`); rules across contents (a call answered, a signature back) come after.
import { type BodySchema, nullable, record, type SchemaNode, strings } from "./schema.js";

const { number, integer, string, boolean } = nullable;

/** A call the model made, as a part carries it (`id` from newer models; `args` an object). */
export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

/** The app's answer to a call (`id` the call's, where it had one; `response` an object). */
export interface GeminiFunctionResponse {
  id?: string;
  name?: string;
  response?: Record<string, unknown>;
  willContinue?: boolean;
  scheduling?: unknown;
  parts?: unknown;
}

/** One part of a content: text (a thought, when `thought`), inline or file data, a call or an answer. */
export interface GeminiRequestPart {
  text?: string;
  /** A thought summary (the model's), sent back as it came. */
  thought?: boolean;
  /** The opaque signature of the model's thinking before this part, sent back unchanged. */
  thoughtSignature?: string;
  inlineData?: { mimeType?: string; data?: string; displayName?: string };
  fileData?: { mimeType?: string; fileUri?: string; displayName?: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  executableCode?: unknown;
  codeExecutionResult?: unknown;
  videoMetadata?: unknown;
  mediaResolution?: unknown;
  partMetadata?: unknown;
  toolCall?: unknown;
  toolResponse?: unknown;
}

/** A turn of the conversation: the user's (and the app's answers) or the model's. */
export interface GeminiRequestContent {
  role?: string;
  parts?: GeminiRequestPart[];
}

/** A function the model may call: its parameters as an OpenAPI subset (`parameters`) or a JSON Schema. */
export interface GeminiFunctionDeclaration {
  name?: string;
  description?: string;
  /** Google's OpenAPI subset (`type: "OBJECT"`), as the SDK's `Schema` types it. */
  parameters?: object;
  parametersJsonSchema?: unknown;
  response?: unknown;
  responseJsonSchema?: unknown;
  behavior?: unknown;
}

/** A tool: the app's functions, or a tool the API runs (Google Search, code execution, URL context). */
export interface GeminiRequestTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  googleSearch?: unknown;
  googleSearchRetrieval?: unknown;
  codeExecution?: unknown;
  urlContext?: unknown;
  retrieval?: unknown;
  computerUse?: unknown;
  fileSearch?: unknown;
  googleMaps?: unknown;
  enterpriseWebSearch?: unknown;
  mcpServers?: unknown;
}

/** How the model may call functions: `AUTO`, `ANY` (it must, among `allowedFunctionNames`), `NONE`, `VALIDATED`. */
export interface GeminiFunctionCallingConfig {
  mode?: "MODE_UNSPECIFIED" | "AUTO" | "ANY" | "NONE" | "VALIDATED";
  allowedFunctionNames?: string[];
  streamFunctionCallArguments?: boolean;
}

/** Thinking: a token budget (0 off, -1 dynamic) or a level, and whether thought summaries come back. */
export interface GeminiThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: string;
  includeThoughts?: boolean;
}

export interface GeminiGenerationConfig {
  responseMimeType?: string;
  responseSchema?: unknown;
  responseJsonSchema?: unknown;
  candidateCount?: number;
  maxOutputTokens?: number;
  thinkingConfig?: GeminiThinkingConfig;
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
  stopSequences?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  responseLogprobs?: boolean;
  logprobs?: number;
  responseModalities?: unknown;
  mediaResolution?: unknown;
  speechConfig?: unknown;
  imageConfig?: unknown;
  audioTimestamp?: unknown;
  enableAffectiveDialog?: unknown;
  routingConfig?: unknown;
  modelSelectionConfig?: unknown;
}

/** The body of `POST /{version}/models/{model}:generateContent` (and `:streamGenerateContent`, `:countTokens`). */
export interface GeminiGenerateRequestBody {
  /** Required by the schema; a lax fake takes a body without it. */
  contents?: GeminiRequestContent[];
  systemInstruction?: GeminiRequestContent;
  tools?: GeminiRequestTool[];
  toolConfig?: { functionCallingConfig?: GeminiFunctionCallingConfig; retrievalConfig?: unknown };
  generationConfig?: GeminiGenerationConfig;
  /** The name of an explicit cache (`cachedContents/…`) the request's prompt continues. */
  cachedContent?: string;
  safetySettings?: Array<{ category?: string; threshold?: string; method?: string }>;
  labels?: unknown;
  serviceTier?: unknown;
  /** `:countTokens` may wrap a whole request (`generateContentRequest`). */
  generateContentRequest?: unknown;
}

const STRING = { type: "string" } as const;
const OBJECT = { type: "object" } as const;

const PART: SchemaNode = {
  ...record({
    text: STRING,
    thought: { type: "boolean" },
    // bytes, as base64: the clients decode it (the Python SDK's pydantic refuses anything else)
    thoughtSignature: { type: "string", pattern: "^[A-Za-z0-9+/_-]*={0,2}$" },
    inlineData: record({ mimeType: STRING, data: STRING, displayName: STRING }),
    fileData: record({ mimeType: STRING, fileUri: STRING, displayName: STRING }),
    functionCall: record({ id: STRING, name: STRING, args: OBJECT }, ["name"]),
    functionResponse: record({ id: STRING, name: STRING, response: OBJECT, willContinue: { type: "boolean" } }, [
      "name",
    ]),
  }),
  description: "a part (text, inlineData, fileData, functionCall or functionResponse)",
};

const CONTENT: SchemaNode = record({
  role: { ...strings("user", "model"), "x-refusal": "Please use a valid role: user, model." },
  parts: { type: "array", items: PART },
});

const FUNCTION_DECLARATION: SchemaNode = record(
  {
    name: { type: "string", pattern: "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$" },
    description: STRING,
    parameters: OBJECT,
  },
  ["name"],
);

const TOOL: SchemaNode = record({ functionDeclarations: { type: "array", items: FUNCTION_DECLARATION } });

const GENERATION_CONFIG: SchemaNode = record({
  responseMimeType: STRING,
  candidateCount: { type: "integer", minimum: 1, maximum: 8 },
  maxOutputTokens: { type: "integer", minimum: 1 },
  thinkingConfig: record({
    thinkingBudget: { type: "integer", minimum: -1 },
    thinkingLevel: STRING,
    includeThoughts: { type: "boolean" },
  }),
  temperature: { type: "number", minimum: 0, maximum: 2 },
  topP: { type: "number", minimum: 0, maximum: 1 },
  topK: number,
  seed: integer,
  stopSequences: { type: "array", items: STRING },
  presencePenalty: number,
  frequencyPenalty: number,
  responseLogprobs: boolean,
  logprobs: integer,
});

/** A generateContent body's schema (`contents` required; `:countTokens` takes the same). */
export const GEMINI_GENERATE_SCHEMA: BodySchema = {
  type: "object",
  required: ["contents"],
  properties: {
    contents: { type: "array", items: CONTENT },
    systemInstruction: CONTENT,
    tools: { type: "array", items: TOOL },
    toolConfig: record({
      functionCallingConfig: record({
        mode: strings("MODE_UNSPECIFIED", "AUTO", "ANY", "NONE", "VALIDATED"),
        allowedFunctionNames: { type: "array", items: STRING },
        streamFunctionCallArguments: { type: "boolean" },
      }),
    }),
    generationConfig: GENERATION_CONFIG,
    cachedContent: string,
    safetySettings: { type: "array", items: record({ category: STRING, threshold: STRING, method: STRING }) },
  },
};

/** The body of `POST /{version}/cachedContents` (and of a `PATCH`, which sends `ttl` or `expireTime`). */
export interface GeminiCachedContentBody {
  model?: string;
  displayName?: string;
  contents?: GeminiRequestContent[];
  systemInstruction?: GeminiRequestContent;
  tools?: GeminiRequestTool[];
  toolConfig?: GeminiGenerateRequestBody["toolConfig"];
  /** A duration: `"300s"`. */
  ttl?: string;
  /** An RFC 3339 time. */
  expireTime?: string;
  name?: string;
  kmsKeyName?: unknown;
}

/** A cache body's schema (a create's `model` is required by the route, a patch sends none). */
export const GEMINI_CACHE_SCHEMA: BodySchema = {
  type: "object",
  properties: {
    model: STRING,
    displayName: STRING,
    contents: { type: "array", items: CONTENT },
    systemInstruction: CONTENT,
    tools: { type: "array", items: TOOL },
    toolConfig: OBJECT,
    ttl: { type: "string", pattern: "^\\d+(\\.\\d+)?s$" },
    expireTime: { type: "string" },
    name: STRING,
  },
};

/** A countTokens body's schema: `contents`, or a whole `generateContentRequest`. */
export const GEMINI_COUNT_TOKENS_SCHEMA: BodySchema = {
  type: "object",
  properties: { ...GEMINI_GENERATE_SCHEMA.properties, generateContentRequest: OBJECT },
};
