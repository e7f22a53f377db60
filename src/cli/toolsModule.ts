// A tools file that is a module (`.js`, `.mjs`, `.cjs`, `.ts`, `.mts`, `.cts`): the tools it
// exports, named `tools` or default. A TypeScript one is imported as Node imports it (Node 22.18
// and later strip its types); where Node cannot (Node 20, a `.ts` in a CommonJS package on a Node
// that treats it as CommonJS, imports written without the `.ts` Node would need), it is loaded
// where it lives through module hooks that compile it, and what it imports, with the TypeScript
// the project has installed.
import { randomBytes } from "node:crypto";
import { createRequire, register } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { handoffToolName } from "../frameworks.js";
import { oneLine } from "../internal/render.js";
import { UsageError } from "./args.js";

const MODULE = /\.(m|c)?(js|ts)$/i;
const TYPESCRIPT = /\.(m|c)?ts$/i;

/** Whether a tools path names a module rather than a JSON file. */
export function isToolsModule(path: string): boolean {
  return MODULE.test(path);
}

/** The tools a module exports: its `tools` export, else its default export (or the default's `tools`). */
export async function importTools(path: string): Promise<unknown> {
  const absolute = resolve(path);
  let loaded: Record<string, unknown>;
  try {
    loaded = await quietly(() => import(pathToFileURL(absolute).href) as Promise<Record<string, unknown>>);
  } catch (error) {
    if (!TYPESCRIPT.test(path)) throw new UsageError(`cannot import tools module ${shown(path)}: ${reason(error)}`);
    loaded = await importCompiled(absolute, error);
  }
  const agent = [loaded.agent, loaded.default].find(isAgentLike);
  if (agent) return agentTools(agent, path);
  const exported = loaded.tools ?? readTools(loaded.default) ?? loaded.default;
  if (exported === undefined)
    throw new UsageError(`${shown(path)} exports no tools: export them as \`tools\` or as the default export`);
  return exported;
}

/** An `@openai/agents` `Agent` (read by its shape: the CLI imports no framework). */
interface AgentLike {
  name: string;
  tools: unknown[];
  handoffs: unknown[];
  mcpServers?: unknown[];
}

function isAgentLike(value: unknown): value is AgentLike {
  if (value === null || typeof value !== "object") return false;
  const agent = value as Record<string, unknown>;
  return typeof agent.name === "string" && Array.isArray(agent.tools) && Array.isArray(agent.handoffs);
}

/**
 * What an `@openai/agents` `Agent` offers the model: its function tools, a tool per handoff
 * (`transfer_to_…`, with the handoff's input schema), and the tools its MCP servers list (each
 * server connected, listed and closed). Hosted tools have no schema to hold calls to.
 */
async function agentTools(agent: AgentLike, path: string): Promise<unknown[]> {
  const tools: unknown[] = [];
  for (const tool of agent.tools) {
    const t = tool as { type?: unknown; name?: unknown; parameters?: unknown; strict?: unknown };
    if (t.type === "function" && typeof t.name === "string")
      tools.push({
        type: "function",
        name: t.name,
        parameters: t.parameters ?? { type: "object" },
        strict: t.strict === true,
      });
  }
  for (const handoff of agent.handoffs) {
    const h = handoff as { toolName?: unknown; inputJsonSchema?: unknown; name?: unknown };
    if (typeof h.toolName === "string")
      tools.push({ type: "function", name: h.toolName, parameters: h.inputJsonSchema ?? { type: "object" } });
    else if (typeof h.name === "string")
      tools.push({
        type: "function",
        name: handoffToolName(h.name),
        parameters: { type: "object", properties: {}, additionalProperties: false },
      });
  }
  for (const server of agent.mcpServers ?? []) {
    const s = server as {
      name?: unknown;
      connect?: () => Promise<void>;
      listTools?: () => Promise<unknown[]>;
      close?: () => Promise<void>;
    };
    if (typeof s.listTools !== "function") continue;
    try {
      await s.connect?.();
      for (const listed of await s.listTools()) {
        const l = listed as { name?: unknown; inputSchema?: unknown };
        if (typeof l.name === "string") tools.push({ name: l.name, inputSchema: l.inputSchema ?? { type: "object" } });
      }
    } catch (error) {
      throw new UsageError(
        `${shown(path)}: the agent's MCP server ${typeof s.name === "string" ? JSON.stringify(s.name) : ""} could not list its tools: ${reason(error)}`,
      );
    } finally {
      await s.close?.().catch(() => undefined);
    }
  }
  return tools;
}

function readTools(value: unknown): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value) && "tools" in value
    ? (value as { tools: unknown }).tools
    : undefined;
}

