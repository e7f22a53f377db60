// JSON Schema nodes as the wires' request schemas write them (the keywords a refusal reads are
// typed), and the few builders every wire's schema uses. Data only: the fakes' kit compiles them.

/** A JSON Schema node as a body schema writes it. */
export interface SchemaNode {
  readonly type?: string | readonly string[];
  /** What a refusal says was expected ("a non-empty string"). */
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly additionalProperties?: SchemaNode | boolean;
  /** The refusal for any failure at this node (or its absence), in the API's own words. */
  readonly "x-refusal"?: string;
  /** Refuse a top-level property as a whole (`Invalid 'image': expected …`), not at the nested field. */
  readonly "x-whole"?: boolean;
  readonly [keyword: string]: unknown;
}

/** The schema of a route's body: an object whose top-level properties are checked in their order. */
export interface BodySchema extends SchemaNode {
  readonly type: "object";
  readonly properties: Readonly<Record<string, SchemaNode>>;
}

/** `node`, or null. */
export const orNull = (node: SchemaNode): SchemaNode => ({
  anyOf: [node, { type: "null" }],
  description: node.description,
});
/** A string among `values`. */
export const strings = (...values: string[]): SchemaNode => ({ type: "string", enum: values });
/** An object with these properties (others allowed), `required` among them. */
export const record = (properties: Record<string, SchemaNode>, required: string[] = []): SchemaNode => ({
  type: "object",
  properties,
  required,
});
/** A value of a JSON type, or null. */
export const nullable = {
  number: { type: ["number", "null"] },
  integer: { type: ["integer", "null"] },
  string: { type: ["string", "null"] },
  boolean: { type: ["boolean", "null"] },
} as const satisfies Record<string, SchemaNode>;
/** String-valued metadata, or null. */
export const METADATA = orNull({ type: "object", additionalProperties: { type: "string" } });
