import { isRecord } from "./internal/read.js";
import { describeValue, oneLine } from "./internal/render.js";
import { ToolSchemaError } from "./schema.js";
import { type NamedTool, resolveTools } from "./tools.js";
import type { JsonSchema, ToolDefinition, ToolSpec } from "./types.js";

/** One difference between two versions of a tool set, for arguments the model sends us. */
export interface ToolChange {
  tool: string;
  /** JSON Pointer into the tool's parameters schema ("" for the tool itself). */
  path: string;
  kind: "breaking" | "compatible";
  rule: string;
  message: string;
}

type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set([
  "description",
  "title",
  "examples",
  "default",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
  "$defs",
  "definitions",
]);
/** Keywords whose growth narrows what is accepted. */
const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
/** Keywords whose shrinking narrows what is accepted. */
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
const HANDLED = new Set([
  ...ANNOTATIONS,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  "type",
  "enum",
  "const",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "pattern",
  "format",
  "multipleOf",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "nullable",
  "uniqueItems",
]);

/**
 * Breaking and compatible changes between two versions of a tool set, following JSON Schema
 * semantics for the arguments a model sends: a change is breaking when arguments valid before
 * may be rejected after. Works through local `$ref`/`$defs`, `items`, `prefixItems` and
 * `anyOf`/`oneOf`/`allOf`; a change it cannot classify is reported as breaking with rule
 * `unknown`, never skipped.
 *
 * @example
 * compareTools(v1Tools, v2Tools).filter((c) => c.kind === "breaking");
 */
export function compareTools(
  before: ToolSpec | { tools: unknown[] },
  after: ToolSpec | { tools: unknown[] },
): ToolChange[] {
  const old = toolsOf(before);
  const next = toolsOf(after);
  const changes: ToolChange[] = [];
  const added = [...next.keys()].filter((name) => !old.has(name));
  for (const [name, tool] of old) {
    const successor = next.get(name);
    if (!successor) {
      const twin = added.find((candidate) =>
        sameJson(resolveAll(next.get(candidate)!.schema, candidate), resolveAll(tool.schema, name)),
      );
      changes.push(
        twin
          ? change(
              name,
              "",
              "breaking",
              "tool_renamed",
              `tool "${name}" was renamed to "${twin}": calls to "${name}" now fail as unknown_tool`,
            )
          : change(
              name,
              "",
              "breaking",
              "tool_removed",
              `tool "${name}" was removed: calls to it now fail as unknown_tool`,
            ),
      );
      continue;
    }
    compareDefinitions(tool, successor, changes);
  }
  for (const name of added) changes.push(change(name, "", "compatible", "tool_added", `tool "${name}" was added`));
  return changes;
}

function toolsOf(spec: ToolSpec | { tools: unknown[] }): Map<string, NamedTool> {
  const list =
    isRecord(spec) && Array.isArray((spec as { tools?: unknown }).tools)
      ? ((spec as { tools: unknown[] }).tools.filter((t) => isRecord(t) && t.type === "function") as ToolDefinition[])
      : (spec as ToolSpec);
  const resolved = resolveTools(list);
  if (resolved.kind === "schema")
    return new Map([
      [
        "(schema)",
        {
          name: "(schema)",
          schema: resolved.schema,
          definition: { type: "function", name: "(schema)", parameters: resolved.schema },
        },
      ],
    ]);
  return resolved.tools;
}

function compareDefinitions(before: NamedTool, after: NamedTool, changes: ToolChange[]): void {
  const tool = before.name;
  const field = (definition: ToolDefinition, key: "description" | "strict") =>
    "function" in definition
      ? (definition.function as Record<string, unknown>)[key]
      : (definition as unknown as Record<string, unknown>)[key];
  const strictBefore = field(before.definition, "strict") === true;
  const strictAfter = field(after.definition, "strict") === true;
  if (!strictBefore && strictAfter)
    changes.push(
      change(
        tool,
        "",
        "breaking",
        "strict_enabled",
        `strict was switched on for "${tool}": arguments must now match the schema exactly`,
      ),
    );
  if (strictBefore && !strictAfter)
    changes.push(change(tool, "", "compatible", "strict_disabled", `strict was switched off for "${tool}"`));
  if (field(before.definition, "description") !== field(after.definition, "description")) {
    changes.push(change(tool, "", "compatible", "description_changed", `the description of "${tool}" changed`));
  }
  compareSchemas(tool, resolveAll(before.schema, tool), resolveAll(after.schema, tool), "", changes);
}

