// A tools file that is a module (`.js`, `.mjs`, `.cjs`, `.ts`, `.mts`, `.cts`): the tools it
// exports, named `tools` or default. A TypeScript one is imported as Node imports it (Node 22.18
// and later strip its types); where Node cannot (Node 20, or a `.ts` in a CommonJS package on a
// Node that treats it as CommonJS), it is compiled with the TypeScript the project has installed.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
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
  const exported = loaded.tools ?? readTools(loaded.default) ?? loaded.default;
  if (exported === undefined)
    throw new UsageError(`${shown(path)} exports no tools: export them as \`tools\` or as the default export`);
  return exported;
}

function readTools(value: unknown): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value) && "tools" in value
    ? (value as { tools: unknown }).tools
    : undefined;
}

/**
 * A TypeScript module compiled with the project's own `typescript` (found from the module's
 * folder, then the working directory) to a module beside it, imported, and removed.
 */
async function importCompiled(absolute: string, nativeError: unknown): Promise<Record<string, unknown>> {
  const ts = projectTypeScript(absolute);
  if (ts === undefined)
    throw new UsageError(
      `cannot import tools module ${shown(absolute)}: ${reason(nativeError)}; this Node cannot import TypeScript, and no \`typescript\` package is installed to compile it (npm install --save-dev typescript), or export the tools from a .js module`,
    );
  const source = readFileSync(absolute, "utf8");
  const { outputText, diagnostics = [] } = ts.transpileModule(source, {
    fileName: absolute,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  // the compiler recovers from a syntax error (`[;` becomes `[]`): a module that does not parse is refused
  const [syntax] = diagnostics;
  if (syntax)
    throw new UsageError(
      `cannot import tools module ${shown(absolute)}: ${reason(typeof syntax.messageText === "string" ? syntax.messageText : syntax.messageText.messageText)}`,
    );
  const name = `.${basename(absolute)}.agent-testkit-${randomBytes(6).toString("hex")}.mjs`;
  // beside the module, so that its imports resolve as they do from it; else in the temporary folder
  let compiled = join(dirname(absolute), name);
  try {
    writeFileSync(compiled, outputText, { flag: "wx" });
  } catch {
    compiled = join(tmpdir(), name);
    writeFileSync(compiled, outputText, { flag: "wx" });
  }
  try {
    return (await import(pathToFileURL(compiled).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot import tools module ${shown(absolute)} (compiled with TypeScript): ${reason(error)}`);
  } finally {
    rmSync(compiled, { force: true });
  }
}

interface TypeScriptApi {
  transpileModule(
    source: string,
    options: { fileName: string; reportDiagnostics: boolean; compilerOptions: Record<string, unknown> },
  ): { outputText: string; diagnostics?: { messageText: string | { messageText: string } }[] };
  ModuleKind: { ESNext: unknown };
  ScriptTarget: { ES2022: unknown };
}

function projectTypeScript(absolute: string): TypeScriptApi | undefined {
  for (const from of [join(dirname(absolute), "noop.js"), join(process.cwd(), "noop.js")]) {
    try {
      return createRequire(from)("typescript") as TypeScriptApi;
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
