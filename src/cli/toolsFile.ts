import { readFile } from "node:fs/promises";
import { describeValue, oneLine } from "../internal/render.js";
import { validatorFor } from "../schema.js";
import { resolveTools } from "../tools.js";
import type { ToolSpec } from "../types.js";
import { UsageError } from "./args.js";
import { importTools, isToolsModule } from "./toolsModule.js";

/** A tools file as read: its text (to find lines in), its parsed value, and the tools in it. */
export interface ToolsSource {
  path: string;
  text: string;
  value: unknown;
  spec: ToolSpec;
}

/**
 * Reads a tools file: an array of function tools, a request body with `tools`, one function
 * tool, or a bare JSON Schema — as JSON, or exported by a module (`.js`, `.mjs`, `.cjs`, `.ts`:
 * named `tools` or default). Errors name the file.
 */
export async function readToolsFile(path: string): Promise<ToolSpec> {
  return (await readToolsSource(path)).spec;
}

/** {@link readToolsFile}, keeping the file's text and value. */
export async function readToolsSource(path: string): Promise<ToolsSource> {
  // a module's tools have no lines of JSON to point at: changes are reported without a line
  if (isToolsModule(path)) return checkedSource(path, "", await importTools(path));
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read tools file ${oneLine(path, 500)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a byte-order mark is not JSON
  } catch (error) {
    throw new UsageError(
      `${oneLine(path, 500)}: not valid JSON (${oneLine(error instanceof Error ? error.message : String(error), 200)})`,
    );
  }
  return checkedSource(path, text, value);
}

function checkedSource(path: string, text: string, value: unknown): ToolsSource {
  if (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    "tools" in value &&
    !Array.isArray((value as { tools: unknown }).tools)
  ) {
    throw new UsageError(
      `${oneLine(path, 500)}: "tools" must be an array of tools, received ${describeValue((value as { tools: unknown }).tools, 60)}`,
    );
  }
  const spec = (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Array.isArray((value as { tools?: unknown }).tools)
      ? (value as { tools: unknown[] }).tools.filter((tool) => (tool as { type?: unknown })?.type === "function")
      : value
  ) as ToolSpec;
  try {
    // Compile every schema now, so that a broken tool is a usage error before the log is read.
    const tools = resolveTools(spec);
    if (tools.kind === "schema") validatorFor(tools.schema);
    else for (const tool of tools.tools.values()) validatorFor(tool.schema, tool.name);
  } catch (error) {
    throw new UsageError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { path, text, value, spec };
}
