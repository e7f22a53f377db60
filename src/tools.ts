import { openApiToJsonSchema } from "./gemini.js";
import { isRecord } from "./internal/read.js";
import { describeValue, oneLine } from "./internal/render.js";
import { WeakCache } from "./internal/weakCache.js";
import type { JsonSchema, ToolDefinition, ToolSpec } from "./types.js";

/** A `tools` argument that is neither a schema, a function tool nor an array of them. */
export class ToolSpecError extends TypeError {
  override name = "ToolSpecError";
}

export interface NamedTool {
  name: string;
  schema: JsonSchema;
  definition: ToolDefinition;
}

/** A resolved ToolSpec: one anonymous schema, or a set of tools looked up by name. */
export type ResolvedTools = { kind: "schema"; schema: JsonSchema } | { kind: "set"; tools: Map<string, NamedTool> };

const resolved = new WeakCache<object, ResolvedTools>();

/** Whether `value` declares a function tool (Responses, Chat Completions, Anthropic Messages, MCP or Gemini shape). */
export function isToolDefinition(value: unknown): value is ToolDefinition {
  if (!isRecord(value)) return false;
  if (value.type === "function") return "name" in value || isRecord(value.function);
  if (value.type === undefined && "inputSchema" in value) return true;
  if (isGeminiDeclaration(value)) return true;
  return (value.type === undefined || value.type === null || value.type === "custom") && "input_schema" in value;
}

/** A Gemini `FunctionDeclaration` given alone: a name and `parametersJsonSchema` or `parameters`, no `type`. */
function isGeminiDeclaration(value: Record<string, unknown>): boolean {
  return (
    value.type === undefined &&
    typeof value.name === "string" &&
    ("parametersJsonSchema" in value || "parameters" in value) &&
    !("input_schema" in value)
  );
}

/**
 * A function tool of any wire, as a tool list holds it: a definition (Responses, Chat Completions,
 * Anthropic, MCP, a Gemini declaration), a Gemini `{ functionDeclarations }` tool, or a Converse
 * `{ toolSpec }`. What a request's `tools` holds besides (hosted tools) is none.
 */
export function isFunctionTool(value: unknown): boolean {
  return isToolDefinition(value) || isGeminiFunctionTool(value) || isConverseToolSpec(value);
}

/** A Bedrock Converse tool: `{ toolSpec: { name, inputSchema: { json } } }`. */
function isConverseToolSpec(value: unknown): value is { toolSpec: { name?: unknown; inputSchema?: unknown } } {
  return isRecord(value) && value.type === undefined && isRecord(value.toolSpec);
}

/** A Converse tool list's entries that are no function: a `cachePoint`, a `systemTool` Bedrock runs. */
function isConverseOtherTool(value: unknown): boolean {
  return isRecord(value) && value.type === undefined && (isRecord(value.cachePoint) || isRecord(value.systemTool));
}

/** A Gemini tool of functions: `{ functionDeclarations: [...] }`. */
function isGeminiFunctionTool(value: unknown): value is { functionDeclarations: unknown[] } {
  return isRecord(value) && value.type === undefined && Array.isArray(value.functionDeclarations);
}

/** Gemini's hosted tools, which a request's `tools` lists beside its functions: no function of the set. */
const GEMINI_HOSTED = new Set([
  "googleSearch",
  "googleSearchRetrieval",
  "codeExecution",
  "urlContext",
  "googleMaps",
  "fileSearch",
  "computerUse",
  "retrieval",
  "enterpriseWebSearch",
]);

function isGeminiHostedTool(value: unknown): boolean {
  if (!isRecord(value) || value.type !== undefined) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => GEMINI_HOSTED.has(key));
}

/**
 * A tool list with Gemini's tools opened: each `{ functionDeclarations }` as its declarations (each
 * read as a tool, parameters or not), its hosted tools left out. Other entries as they are.
 */
