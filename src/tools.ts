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

/** Whether `value` declares a function tool (Responses, Chat Completions, Anthropic Messages or MCP shape). */
export function isToolDefinition(value: unknown): value is ToolDefinition {
  if (!isRecord(value)) return false;
  if (value.type === "function") return "name" in value || isRecord(value.function);
  if (value.type === undefined && "inputSchema" in value) return true;
  return (value.type === undefined || value.type === null || value.type === "custom") && "input_schema" in value;
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
      : isToolDefinition(spec)
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
  definitions.forEach((definition, index) => {
    const tool = namedTool(definition, index);
    if (tools.has(tool.name)) throw new ToolSpecError(`tools[${index}]: a tool named "${tool.name}" is declared twice`);
    tools.set(tool.name, tool);
  });
  return tools;
}

function namedTool(definition: unknown, index: number): NamedTool {
  if (!isToolDefinition(definition)) {
    throw new ToolSpecError(
      `tools[${index}] is not a function tool definition ({ type: "function", name, parameters }, Anthropic's ` +
        `{ name, input_schema } or an MCP server's { name, inputSchema }), received ${describeValue(definition)}`,
    );
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
  const schema = inner.parameters ?? {};
  return { name: inner.name, schema, definition };
}

/** Names of the tools in a set, for messages. */
export function toolNames(tools: Map<string, NamedTool>): string {
  return [...tools.keys()].map((n) => JSON.stringify(n)).join(", ") || "none";
}
