// Every fake stands on one skeleton, and each file of it is what its name says: read from its syntax
// (what it exports, what it imports), not from its name alone — an 8-line script.ts that declares
// no wire fails as a missing one does. The MCP fake has a skeleton of its own.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { root } from "./build.js";

interface Parsed {
  /** Module specifiers it imports or re-exports from. */
  imports: string[];
  /** Its exported declarations: name → what it is. */
  exports: Map<string, { kind: "function" | "const" | "class" | "type"; type?: string; madeBy?: string }>;
  /** Whether every statement is a re-export (`export … from`). */
  onlyReExports: boolean;
  lines: number;
}

function parse(path: string): Parsed {
  const text = readFileSync(path, "utf8");
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const parsed: Parsed = { imports: [], exports: new Map(), onlyReExports: true, lines: text.split("\n").length };
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    const reExport = ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined;
    if (!reExport) parsed.onlyReExports = false;
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier)
      parsed.imports.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name)
      parsed.exports.set(statement.name.text, { kind: "function" });
    else if (ts.isClassDeclaration(statement) && statement.name)
      parsed.exports.set(statement.name.text, { kind: "class" });
    else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
      parsed.exports.set(statement.name.text, { kind: "type" });
    else if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const init = declaration.initializer;
        parsed.exports.set(declaration.name.text, {
          kind: init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? "function" : "const",
          ...(declaration.type ? { type: declaration.type.getText(source) } : {}),
          ...(init && ts.isCallExpression(init) ? { madeBy: init.expression.getText(source) } : {}),
        });
      }
  }
  return parsed;
}

type Check = (file: Parsed) => string | undefined;
const names = (file: Parsed, kind?: string) =>
  [...file.exports].filter(([, what]) => kind === undefined || what.kind === kind).map(([name]) => name);
const leaf: Check = (file) =>
  file.imports.some((spec) => spec.startsWith("./")) ? "imports a file of its own folder (it is the leaf)" : undefined;
const exportsFunctions =
  (...wanted: string[]): Check =>
  (file) => {
    const missing = wanted.filter((name) => file.exports.get(name)?.kind !== "function");
    return missing.length > 0 ? `exports no function ${missing.join(", ")}` : undefined;
  };
const exportsFunctionLike =
  (pattern: RegExp): Check =>
  (file) =>
    names(file, "function").some((name) => pattern.test(name)) ? undefined : `exports no function named ${pattern}`;
const exportsSomeFunction: Check = (file) => (names(file, "function").length > 0 ? undefined : "exports no function");
const exportsConst =
  (described: string, fits: (what: { type?: string; madeBy?: string }) => boolean): Check =>
  (file) =>
    [...file.exports.values()].some((what) => what.kind === "const" && fits(what))
      ? undefined
      : `exports no ${described}`;
const either =
  (...checks: Check[]): Check =>
  (file) => {
    const problems = checks.map((check) => check(file));
    return problems.includes(undefined) ? undefined : problems.join("; or ");
  };
const onlyReExports: Check = (file) => (file.onlyReExports ? undefined : "holds more than re-exports");

/** The model fakes' skeleton: each file, and what it must be. */
const MODEL_SKELETON: Record<string, Check> = {
  "types.ts": leaf,
  "state.ts": exportsFunctions("createContext", "resetContext"),
  "routes.ts": exportsConst("route table made by routeTable(…)", (what) => what.madeBy === "routeTable"),
  "request.ts": exportsFunctionLike(/^parse[A-Z]/),
  "inputs.ts": exportsSomeFunction,
  "script.ts": either(
    exportsConst("TurnWire (which turn.* builders mean something here)", (what) => what.type === "TurnWire"),
    (file) => (file.exports.has("agentStep") ? undefined : "exports no step builders of its own (agentStep)"),
  ),
  "turn.ts": exportsSomeFunction,
  "replayed.ts": exportsFunctions("keepAnswered"),
  "cassetteProfile.ts": exportsConst("CassetteProfile", (what) => what.type === "CassetteProfile"),
  "fake.ts": exportsFunctionLike(/^fake[A-Z]/),
  "index.ts": onlyReExports,
};

const MCP_SKELETON: Record<string, Check> = {
  "types.ts": leaf,
  "script.ts": (file) =>
    file.exports.has("mcpFault") && file.exports.has("mcpAsk") ? undefined : "exports no mcpFault / mcpAsk",
  "fake.ts": exportsFunctions("fakeMcp"),
  "index.ts": onlyReExports,
};

const NOT_A_FAKE = new Set(["kit", "cassette", "define"]);
const modelFakes = readdirSync(join(root, "fixtures/msw"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_A_FAKE.has(entry.name))
  .map((entry) => join("fixtures/msw", entry.name));

function problems(folder: string, skeleton: Record<string, Check>): string[] {
  const found: string[] = [];
  for (const [name, check] of Object.entries(skeleton)) {
    const path = join(root, folder, name);
    if (!existsSync(path)) {
      found.push(`${folder}/${name}: missing`);
      continue;
    }
    const problem = check(parse(path));
    if (problem) found.push(`${folder}/${name}: ${problem}`);
  }
  // the fake is composed in fake.ts; only the folder's entry imports it
  for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith(".ts") && n !== "index.ts"))
    if (parse(join(root, folder, name)).imports.includes("./fake.js"))
      found.push(`${folder}/${name}: imports ./fake.js`);
  return found;
}

describe("every fake has its skeleton, each file what its name says", () => {
  test("the model fakes", () => {
    expect(modelFakes).toEqual(
      expect.arrayContaining(["responses", "agents", "chat", "anthropic"].map((n) => `fixtures/msw/${n}`)),
    );
    expect(modelFakes.flatMap((folder) => problems(folder, MODEL_SKELETON))).toEqual([]);
  });

  test("the MCP fake", () => {
    expect(problems("fixtures/mcp", MCP_SKELETON)).toEqual([]);
  });

  test("a fake declared on defineModelFake is a declaration of a few dozen lines", () => {
    const declared = modelFakes.filter((folder) =>
      /\bdefineModelFake[<(]/.test(readFileSync(join(root, folder, "fake.ts"), "utf8")),
    );
    expect(declared).toEqual(expect.arrayContaining(["fixtures/msw/chat", "fixtures/msw/anthropic"]));
    const long = declared.filter((folder) => parse(join(root, folder, "fake.ts")).lines > 80);
    expect(long).toEqual([]);
  });

  test("the checks catch what they name", () => {
    const file = (over: Partial<Parsed>): Parsed => ({
      imports: [],
      exports: new Map(),
      onlyReExports: false,
      lines: 8,
      ...over,
    });
    expect(MODEL_SKELETON["script.ts"]!(file({}))).toMatch(/TurnWire/);
    expect(
      MODEL_SKELETON["script.ts"]!(file({ exports: new Map([["chatWire", { kind: "const", type: "TurnWire" }]]) })),
    ).toBeUndefined();
    expect(MODEL_SKELETON["routes.ts"]!(file({ exports: new Map([["routes", { kind: "const" }]]) }))).toMatch(
      /routeTable/,
    );
    expect(MODEL_SKELETON["types.ts"]!(file({ imports: ["./state.js"] }))).toMatch(/leaf/);
    expect(MODEL_SKELETON["index.ts"]!(file({}))).toMatch(/more than re-exports/);
  });
});
