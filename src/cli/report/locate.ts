import { isRecord } from "../../internal/read.js";
import { isToolDefinition } from "../../tools.js";
import type { ToolsSource } from "../toolsFile.js";
import { escapePointer, jsonLineIndex, pointerTokens } from "./jsonLines.js";

/** Where a schema path of one tool is in a tools file, and the schema fragment found there. */
export interface Located {
  /** The line of the value at the path, or of its nearest ancestor in the file. */
  line?: number;
  /** The value at the path (following local `$ref`s), when it is there. */
  fragment?: unknown;
}

/** Finds tools' schema paths in one tools file; indexes the file's lines once. */
export function toolLocator(source: ToolsSource) {
  let lines: Map<string, number> | undefined;
  return (tool: string, path: string): Located => {
    const found = findTool(source.value, tool);
    if (found === undefined) return {};
    const walked = walkSchema(found.parameters, path);
    // a module's tools have no JSON lines to point at
    if (source.text === "") return walked.exact ? { fragment: walked.value } : {};
    lines ??= jsonLineIndex(source.text);
    const line = nearestLine(lines, `${found.pointer}${walked.pointer}`);
    return { ...(line === undefined ? {} : { line }), ...(walked.exact ? { fragment: walked.value } : {}) };
  };
}

/** The tool of that name in a tools file's value: its JSON Pointer there and its parameters schema. */
function findTool(value: unknown, name: string): { pointer: string; parameters: unknown } | undefined {
  const inList = (list: unknown[], prefix: string) => {
    const index = list.findIndex((definition) => isToolDefinition(definition) && toolName(definition) === name);
    return index === -1 ? undefined : parametersOf(list[index], `${prefix}/${index}`);
  };
  if (Array.isArray(value)) return inList(value, "");
  if (isRecord(value) && Array.isArray(value.tools)) return inList(value.tools, "/tools");
  if (isToolDefinition(value)) return toolName(value) === name ? parametersOf(value, "") : undefined;
  return name === "(schema)" ? { pointer: "", parameters: value } : undefined;
}

function toolName(definition: unknown): unknown {
  if (!isRecord(definition)) return undefined;
  return isRecord(definition.function) ? definition.function.name : definition.name;
}

function parametersOf(definition: unknown, pointer: string): { pointer: string; parameters: unknown } {
  const record = definition as Record<string, unknown>;
  if (isRecord(record.function))
    return { pointer: `${pointer}/function/parameters`, parameters: record.function.parameters };
  return { pointer: `${pointer}/parameters`, parameters: record.parameters };
}

/**
 * Follows a path of the compared (ref-inlined) schema through the schema as written: where a
 * token is missing and the node is a local `$ref`, it continues at the referenced schema.
 */
function walkSchema(root: unknown, path: string): { pointer: string; value: unknown; exact: boolean } {
  let node = root;
  let pointer = "";
  for (const token of pointerTokens(path)) {
    for (
      let hops = 0;
      !has(node, token) && isRecord(node) && typeof node.$ref === "string" && node.$ref.startsWith("#") && hops < 8;
      hops++
    ) {
      const target = refTarget(root, node.$ref.slice(1));
      if (target === undefined) break;
      ({ node, pointer } = target);
    }
    if (!has(node, token)) return { pointer, value: node, exact: false };
    node = (node as Record<string, unknown>)[token];
    pointer += `/${escapePointer(token)}`;
  }
  return { pointer, value: node, exact: true };
}

function has(node: unknown, token: string): boolean {
  return (isRecord(node) || Array.isArray(node)) && Object.hasOwn(node, token);
}

function refTarget(root: unknown, ref: string): { node: unknown; pointer: string } | undefined {
  let tokens: string[];
  try {
    tokens = pointerTokens(decodeURIComponent(ref));
  } catch {
    return undefined;
  }
  let node = root;
  for (const token of tokens) {
    if (!has(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return { node, pointer: tokens.map((token) => `/${escapePointer(token)}`).join("") };
}

function nearestLine(lines: Map<string, number>, pointer: string): number | undefined {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf("/"))) {
    const line = lines.get(at);
    if (line !== undefined || at === "") return line;
  }
}
