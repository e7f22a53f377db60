import fc from "fast-check";
import { expect, test } from "vitest";
import { escapePointer, jsonLineIndex, pointerTokens } from "../../../src/cli/report/jsonLines.js";

/** Every JSON Pointer of a value, with the value there. */
function pointers(value: unknown, at = ""): [string, unknown][] {
  const out: [string, unknown][] = [[at, value]];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...pointers(v, `${at}/${i}`));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...pointers(v, `${at}/${escapePointer(k)}`));
  return out;
}

test("pretty-printed JSON: each member starts on the line that holds its key, each element on its own line", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
      const text = JSON.stringify(value, null, 2);
      const lines = text.split("\n");
      const index = jsonLineIndex(text);
      for (const [pointer, at] of pointers(value)) {
        const line = index.get(pointer);
        expect(line, pointer).toBeGreaterThanOrEqual(1);
        const tokens = pointerTokens(pointer);
        const source = lines[line! - 1]!.trimStart();
        const key = tokens.at(-1);
        const parentIsObject =
          tokens.length > 0 &&
          !Array.isArray(pointers(value).find(([p]) => p === pointer.slice(0, pointer.lastIndexOf("/")))?.[1]);
        const printed = at !== null && typeof at === "object" ? (Array.isArray(at) ? "[" : "{") : JSON.stringify(at);
        expect(
          source.startsWith(parentIsObject ? `${JSON.stringify(key)}: ${printed}` : printed),
          `${pointer} on "${source}"`,
        ).toBe(true);
      }
    }),
    { numRuns: 200 },
  );
});

test("one-line JSON is all on line 1; keys with / and ~ are escaped; a repeated key keeps its last place", () => {
  const index = jsonLineIndex('{"a/b":{"~c":[1,{"d":"x\\"y"}]},"e":1,\n"e":2}');
  expect([...index]).toEqual([
    ["", 1],
    ["/a~1b", 1],
    ["/a~1b/~0c", 1],
    ["/a~1b/~0c/0", 1],
    ["/a~1b/~0c/1", 1],
    ["/a~1b/~0c/1/d", 1],
    ["/e", 2],
  ]);
  expect(jsonLineIndex("\ufeff\n\n[\n]")).toEqual(new Map([["", 3]]));
});

test("deep nesting does not overflow the stack", () => {
  const depth = 200_000;
  const text = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const index = jsonLineIndex(text);
  expect(index.get("")).toBe(1);
  expect(index.size).toBe(depth);
});
