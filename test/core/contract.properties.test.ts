// compareTools is sound: when it reports no breaking change, every argument the old schema
// accepts (sampled by the factories' generator) passes the new schema too. Checked over random
// compositions of schema edits, both the loosening and the tightening kinds.
import fc from "fast-check";
import { expect, test } from "vitest";
import { createFactories } from "../../fixtures/factories/index.js";
import { compareTools, validateArguments, validatorFor } from "../../src/index.js";

// biome-ignore lint/suspicious/noExplicitAny: generated schemas are read field by field without narrowing
type Schema = Record<string, any>;

const base = (): Schema => ({
  type: "object",
  additionalProperties: false,
  required: ["region", "limit"],
  properties: {
    region: { type: "string", enum: ["apac", "emea", "amer"] },
    limit: { type: "integer", minimum: 1, maximum: 50 },
    note: { type: "string", maxLength: 20 },
    tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, maxItems: 3 },
  },
});

/** Schema edits; each returns a new schema. */
const edits: Record<string, (s: Schema) => Schema> = {
  addEnumValue: (s) => ({
    ...s,
    properties: { ...s.properties, region: { ...s.properties.region, enum: [...s.properties.region.enum, "latam"] } },
  }),
  // keeps one value: an empty enum is not a schema (three removals in a row reached it)
  removeEnumValue: (s) => ({
    ...s,
    properties: {
      ...s.properties,
      region: {
        ...s.properties.region,
        enum: s.properties.region.enum.length > 1 ? s.properties.region.enum.slice(0, -1) : s.properties.region.enum,
      },
    },
  }),
  raiseMaximum: (s) => ({
    ...s,
    properties: { ...s.properties, limit: { ...s.properties.limit, maximum: (s.properties.limit.maximum ?? 50) + 10 } },
  }),
  lowerMaximum: (s) => ({
    ...s,
    properties: {
      ...s.properties,
      limit: { ...s.properties.limit, maximum: Math.max(1, (s.properties.limit.maximum ?? 50) - 30) },
    },
  }),
  raiseMinimum: (s) => ({ ...s, properties: { ...s.properties, limit: { ...s.properties.limit, minimum: 10 } } }),
  dropMinimum: (s) => {
    const { minimum: _gone, ...limit } = s.properties.limit;
    return { ...s, properties: { ...s.properties, limit } };
  },
  makeNoteRequired: (s) => ({ ...s, required: [...new Set([...s.required, "note"])] }),
  makeLimitOptional: (s) => ({ ...s, required: s.required.filter((r: string) => r !== "limit") }),
  openObject: (s) => ({ ...s, additionalProperties: true }),
  closeObject: (s) => ({ ...s, additionalProperties: false }),
  removeTags: (s) => {
    const { tags: _gone, ...properties } = s.properties;
    return { ...s, properties };
  },
  narrowLimitType: (s) => ({
    ...s,
    properties: { ...s.properties, limit: { ...s.properties.limit, type: "integer" } },
  }),
  widenLimitType: (s) => ({
    ...s,
    properties: { ...s.properties, limit: { ...s.properties.limit, type: ["integer", "string"] } },
  }),
  shortenNote: (s) => ({ ...s, properties: { ...s.properties, note: { ...s.properties.note, maxLength: 3 } } }),
  patternOnNote: (s) => ({
    ...s,
    properties: { ...s.properties, note: { ...s.properties.note, pattern: "^[a-z ]*$" } },
  }),
  tagsItemsWider: (s) => ({
    ...s,
    properties: { ...s.properties, tags: { ...s.properties.tags, items: { type: "string" } } },
  }),
  tagsFewer: (s) => ({ ...s, properties: { ...s.properties, tags: { ...s.properties.tags, maxItems: 1 } } }),
};

const tool = (parameters: Schema) => [{ type: "function" as const, name: "report", parameters }];

test("no breaking change reported ⇒ every sampled old-valid argument passes the new schema", () => {
  let compatiblePairs = 0;
  let breakingPairs = 0;
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...Object.keys(edits)), { maxLength: 3 }),
      fc.array(fc.constantFrom(...Object.keys(edits)), { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 1e6 }),
      (before, after, seed) => {
        const oldSchema = before.reduce((s, edit) => edits[edit]!(s), base());
        const newSchema = after.reduce((s, edit) => edits[edit]!(s), oldSchema);
        const changes = compareTools(tool(oldSchema), tool(newSchema));
        if (changes.some((c) => c.kind === "breaking")) {
          breakingPairs++;
          return;
        }
        compatiblePairs++;
        const f = createFactories({ seed });
        const validate = validatorFor(newSchema);
        for (let i = 0; i < 25; i++) {
          let value: unknown;
          try {
            value = f.argumentsFor(oldSchema);
          } catch {
            return; // an unsatisfiable old schema accepts nothing: nothing to check
          }
          expect({ edits: after, value, issues: validateArguments(validate, value) }).toEqual({
            edits: after,
            value,
            issues: [],
          });
        }
      },
    ),
    { numRuns: 300 },
  );
  // the property is not vacuous: both outcomes occur
  expect(compatiblePairs).toBeGreaterThan(10);
  expect(breakingPairs).toBeGreaterThan(10);
});

test("every single tightening edit is reported as breaking", () => {
  for (const edit of [
    "removeEnumValue",
    "lowerMaximum",
    "raiseMinimum",
    "makeNoteRequired",
    "removeTags",
    "shortenNote",
    "patternOnNote",
    "tagsFewer",
  ]) {
    const changes = compareTools(tool(base()), tool(edits[edit]!(base())));
    expect({ edit, breaking: changes.some((c) => c.kind === "breaking") }).toEqual({ edit, breaking: true });
  }
});