/** The most schema nodes that inlining `$ref`s may produce for one tool before it is refused. */
export const MAX_INLINED_NODES = 100_000;

/**
 * Inlines local `$ref`s (cycles are cut at depth 8 and kept as `$ref`). `$defs` that fan out can
 * expand exponentially (8 levels × 8 refs is 8⁸ nodes from 2.5 KB): past {@link MAX_INLINED_NODES}
 * the schema is refused as too large to compare, naming the tool, instead of exhausting memory.
 */
function resolveAll(schema: JsonSchema, tool: string): JsonSchema {
  const root = schema;
  let nodes = 0;
  const walk = (node: unknown, depth: number): unknown => {
    if (++nodes > MAX_INLINED_NODES) {
      const error = new ToolSchemaError(tool, `its $refs expand to more than ${MAX_INLINED_NODES} schema nodes`);
      error.message = `the JSON Schema of tool ${JSON.stringify(tool)} is too large to compare: ${error.detail}`;
      throw error;
    }
    if (Array.isArray(node)) return node.map((n) => walk(n, depth));
    if (!isRecord(node)) return node;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#") && depth < 8) {
      const target = pointer(root, node.$ref.slice(1));
      if (target !== undefined) {
        const { $ref: _ref, ...rest } = node;
        const inlined = walk(target, depth + 1);
        return Object.keys(rest).length === 0 ? inlined : { allOf: [inlined, walk(rest, depth)] };
      }
    }
    const out: Schema = {};
    for (const [key, value] of Object.entries(node))
      out[key] = key === "$defs" || key === "definitions" ? value : walk(value, depth);
    return out;
  };
  return walk(schema, 0) as JsonSchema;
}

