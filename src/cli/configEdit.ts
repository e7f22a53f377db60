// Where agent-testkit's setup entry goes in a runner's config, found in the config's syntax tree
// (@babel/parser: TypeScript and JavaScript, ESM and CommonJS), never by matching text: a comment
// or a string that mentions `test: {` or the entry changes nothing, a repeated key is the one the
// runner reads (the last), and options held in a variable (`test: shared`) are left for the user.
// The edit itself is a text insertion at the tree's positions, so the file keeps its layout.
import { parse } from "@babel/parser";

/** A node of the tree, as far as this module reads it. */
interface Node {
  type: string;
  start?: number | null;
  end?: number | null;
  [key: string]: unknown;
}

/** What to do to a config's text: an edit, the entry already there, or why it cannot be edited safely. */
export type ConfigEdit = { kind: "edit"; text: string } | { kind: "present" } | { kind: "unedited"; why: string };

/**
 * Adds `entry` to the `key` array of a config: for Vitest (`section: "test"`) the default export's
 * `test` options, for Jest the exported object itself.
 */
export function addSetupEntry(
  text: string,
  file: string,
  options: { entry: string; key: string; section?: string },
): ConfigEdit {
  let program: Node;
  try {
    program = parse(text, {
      sourceType: "unambiguous",
      sourceFilename: file,
      plugins: /\.[cm]?ts$/.test(file) ? ["typescript"] : [],
    }).program as unknown as Node;
  } catch (error) {
    return { kind: "unedited", why: `it does not parse: ${error instanceof Error ? error.message : String(error)}` };
  }
  const config = exportedObject(program);
  if (!config) return { kind: "unedited", why: "no config object literal is exported from it" };
  let target = config;
  if (options.section) {
    const section = lastProperty(config, options.section);
    if (!section) {
      const insertion = `${options.section}: { ${options.key}: [${JSON.stringify(options.entry)}] }`;
      return { kind: "edit", text: withProperty(text, config, insertion) };
    }
    const value = unwrapped(section.value as Node);
    if (value.type !== "ObjectExpression")
      return {
        kind: "unedited",
        why: `its ${options.section} options are not an object literal (${text.slice(value.start ?? 0, value.end ?? 0).slice(0, 40)})`,
      };
    target = value;
  }
  const property = lastProperty(target, options.key);
  const quoted = JSON.stringify(options.entry);
  if (!property) return { kind: "edit", text: withProperty(text, target, `${options.key}: [${quoted}]`) };
  const value = unwrapped(property.value as Node);
  if (value.type === "ArrayExpression") {
    const elements = value.elements as (Node | null)[];
    if (elements.some((e) => e?.type === "StringLiteral" && e.value === options.entry)) return { kind: "present" };
    const first = elements[0];
    const at = first?.start ?? (value.start ?? 0) + 1;
    return { kind: "edit", text: insertAt(text, at, first ? `${quoted}, ` : quoted) };
  }
  if (value.type === "StringLiteral") {
    if (value.value === options.entry) return { kind: "present" };
    const original = text.slice(value.start ?? 0, value.end ?? 0);
    return {
      kind: "edit",
      text: `${text.slice(0, value.start ?? 0)}[${quoted}, ${original}]${text.slice(value.end ?? 0)}`,
    };
  }
  return { kind: "unedited", why: `its ${options.key} is not an array literal` };
}

/**
 * The object literal a config exports: `export default defineConfig({…})`, `export default {…}`,
 * `module.exports = {…}`, or a top-level `const config = {…}` (or `defineConfig({…})`) that one of
 * those names; `satisfies` and `as` are seen through.
 */
function exportedObject(program: Node): Node | undefined {
  const body = program.body as Node[];
  let exported: Node | undefined;
  for (const statement of body) {
    if (statement.type === "ExportDefaultDeclaration") exported = statement.declaration as Node;
    if (statement.type === "ExpressionStatement") {
      const expression = statement.expression as Node;
      if (expression.type === "AssignmentExpression" && isModuleExports(expression.left as Node))
        exported = expression.right as Node;
    }
  }
  if (!exported) return undefined;
  return objectOf(exported, body, 0);
}

function objectOf(node: Node, body: Node[], hops: number): Node | undefined {
  const value = unwrapped(node);
  if (value.type === "ObjectExpression") return value;
  // defineConfig({…}), and the like: the first argument
  if (value.type === "CallExpression") {
    const [first] = value.arguments as Node[];
    return first ? objectOf(first, body, hops) : undefined;
  }
  if (value.type === "Identifier" && hops < 4) {
    const declared = declarationOf(body, value.name as string);
    return declared ? objectOf(declared, body, hops + 1) : undefined;
  }
  return undefined;
}

/** The initializer of a top-level `const name = …` (the last one). */
function declarationOf(body: Node[], name: string): Node | undefined {
  let found: Node | undefined;
  for (const statement of body) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type === "Identifier" && id.name === name && declarator.init) found = declarator.init as Node;
    }
  }
  return found;
}

function isModuleExports(node: Node): boolean {
  return (
    node.type === "MemberExpression" &&
    (node.object as Node).type === "Identifier" &&
    (node.object as Node).name === "module" &&
    (node.property as Node).type === "Identifier" &&
    (node.property as Node).name === "exports"
  );
}

/** `x satisfies T`, `x as T`, `(x)`: x. */
function unwrapped(node: Node): Node {
  let value = node;
  while (
    value.type === "TSSatisfiesExpression" ||
    value.type === "TSAsExpression" ||
    value.type === "ParenthesizedExpression" ||
    value.type === "TSNonNullExpression"
  )
    value = value.expression as Node;
  return value;
}

/** The last property of an object literal with that key (the one the runner reads). */
function lastProperty(object: Node, key: string): Node | undefined {
  let found: Node | undefined;
  for (const property of object.properties as Node[]) {
    if (property.type !== "ObjectProperty" || property.computed) continue;
    const name = property.key as Node;
    if ((name.type === "Identifier" && name.name === key) || (name.type === "StringLiteral" && name.value === key))
      found = property;
  }
  return found;
}

/** `text` with `property` first in the object literal, laid out as the object is. */
function withProperty(text: string, object: Node, property: string): string {
  const at = (object.start ?? 0) + 1;
  const rest = text.slice(at);
  const multiline = /^[ \t]*\r?\n([ \t]*)/.exec(rest);
  if (multiline) return insertAt(text, at, `\n${multiline[1]}${property},`);
  return insertAt(text, at, (object.properties as Node[]).length === 0 ? ` ${property} ` : ` ${property},`);
}

function insertAt(text: string, at: number, insertion: string): string {
  return `${text.slice(0, at)}${insertion}${text.slice(at)}`;
}
