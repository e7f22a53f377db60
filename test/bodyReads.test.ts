// A model fake reads a request body once, in its parser (`request.ts`: the kit's `bodySchema` on
// the body's declaration in `src/wire/`); every later step reads the typed value. This test holds
// that with the compiler: anywhere else in a model fake, reading a field of a `body` whose type is
// still the raw `Record<string, unknown>` (or `unknown`) fails it, naming the place.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
/** Every model fake's folder (the MCP fake is no model fake; kit, cassette and define are no fakes). */
const FAKES = readdirSync(join(ROOT, "fixtures/msw"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !["kit", "cassette", "define"].includes(entry.name))
  .map((entry) => entry.name);

/** Where a raw body is still read, and why (each a debt the notes name, not a pattern to follow). */
const KNOWN: Record<string, string> = {
  // the message-threads beta composes a thread's history into the body the parser then reads whole
  "fixtures/msw/anthropic/threads.ts": "thread history composed before the parse",
};

function sources(): string[] {
  return FAKES.flatMap((fake) => {
    const dir = join(ROOT, "fixtures/msw", fake);
    return readdirSync(dir)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => join(dir, name));
  });
}

/** A type no parse has given a shape: `unknown`, `any`, or a record of unknowns. */
function isRaw(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return true;
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  return (
    index !== undefined &&
    (index.type.flags & ts.TypeFlags.Unknown) !== 0 &&
    checker.getPropertiesOfType(type).length === 0
  );
}

/** `body`, `request.body`, `record.body`: an expression that names a request body. */
function namesBody(expression: ts.Expression): boolean {
  return (
    (ts.isIdentifier(expression) && expression.text === "body") ||
    (ts.isPropertyAccessExpression(expression) && expression.name.text === "body")
  );
}

function rawBodyReads(files: readonly string[]): string[] {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const path = relative(ROOT, file);
    if (path.endsWith("/request.ts") || path in KNOWN) continue;
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${path}`);
    const visit = (node: ts.Node): void => {
      let receiver: ts.Expression | undefined;
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) receiver = node.expression;
      else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "readField")
        receiver = node.arguments[0];
      if (receiver && namesBody(receiver) && isRaw(checker.getTypeAtLocation(receiver), checker)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path}:${line + 1}: ${node.getText().slice(0, 60)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("a model fake reads a body in its parser only", () => {
  it("no module of a model fake reads a field of a raw body", () => {
    expect(rawBodyReads(sources())).toEqual([]);
  }, 60_000);

  it("catches a read of a raw body outside the parser", () => {
    const probe = join(ROOT, "fixtures/msw/chat/__probe.ts");
    ts.sys.writeFile(probe, "export const storeOf = (body: Record<string, unknown>) => body.store === true;\n");
    try {
      expect(rawBodyReads([probe])).toEqual([expect.stringContaining("fixtures/msw/chat/__probe.ts:1: body.store")]);
    } finally {
      ts.sys.deleteFile?.(probe);
    }
  }, 60_000);
});