function pointer(root: unknown, path: string): unknown {
  let node = root;
  for (const raw of path.split("/").filter(Boolean)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined; // bad percent-encoding: a $ref that resolves to nothing
    }
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function compareSchemas(
  tool: string,
  beforeRaw: JsonSchema | undefined,
  afterRaw: JsonSchema | undefined,
  path: string,
  changes: ToolChange[],
): void {
  const before = asSchema(beforeRaw);
  const after = asSchema(afterRaw);
  if (before === false || after === false) {
    if (before !== after)
      changes.push(
        change(
          tool,
          path,
          after === false ? "breaking" : "compatible",
          after === false ? "schema_false" : "schema_true",
          after === false ? `${at(path)} now accepts nothing` : `${at(path)} now accepts values`,
        ),
      );
    return;
  }
  const add = (kind: ToolChange["kind"], rule: string, message: string, keyword = "") =>
    changes.push(change(tool, keyword ? `${path}/${keyword}` : path, kind, rule, message));

  compareTypes(before, after, path, add);
  compareEnum(before, after, path, add);
  if ("const" in before || "const" in after) {
    if (!("const" in after))
      add("compatible", "const_removed", `${at(path)} is no longer fixed to ${describeValue(before.const)}`, "const");
    else if (!("const" in before))
      add("breaking", "const_added", `${at(path)} must now be ${describeValue(after.const)}`, "const");
    else if (!sameJson(before.const, after.const))
      add(
        "breaking",
        "const_changed",
        `${at(path)} must now be ${describeValue(after.const)} instead of ${describeValue(before.const)}`,
        "const",
      );
  }
  compareNullable(before, after, path, add);
  compareBounds(before, after, path, add);
  compareStringRules(before, after, path, add);
  compareObject(tool, before, after, path, changes, add);
  compareArray(tool, before, after, path, changes, add);
  compareBranches(tool, before, after, path, changes, add);
  compareUnknown(before, after, path, add);
  if (ANNOTATION_KEYS.some((key) => !sameJson(before[key], after[key])))
    add("compatible", "annotation_changed", `the annotations of ${at(path)} changed`);
}

const ANNOTATION_KEYS = ["description", "title", "examples", "default", "deprecated"];

type Add = (kind: ToolChange["kind"], rule: string, message: string, keyword?: string) => void;

function asSchema(schema: JsonSchema | undefined): Schema | false {
  if (schema === undefined || schema === true) return {};
  if (schema === false) return false;
  return schema as Schema;
}

function typesOf(schema: Schema): Set<string> | undefined {
  if (schema.type === undefined) return undefined;
  const types = new Set(([] as unknown[]).concat(schema.type).filter((t): t is string => typeof t === "string"));
  if (schema.nullable === true) types.add("null");
  return types;
}

function accepts(types: Set<string>, type: string): boolean {
  return types.has(type) || (type === "integer" && types.has("number"));
}

function compareTypes(before: Schema, after: Schema, path: string, add: Add): void {
  const old = typesOf(before);
  const next = typesOf(after);
  if (!old && !next) return;
  if (!next)
    return add("compatible", "type_widened", `${at(path)} accepts any type now (was ${[...old!].join(" | ")})`, "type");
  if (!old)
    return add(
      "breaking",
      "type_narrowed",
      `${at(path)} must now be ${[...next].join(" | ")} (any type was accepted)`,
      "type",
    );
  const lost = [...old].filter((t) => !accepts(next, t));
  const gained = [...next].filter((t) => !accepts(old, t));
  if (lost.length > 0)
    add(
      "breaking",
      "type_narrowed",
      `${at(path)} no longer accepts ${lost.join(" | ")} (now ${[...next].join(" | ")})`,
      "type",
    );
  if (gained.length > 0)
    add("compatible", "type_widened", `${at(path)} now also accepts ${gained.join(" | ")}`, "type");
}

function compareEnum(before: Schema, after: Schema, path: string, add: Add): void {
  const old = Array.isArray(before.enum) ? before.enum : undefined;
  const next = Array.isArray(after.enum) ? after.enum : undefined;
  if (!old && !next) return;
  if (!next)
    return add(
      "compatible",
      "enum_removed",
      `${at(path)} is no longer limited to ${old!.map((v) => describeValue(v)).join(", ")}`,
      "enum",
    );
  if (!old)
    return add(
      "breaking",
      "enum_added",
      `${at(path)} is now limited to ${next.map((v) => describeValue(v)).join(", ")}`,
      "enum",
    );
  const removed = old.filter((v) => !next.some((w) => sameJson(v, w)));
  const added = next.filter((v) => !old.some((w) => sameJson(v, w)));
  if (removed.length > 0)
    add(
      "breaking",
      "enum_value_removed",
      `${at(path)} no longer accepts ${removed.map((v) => describeValue(v)).join(", ")}`,
      "enum",
    );
  if (added.length > 0)
    add(
      "compatible",
      "enum_value_added",
      `${at(path)} now also accepts ${added.map((v) => describeValue(v)).join(", ")}`,
      "enum",
    );
}

function compareNullable(before: Schema, after: Schema, path: string, add: Add): void {
  if (before.type !== undefined || after.type !== undefined) return; // folded into the type sets
  if (before.nullable === true && after.nullable !== true)
    add("breaking", "nullable_removed", `${at(path)} no longer accepts null`, "nullable");
  if (before.nullable !== true && after.nullable === true)
    add("compatible", "nullable_added", `${at(path)} now accepts null`, "nullable");
}

function compareBounds(before: Schema, after: Schema, path: string, add: Add): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const old = before[keyword];
    const next = after[keyword];
    if (sameJson(old, next)) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    if (typeof next !== "number" && next !== undefined) {
      add(
        "breaking",
        "unknown",
        `${at(path)}: ${keyword} changed to ${describeValue(next)}, which cannot be classified`,
        keyword,
      );
    } else if (next === undefined) {
      add("compatible", `${keyword}_removed`, `${at(path)}: ${keyword} ${describeValue(old)} was removed`, keyword);
    } else if (typeof old !== "number") {
      add("breaking", `${keyword}_added`, `${at(path)}: ${keyword} ${next} was added`, keyword);
    } else if (lower ? next > old : next < old) {
      add("breaking", `${keyword}_tightened`, `${at(path)}: ${keyword} was tightened from ${old} to ${next}`, keyword);
    } else {
      add("compatible", `${keyword}_loosened`, `${at(path)}: ${keyword} was loosened from ${old} to ${next}`, keyword);
    }
  }
  if (!sameJson(before.multipleOf, after.multipleOf)) {
    const old = before.multipleOf;
    const next = after.multipleOf;
    if (next === undefined)
      add(
        "compatible",
        "multipleOf_removed",
        `${at(path)}: multipleOf ${describeValue(old)} was removed`,
        "multipleOf",
      );
    else if (typeof old === "number" && typeof next === "number" && Number.isInteger(old / next))
      add(
        "compatible",
        "multipleOf_loosened",
        `${at(path)}: multipleOf was loosened from ${old} to ${next}`,
        "multipleOf",
      );
    else
      add(
        "breaking",
        old === undefined ? "multipleOf_added" : "multipleOf_tightened",
        `${at(path)}: multipleOf ${describeValue(next)}${old === undefined ? " was added" : ` replaces ${describeValue(old)}`}`,
        "multipleOf",
      );
  }
  if (before.uniqueItems !== true && after.uniqueItems === true)
    add("breaking", "uniqueItems_added", `${at(path)}: items must now be unique`, "uniqueItems");
  if (before.uniqueItems === true && after.uniqueItems !== true)
    add("compatible", "uniqueItems_removed", `${at(path)}: items need no longer be unique`, "uniqueItems");
}

