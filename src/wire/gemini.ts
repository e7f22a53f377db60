// The Gemini API's answers as the fakes send them and the core reads them: a
// `GenerateContentResponse` (candidates, usage, model version), its parts, a model's metadata.
// Held to `@google/genai`'s own declarations by the type tests. Types only: nothing here runs.
/** Why a candidate ended, as the API names it. */
export type GeminiFinishReason =
  | "STOP"
  | "MAX_TOKENS"
  | "SAFETY"
  | "RECITATION"
  | "MALFORMED_FUNCTION_CALL"
  | "UNEXPECTED_TOOL_CALL"
  | "OTHER";

/** A part the model sends: text (a thought when `thought`), or a call, with its thought signature. */
export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name: string; args: Record<string, unknown> };
  /** Code the model ran with the `codeExecution` tool, and what it printed. */
  executableCode?: { language: "PYTHON"; code: string };
  codeExecutionResult?: { outcome: "OUTCOME_OK" | "OUTCOME_FAILED"; output?: string };
}

/** What a Google Search grounded the answer on: the queries, the pages, which text each supports. */
export interface GeminiGroundingMetadata {
  webSearchQueries: string[];
  groundingChunks: Array<{ web: { uri: string; title: string } }>;
  groundingSupports: Array<{
    segment: { startIndex: number; endIndex: number; text: string };
    groundingChunkIndices: number[];
  }>;
  searchEntryPoint: { renderedContent: string };
}

export interface GeminiSafetyRating {
  category: string;
  probability: string;
  blocked?: boolean;
}

export interface GeminiCandidate {
  /** Absent when the answer was blocked (`SAFETY`). */
  content?: { role: "model"; parts: GeminiPart[] };
  finishReason?: GeminiFinishReason;
  index: number;
  safetyRatings?: GeminiSafetyRating[];
  /** With the `googleSearch` tool: what the answer is grounded on. */
  groundingMetadata?: GeminiGroundingMetadata;
  /** With the `urlContext` tool: the pages the model read. */
  urlContextMetadata?: {
    urlMetadata: Array<{ retrievedUrl: string; urlRetrievalStatus: "URL_RETRIEVAL_STATUS_SUCCESS" }>;
  };
}

export interface GeminiUsageMetadata {
  promptTokenCount: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  totalTokenCount: number;
  promptTokensDetails?: Array<{ modality: string; tokenCount: number }>;
}

/** The answer of `:generateContent`, or one chunk of `:streamGenerateContent`. */
export interface GeminiGenerateContentResponse {
  candidates: GeminiCandidate[];
  usageMetadata?: GeminiUsageMetadata;
  modelVersion: string;
  responseId: string;
  /** When the prompt itself was refused (`blockReason`), with no candidates. */
  promptFeedback?: { blockReason?: string; safetyRatings?: GeminiSafetyRating[] };
}

/** A model as `GET /{version}/models` lists it. */
export interface GeminiModel {
  name: string;
  version: string;
  displayName: string;
  description: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
  supportedGenerationMethods: string[];
  thinking?: boolean;
}
