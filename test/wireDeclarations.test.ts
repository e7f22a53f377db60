// Each model wire's request body is declared once, in src/wire/: a schema (what the fakes parse
// with) and a type beside it (what the request log and the fakes' code read). This holds the two
// together: the type's JSON Schema, derived from its declaration by ts-json-schema-generator, names
// every field the schema checks, and the schema checks every field the type gives a shape to (a
// field typed `unknown` is one the fakes do not read), level by level.

import { fileURLToPath } from "node:url";
import { createGenerator } from "ts-json-schema-generator";
import { describe, expect, it } from "vitest";
import { AGENTS_CREATE_SCHEMA, AGENTS_EVENTS_SCHEMA, AGENTS_UPDATE_SCHEMA } from "../src/wire/agentsRequest.js";
import { ANTHROPIC_COUNT_TOKENS_SCHEMA } from "../src/wire/anthropicRequest.js";
import { CONVERSE_SCHEMA } from "../src/wire/bedrockRequest.js";
import { CHAT_CREATE_SCHEMA } from "../src/wire/chatRequest.js";
import { GEMINI_CACHE_SCHEMA, GEMINI_COUNT_TOKENS_SCHEMA } from "../src/wire/geminiRequest.js";
import { RESPONSES_CREATE_SCHEMA } from "../src/wire/responsesRequest.js";
import type { SchemaNode } from "../src/wire/schema.js";

type Node = {
  $ref?: string;
  anyOf?: Node[];
  oneOf?: Node[];
  type?: string | string[];
  properties?: Record<string, Node>;
  items?: Node;
  additionalProperties?: Node | boolean;
};

function typeSchema(file: string, type: string): { root: Node; deref: (node: Node) => Node } {
  const schema = createGenerator({
    path: fileURLToPath(new URL(`../src/wire/${file}`, import.meta.url)),
    tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
    type,
    skipTypeCheck: true,
    expose: "all",
    jsDoc: "none",
    topRef: true,
  }).createSchema(type) as { definitions: Record<string, Node> };
  const deref = (node: Node): Node =>
    node.$ref ? deref(schema.definitions[decodeURIComponent(node.$ref.replace("#/definitions/", ""))] ?? {}) : node;
  return { root: deref({ $ref: `#/definitions/${type}` }), deref };
}

/** The object shapes a node may take (a union's branches merged): its properties, and its items' shape. */
function shape(
  node: Node | SchemaNode,
  deref: (node: Node) => Node,
): { properties: Map<string, Node[]>; items: Node[] } {
  const properties = new Map<string, Node[]>();
  const items: Node[] = [];
  const visit = (raw: Node): void => {
    const n = deref(raw);
    for (const branch of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) visit(branch);
    for (const [key, value] of Object.entries(n.properties ?? {}))
      properties.set(key, [...(properties.get(key) ?? []), value]);
    if (n.items) items.push(n.items);
  };
  visit(node as Node);
  return { properties, items };
}

/** Whether a type's node says nothing of its value (`unknown`). */
const isUnknown = (node: Node, deref: (node: Node) => Node) => Object.keys(deref(node)).length === 0;

/** Where the schema and the type disagree: a field one names and the other does not. */
function drift(schema: SchemaNode, type: Node, deref: (node: Node) => Node, at = "", depth = 0): string[] {
  if (depth > 6) return [];
  const ours = shape(schema, (n) => n);
  const theirs = shape(type, deref);
  const out: string[] = [];
  if (theirs.properties.size === 0 && theirs.items.length === 0) return out;
  for (const [key, nodes] of ours.properties) {
    const declared = theirs.properties.get(key);
    if (!declared) out.push(`${at}${key}: checked by the schema, not declared by the type`);
    else
      for (const node of nodes) for (const d of declared) out.push(...drift(node, d, deref, `${at}${key}.`, depth + 1));
  }
  if (ours.properties.size > 0)
    for (const [key, nodes] of theirs.properties)
      if (!ours.properties.has(key) && !nodes.every((n) => isUnknown(n, deref)))
        out.push(`${at}${key}: typed by the type, not checked by the schema`);
  for (const item of ours.items)
    for (const d of theirs.items) out.push(...drift(item, d, deref, `${at}[].`, depth + 1));
  return [...new Set(out)];
}

describe("each wire's request body: one declaration, its schema and type held together", () => {
  it.each([
    ["chatRequest.ts", "ChatCompletionsRequestBody", CHAT_CREATE_SCHEMA],
    ["anthropicRequest.ts", "AnthropicMessagesRequestBody", ANTHROPIC_COUNT_TOKENS_SCHEMA],
    ["responsesRequest.ts", "ResponsesRequestBody", RESPONSES_CREATE_SCHEMA],
    ["agentsRequest.ts", "AgentsCreateBody", AGENTS_CREATE_SCHEMA],
    ["agentsRequest.ts", "AgentsUpdateBody", AGENTS_UPDATE_SCHEMA],
    ["agentsRequest.ts", "AgentsEventsBody", AGENTS_EVENTS_SCHEMA],
    ["geminiRequest.ts", "GeminiGenerateRequestBody", GEMINI_COUNT_TOKENS_SCHEMA],
    ["geminiRequest.ts", "GeminiCachedContentBody", GEMINI_CACHE_SCHEMA],
    ["bedrockRequest.ts", "ConverseRequestBody", CONVERSE_SCHEMA],
  ])(
    "%s %s",
    (file, type, schema) => {
      const { root, deref } = typeSchema(file, type);
      expect(drift(schema, root, deref)).toEqual([]);
    },
    60_000,
  );

  it("finds a field the schema checks and the type does not declare", () => {
    const { root, deref } = typeSchema("chatRequest.ts", "ChatCompletionsRequestBody");
    const widened = {
      ...CHAT_CREATE_SCHEMA,
      properties: { ...CHAT_CREATE_SCHEMA.properties, seed_v2: { type: "integer" } },
    };
    expect(drift(widened, root, deref)).toEqual(["seed_v2: checked by the schema, not declared by the type"]);
  }, 60_000);
});