function compareStringRules(before: Schema, after: Schema, path: string, add: Add): void {
  for (const keyword of ["pattern", "format"] as const) {
    const old = before[keyword];
    const next = after[keyword];
    if (sameJson(old, next)) continue;
    const show = keyword === "pattern" ? shownPattern : (value: unknown) => describeValue(value);
    if (next === undefined)
      add("compatible", `${keyword}_removed`, `${at(path)}: ${keyword} ${show(old)} was removed`, keyword);
    else if (old === undefined)
      add("breaking", `${keyword}_added`, `${at(path)}: ${keyword} ${show(next)} was added`, keyword);
    else
      add(
        "breaking",
        `${keyword}_changed`,
        `${at(path)}: ${keyword} changed from ${show(old)} to ${show(next)}`,
        keyword,
      );
  }
}

/** A pattern as the regular expression it is (`/^[A-Z]-\d{4}$/`), not as a JSON string with doubled backslashes. */
function shownPattern(value: unknown): string {
  return typeof value === "string" ? `/${oneLine(value, 200)}/` : describeValue(value);
}

function compareObject(
  tool: string,
  before: Schema,
  after: Schema,
  path: string,
  changes: ToolChange[],
  add: Add,
): void {
  const oldProps = (isRecord(before.properties) ? before.properties : {}) as Record<string, JsonSchema>;
  const newProps = (isRecord(after.properties) ? after.properties : {}) as Record<string, JsonSchema>;
  const oldRequired = new Set(Array.isArray(before.required) ? (before.required as string[]) : []);
  const newRequired = new Set(Array.isArray(after.required) ? (after.required as string[]) : []);
  const closed = after.additionalProperties === false;
  for (const name of newRequired)
    if (!oldRequired.has(name))
      add("breaking", "property_required", `${at(path)}: property "${name}" is now required`, "required");
  for (const name of oldRequired)
    if (!newRequired.has(name))
      add("compatible", "property_optional", `${at(path)}: property "${name}" is no longer required`, "required");
  for (const [name, schema] of Object.entries(oldProps)) {
    const propPath = `${path}/properties/${escapePointer(name)}`;
    if (!(name in newProps)) {
      if (closed)
        changes.push(
          change(
            tool,
            propPath,
            "breaking",
            "property_removed",
            `property "${name}" was removed under additionalProperties: false: arguments that still send it are rejected`,
          ),
        );
      else if (isRecord(after.additionalProperties))
        compareSchemas(tool, schema, after.additionalProperties as JsonSchema, propPath, changes);
      else
        changes.push(
          change(
            tool,
            propPath,
            "compatible",
            "property_removed",
            `property "${name}" was removed; the object is open, so it is still accepted`,
          ),
        );
      continue;
    }
    compareSchemas(tool, schema, newProps[name], propPath, changes);
  }
  // A new optional property is compatible: the model only sent the properties that were declared.
  // A new required one is already reported as property_required.
  for (const name of Object.keys(newProps)) {
    if (name in oldProps || newRequired.has(name)) continue;
    changes.push(
      change(
        tool,
        `${path}/properties/${escapePointer(name)}`,
        "compatible",
        "property_added",
        `optional property "${name}" was added`,
      ),
    );
  }
  const oldAdditional = before.additionalProperties;
  const newAdditional = after.additionalProperties;
  if (!sameJson(oldAdditional, newAdditional)) {
    if (newAdditional === false)
      add(
        "breaking",
        "additional_properties_closed",
        `${at(path)}: additionalProperties was closed: arguments with extra properties are rejected`,
        "additionalProperties",
      );
    else if (oldAdditional === false)
      add(
        "compatible",
        "additional_properties_opened",
        `${at(path)}: additionalProperties was opened`,
        "additionalProperties",
      );
    else
      compareSchemas(
        tool,
        oldAdditional as JsonSchema,
        newAdditional as JsonSchema,
        `${path}/additionalProperties`,
        changes,
      );
  }
}

