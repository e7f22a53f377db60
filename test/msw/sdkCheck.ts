// Run-time checks against the `openai` SDK's own wire types: JSON Schemas derived from its
// declarations (ts-json-schema-generator; extra properties refused), unions of objects told apart
// by `type` checked branch by branch.
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { createGenerator } from "ts-json-schema-generator";

/** The errors of `value` against the SDK's shape named `kind` ([] when it fits). */
export type Check = (kind: string, value: unknown) => string[];

/** A checker that also lists the members of the SDK's unions. */
export type Checker = Check & { members(kind: string): string[] };

const checkers = new Map<string, Checker>();

/**
 * A checker for the shapes of an interface of sdkWire.ts (`AgentsWire`, `ResponsesWire`), made once
 * per test file (generating the schema from the SDK's declarations takes seconds).
 */
export function sdkChecker(wireType: string): Checker {
  let checker = checkers.get(wireType);
  if (!checker) {
    checker = makeChecker(wireType);
    checkers.set(wireType, checker);
  }
  return checker;
}

function makeChecker(wireType: string): Checker {
  const schema = createGenerator({
    path: fileURLToPath(new URL("./sdkWire.ts", import.meta.url)),
    tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
    type: wireType,
    skipTypeCheck: true,
    expose: "all",
    jsDoc: "none",
    topRef: true,
  }).createSchema(wireType);
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(schema, "wire");
  type Node = {
    $ref?: string;
    anyOf?: Node[];
    properties?: { type?: { const?: string; enum?: (string | null)[] } };
    enum?: unknown[];
    required?: string[];
  };
  const definitions = (schema as { definitions: Record<string, Node> }).definitions;
  const deref = (node: Node): Node =>
    node.$ref ? deref(definitions[decodeURIComponent(node.$ref.replace("#/definitions/", ""))]!) : node;
  // A union of objects told apart by `type` (events, items): each value is checked against its own branch.
  // Several branches may share a `type` (openai's WebSocket `error`: an envelope, or the stream's error event).
  const branches = (node: Node, into = new Map<string, Node[]>()): Map<string, Node[]> => {
    const target = deref(node);
    if (target.anyOf) for (const branch of target.anyOf) branches(branch, into);
    const type = target.properties?.type;
    for (const name of type?.const !== undefined ? [type.const] : (type?.enum ?? []))
      if (name !== null) into.set(name, [...(into.get(name) ?? []), target]);
    // a branch whose `type` may be left out (an input message, an item reference) also takes a value without one
    if (type !== undefined && !target.required?.includes("type")) into.set("", [...(into.get("") ?? []), target]);
    return into;
  };
  const wire = (definitions[wireType] as { properties: Record<string, Node> }).properties;
  const validators = new Map<Node, ReturnType<typeof ajv.compile>>();
  const validatorOf = (node: Node) => {
    let validate = validators.get(node);
    if (!validate) {
      validate = ajv.compile({ definitions, ...node });
      validators.set(node, validate);
    }
    return validate;
  };
  const checkNode = (label: string, schemaNode: Node, value: unknown): string[] => {
    const union = branches(schemaNode);
    const type = (value as { type?: string }).type;
    const candidates = union.size > 1 ? union.get(type ?? "") : [deref(schemaNode)];
    if (!candidates)
      return [
        `${label}: the SDK has no ${label} of type ${JSON.stringify(type)} (it has ${[...union.keys()].join(", ")})`,
      ];
    // the branch that fits, else the errors of the one that fits best
    const results = candidates.map((node) => checkBranch(label, type, node, value));
    return (
      results.find((errors) => errors.length === 0) ??
      results.reduce((best, errors) => (errors.length < best.length ? errors : best))
    );
  };
  const checkBranch = (label: string, type: string | undefined, node: Node, value: unknown): string[] => {
    // An event's item is a union of its own: checked against its branch, apart from the event.
    const itemSchema = (node.properties as Record<string, Node> | undefined)?.item;
    const record = value as Record<string, unknown>;
    const split = itemSchema !== undefined && record.item !== undefined;
    const validate = validatorOf(split ? ({ ...node, properties: { ...node.properties, item: {} } } as Node) : node);
    const own = validate(value)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${label} ${type ?? ""}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
        );
    return split ? [...own, ...checkNode(`${label} ${type} item`, itemSchema, record.item)] : own;
  };
  const check: Check = (kind, value) => checkNode(kind, wire[kind]!, value);
  return Object.assign(check, {
    /**
     * The `type` of every member of the SDK's union `kind`, sorted (what coverage is measured against); of
     * an enum, its values; of an object told by which field it sets (a Gemini part), its fields.
     */
    members: (kind: string): string[] => {
      const node = deref(wire[kind]!);
      if (node.enum) return node.enum.filter((value): value is string => typeof value === "string").sort();
      const tagged = [...branches(wire[kind]!).keys()].filter((type) => type !== "");
      return tagged.length > 0 || !node.properties ? tagged.sort() : Object.keys(node.properties).sort();
    },
  });
}

/**
 * A stream event as the SDK hands it to an app: the response it carries gets the `output_text` the
 * SDK computes, and loses what the SDK's `Response` type does not name (`store`,
 * `presence_penalty`, `frequency_penalty`: Open Responses fields) and a `usage` of null (the SDK
 * types it optional, never null; the fake sends the wire's null until a response is done, see
 * test/types/sdk.test-d.ts). That response is checked, as sent, against the Open Responses
 * document in responses.scenarios.ts. `response.function_call_arguments.done` also loses the call's
 * `name`: the API sends it and the Python SDK's type reads it; openai-node's type does not name it.
 * An `error` event loses its nested `error`: the document's form, sent beside the SDK's own fields.
 */
export function asTheSdkReadsIt(value: unknown): unknown {
  const type = (value as { type?: unknown }).type;
  if (type === "response.function_call_arguments.done") {
    const { name: _name, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  if (type === "error") {
    const { error: _error, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const response = (value as { response?: Record<string, unknown> }).response;
  if (response === undefined || response === null || typeof response !== "object") return value;
  const { store: _store, presence_penalty: _p, frequency_penalty: _f, usage, ...rest } = response;
  return { ...(value as object), response: { ...rest, ...(usage === null ? {} : { usage }), output_text: "" } };
}

/**
 * An Anthropic message, content block or event as `@anthropic-ai/sdk` types it: a text block that
 * cites nothing comes without `citations` (as the API sends it: @ai-sdk/anthropic 3.x refuses a
 * null there); the SDK's type names the field required-nullable, so a missing one reads as null.
 */
export function asAnthropicSdkReadsIt(value: unknown): unknown {
  const cite = (block: unknown): unknown =>
    block !== null &&
    typeof block === "object" &&
    (block as { type?: unknown }).type === "text" &&
    !("citations" in block)
      ? { ...block, citations: null }
      : block;
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.content)) return { ...record, content: record.content.map(cite) };
  if (record.content_block !== undefined) return { ...record, content_block: cite(record.content_block) };
  return cite(value);
}