/**
 * A TypeScript module Node could not import, loaded where it lives with the project's own
 * `typescript` (found from the module's folder, then the working directory) compiling it.
 */
async function importCompiled(absolute: string, nativeError: unknown): Promise<Record<string, unknown>> {
  const typescript = projectTypeScript(absolute);
  if (typescript === undefined)
    throw new UsageError(
      `cannot import tools module ${shown(absolute)}: ${reason(nativeError)}; this Node cannot import TypeScript, and no \`typescript\` package is installed to compile it (npm install --save-dev typescript), or export the tools from a .js module`,
    );
  // Loaded where it lives, through hooks that compile TypeScript with the project's compiler and
  // resolve its imports as a TypeScript project writes them (`./tools`, `./tools.js` for tools.ts):
  // a compiled copy elsewhere could not reach the files it imports.
  registerTypeScriptHooks(typescript);
  try {
    const url = `${pathToFileURL(absolute).href}?agent-testkit-ts=${randomBytes(6).toString("hex")}`;
    return (await quietly(() => import(url))) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot import tools module ${shown(absolute)} (compiled with TypeScript): ${reason(error)}`);
  }
}

let hooksRegistered = false;

/** Registers (once) the module hooks that load `.ts` files with the TypeScript at `typescriptPath`. */
function registerTypeScriptHooks(typescriptPath: string): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  register(`data:text/javascript,${encodeURIComponent(TYPESCRIPT_HOOKS)}`, {
    data: { typescript: pathToFileURL(typescriptPath).href },
  });
}

/**
 * Module hooks (they run on Node's loader thread): a `.ts`/`.mts`/`.cts` file is compiled to an
 * ES module with the project's TypeScript; a relative import from one that Node cannot find is
 * looked for as TypeScript projects write it (`./tools` → `./tools.ts` or `./tools/index.ts`,
 * `./tools.js` → `./tools.ts`).
 */
const TYPESCRIPT_HOOKS = `
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
let ts;
const TS = /\\.(m|c)?tsx?$/i;
export async function initialize({ typescript }) {
  const loaded = await import(typescript);
  ts = loaded.default ?? loaded;
}
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const parent = context.parentURL ? new URL(context.parentURL).pathname : "";
    if (!TS.test(parent) || !/^\\.{1,2}\\//.test(specifier)) throw error;
    const bare = specifier.replace(/\\.(m|c)?js$/, "");
    const ext = /\\.mjs$/.test(specifier) ? ".mts" : /\\.cjs$/.test(specifier) ? ".cts" : ".ts";
    for (const candidate of [bare + ext, bare + ".tsx", bare + "/index.ts"]) {
      try {
        return await next(candidate, context);
      } catch {}
    }
    throw error;
  }
}
export async function load(url, context, next) {
  if (!url.startsWith("file:") || !TS.test(new URL(url).pathname)) return next(url, context);
  const fileName = fileURLToPath(url);
  const { outputText, diagnostics = [] } = ts.transpileModule(readFileSync(fileName, "utf8"), {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  // the compiler recovers from a syntax error (\`[;\` becomes \`[]\`): a file that does not parse is refused
  const [syntax] = diagnostics;
  if (syntax) {
    const text = typeof syntax.messageText === "string" ? syntax.messageText : syntax.messageText.messageText;
    throw new SyntaxError(fileName + ": " + text);
  }
  return { format: "module", source: outputText, shortCircuit: true };
}
`;

/**
 * Where the project's `typescript` is (from the module's folder, then the working directory): the
 * hooks load it on their own thread.
 */
function projectTypeScript(absolute: string): string | undefined {
  for (const from of [join(dirname(absolute), "noop.js"), join(process.cwd(), "noop.js")]) {
    try {
      return createRequire(from).resolve("typescript");
    } catch {
      // not installed there
    }
  }
  return undefined;
}

/**
 * Runs `load` without Node's warnings about how it loaded the user's module (a `.ts` in a package
 * without `"type"` re-parsed as ESM, type stripping being experimental): they are about the
 * user's project, not the tools, and a CI log shows them on every run.
 */
async function quietly<T>(load: () => Promise<T>): Promise<T> {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = String(typeof warning === "string" ? warning : warning.message);
    const code = typeof rest[0] === "object" && rest[0] !== null ? (rest[0] as { code?: unknown }).code : rest[1];
    if (code === "MODULE_TYPELESS_PACKAGE_JSON" || /Type Stripping|strip-types/i.test(text)) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await load();
  } finally {
    process.emitWarning = emit;
  }
}

function shown(path: string): string {
  return oneLine(path, 500);
}

function reason(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error), 300);
}