function compareArray(
  tool: string,
  before: Schema,
  after: Schema,
  path: string,
  changes: ToolChange[],
  add: Add,
): void {
  const oldItems = before.items;
  const newItems = after.items;
  if (
    Array.isArray(oldItems) ||
    Array.isArray(newItems) ||
    before.prefixItems !== undefined ||
    after.prefixItems !== undefined
  ) {
    const oldTuple = (Array.isArray(oldItems) ? oldItems : (before.prefixItems ?? [])) as JsonSchema[];
    const newTuple = (Array.isArray(newItems) ? newItems : (after.prefixItems ?? [])) as JsonSchema[];
    const count = Math.max(oldTuple.length, newTuple.length);
    for (let i = 0; i < count; i++) {
      if (i >= newTuple.length)
        add(
          "compatible",
          "tuple_item_removed",
          `${at(path)}: tuple position ${i} has no schema now`,
          `prefixItems/${i}`,
        );
      else if (i >= oldTuple.length)
        add("breaking", "tuple_item_added", `${at(path)}: tuple position ${i} now has a schema`, `prefixItems/${i}`);
      else compareSchemas(tool, oldTuple[i], newTuple[i], `${path}/prefixItems/${i}`, changes);
    }
    const oldRest = Array.isArray(oldItems) ? before.additionalItems : oldItems;
    const newRest = Array.isArray(newItems) ? after.additionalItems : newItems;
    if (!sameJson(oldRest, newRest))
      compareSchemas(tool, oldRest as JsonSchema, newRest as JsonSchema, `${path}/items`, changes);
    return;
  }
  if (!sameJson(oldItems, newItems))
    compareSchemas(tool, oldItems as JsonSchema, newItems as JsonSchema, `${path}/items`, changes);
}

function compareBranches(
  tool: string,
  before: Schema,
  after: Schema,
  path: string,
  changes: ToolChange[],
  add: Add,
): void {
  for (const keyword of ["anyOf", "oneOf", "allOf"] as const) {
    const old = Array.isArray(before[keyword]) ? (before[keyword] as JsonSchema[]) : undefined;
    const next = Array.isArray(after[keyword]) ? (after[keyword] as JsonSchema[]) : undefined;
    if (sameJson(old, next)) continue;
    if (!old || !next) {
      add(
        "breaking",
        "unknown",
        `${at(path)}: ${keyword} was ${old ? "removed" : "added"}; the change cannot be classified`,
        keyword,
      );
      continue;
    }
    if (keyword === "allOf") {
      if (old.length === next.length)
        for (const [i, branch] of old.entries()) compareSchemas(tool, branch, next[i], `${path}/allOf/${i}`, changes);
      else
        add(
          "breaking",
          "unknown",
          `${at(path)}: allOf went from ${old.length} to ${next.length} parts; the change cannot be classified`,
          keyword,
        );
      continue;
    }
    const unmatchedOld = old.filter((branch) => !next.some((other) => sameJson(branch, other)));
    const unmatchedNew = next.filter((branch) => !old.some((other) => sameJson(branch, other)));
    if (unmatchedOld.length === unmatchedNew.length) {
      // Changed branches, paired in order: one level deep.
      for (const [i, branch] of unmatchedOld.entries()) {
        compareSchemas(tool, branch, unmatchedNew[i], `${path}/${keyword}/${old.indexOf(branch)}`, changes);
      }
    } else {
      for (const branch of unmatchedOld)
        add(
          "breaking",
          "branch_removed",
          `${at(path)}: the ${keyword} branch ${describeValue(branch, 80)} was removed`,
          `${keyword}/${old.indexOf(branch)}`,
        );
      for (const branch of unmatchedNew)
        add(
          "compatible",
          "branch_added",
          `${at(path)}: the ${keyword} branch ${describeValue(branch, 80)} was added`,
          `${keyword}/${next.indexOf(branch)}`,
        );
    }
  }
}

function compareUnknown(before: Schema, after: Schema, path: string, add: Add): void {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (HANDLED.has(key) || sameJson(before[key], after[key])) continue;
    add(
      "breaking",
      "unknown",
      `${at(path)}: ${key} changed (${describeValue(before[key], 60)} → ${describeValue(after[key], 60)}); the change cannot be classified`,
      escapePointer(key),
    );
  }
}

function change(tool: string, path: string, kind: ToolChange["kind"], rule: string, message: string): ToolChange {
  return { tool, path, kind, rule, message };
}

function at(path: string): string {
  return path === "" ? "the arguments" : path;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Structural equality of JSON values, ignoring key order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b as object, k) && sameJson((a as Schema)[k], (b as Schema)[k]))
  );
}
