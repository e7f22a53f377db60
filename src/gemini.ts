import type { JsonSchema } from "./types.js";

// Facts of the Gemini API that the core and its fake share: which models think (and so sign their
// calls), and Google's OpenAPI schema subset read as the JSON Schema it stands for.

/** Models that think unless told not to (their thinking budget 0). */
const THINKS = /gemini-(2\.5|3)/;

/** Whether a Gemini model thinks (and signs its calls) unless its budget is 0: `gemini-2.5-…`, `gemini-3-…`. */
export function geminiThinks(model: string): boolean {
  return THINKS.test(model);
}

/**
 * The smallest prompt a Gemini model caches implicitly, in tokens, as Google documents it (Gemini
 * 2.5 and later: 1,024 for a Flash model, 4,096 for a Pro one); undefined for a model without
 * implicit caching.
 */
export function geminiImplicitCacheMinTokens(model: string): number | undefined {
  if (!/gemini-(2\.5|[3-9])/.test(model)) return undefined;
  return /-pro/.test(model) ? 4096 : 1024;
}

/** Google's OpenAPI subset (`type: "OBJECT"`, `nullable`) as a JSON Schema; undefined for none. */
export function openApiToJsonSchema(schema: unknown): JsonSchema | undefined {
  return lowered(schema) as JsonSchema | undefined;
}

function lowered(schema: unknown): unknown {
  if (schema === undefined || schema === null) return undefined;
  if (Array.isArray(schema)) return schema.map(lowered);
  if (typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && typeof value === "string") out.type = value.toLowerCase();
    else if (key === "nullable" || key === "propertyOrdering") continue;
    else if (key === "properties" && value && typeof value === "object")
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowered(v)]));
    else out[key] = typeof value === "object" ? lowered(value) : value;
  }
  if ((schema as { nullable?: unknown }).nullable === true && typeof out.type === "string")
    out.type = [out.type, "null"];
  return out;
}