function declarationsOf(definitions: readonly unknown[]): Array<{ definition: unknown; index: number }> {
  return definitions.flatMap((definition, index) => {
    if (isGeminiHostedTool(definition) || isConverseOtherTool(definition)) return [];
    if (isConverseToolSpec(definition)) {
      const { name, inputSchema } = definition.toolSpec;
      const json = isRecord(inputSchema) ? inputSchema.json : undefined;
      return [{ definition: { name, input_schema: json ?? {} }, index }];
    }
    if (!isGeminiFunctionTool(definition)) return [{ definition, index }];
    return definition.functionDeclarations.map((declaration) => ({
      definition:
        isRecord(declaration) && !("parameters" in declaration) && !("parametersJsonSchema" in declaration)
          ? { ...declaration, parametersJsonSchema: {} }
          : declaration,
      index,
    }));
  });
}

/** Turns any accepted ToolSpec into a lookup, cached per spec object. Throws {@link ToolSpecError}. */
export function resolveTools(spec: ToolSpec): ResolvedTools {
  if (typeof spec === "boolean") return { kind: "schema", schema: spec };
  if (spec === null || typeof spec !== "object") {
    throw new ToolSpecError(
      `tools must be a JSON Schema, a function tool definition or an array of them, received ${describeValue(spec)}`,
    );
  }
  const cached = resolved.get(spec);
  if (cached) return cached;
  let result: ResolvedTools;
  try {
    result = Array.isArray(spec)
      ? { kind: "set", tools: toolMap(spec) }
      : isFunctionTool(spec)
        ? { kind: "set", tools: toolMap([spec]) }
        : { kind: "schema", schema: spec as JsonSchema };
  } catch (error) {
    if (error instanceof ToolSpecError) throw error;
    // A Proxy, a revoked one, or a getter that throws: the spec cannot be read.
    throw new ToolSpecError(
      `tools could not be read (${error instanceof Error ? oneLine(error.message, 200) : "unreadable"}): pass plain JSON objects`,
    );
  }
  resolved.set(spec, result);
  return result;
}

function toolMap(definitions: readonly unknown[]): Map<string, NamedTool> {
  const tools = new Map<string, NamedTool>();
  declarationsOf(definitions).forEach(({ definition, index }) => {
    const tool = namedTool(definition, index);
    if (tools.has(tool.name)) throw new ToolSpecError(`tools[${index}]: a tool named "${tool.name}" is declared twice`);
    tools.set(tool.name, tool);
  });
  return tools;
}

/** A function without parameters: any arguments (as the Responses API reads `parameters: null`). */
const ANY: JsonSchema = {};

function namedTool(definition: unknown, index: number): NamedTool {
  if (!isToolDefinition(definition)) {
    throw new ToolSpecError(
      `tools[${index}] is not a function tool definition ({ type: "function", name, parameters }, Anthropic's ` +
        `{ name, input_schema } or an MCP server's { name, inputSchema }), received ${describeValue(definition)}`,
    );
  }
  if ("parametersJsonSchema" in definition || (definition.type === undefined && "parameters" in definition)) {
    if (typeof definition.name !== "string" || definition.name === "")
      throw new ToolSpecError(
        `tools[${index}].name must be a non-empty string, received ${describeValue(definition.name)}`,
      );
    const schema =
      (definition.parametersJsonSchema as JsonSchema | undefined) ?? openApiToJsonSchema(definition.parameters) ?? ANY;
    return { name: definition.name, schema, definition };
  }
  if ("input_schema" in definition || "inputSchema" in definition) {
    if (typeof definition.name !== "string" || definition.name === "")
      throw new ToolSpecError(
        `tools[${index}].name must be a non-empty string, received ${describeValue(definition.name)}`,
      );
    const schema = "inputSchema" in definition ? definition.inputSchema : definition.input_schema;
    return { name: definition.name, schema, definition };
  }
  const inner = "function" in definition ? definition.function : definition;
  if (typeof inner.name !== "string" || inner.name === "") {
    throw new ToolSpecError(`tools[${index}].name must be a non-empty string, received ${describeValue(inner.name)}`);
  }
  // The Responses API accepts `parameters: null` for a tool without arguments.
  const schema = (inner.parameters as JsonSchema | null | undefined) ?? ANY;
  return { name: inner.name, schema, definition };
}

/** Names of the tools in a set, for messages. */
export function toolNames(tools: Map<string, NamedTool>): string {
  return [...tools.keys()].map((n) => JSON.stringify(n)).join(", ") || "none";
}
