// The linear-time pattern engine agrees with RegExp, falls back for backtracking features, and
// stays linear on patterns that make a backtracking engine explode.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { replayGate } from "../../src/gate.js";
import { linearRegExp } from "../../src/linearRegExp.js";

/** Whether `pattern` runs on the linear engine (a native RegExp back: it needs backtracking). */
const isLinearPattern = (pattern: string) => !(linearRegExp(pattern) instanceof RegExp);

const patterns = [
  "^[A-Z]-\\d{4}$",
  "^SKU-[0-9]{3}(-[A-Z])?$",
  "^(foo|bar|baz)_\\w{2,5}$",
  "^[^\\s@]+@[^\\s@]+\\.[a-z]{2,}$",
  "\\d+\\.\\d{2}",
  "^(?:[a-f0-9]{2}:){2}[a-f0-9]{2}$",
  "^\\u0041[\\x42-\\x44]*$",
  "a|b|",
  "^$",
  "^(a+)+$",
  "(a*)*b",
  "^(a|aa)+$",
  "\\bcat\\b",
  "\\Bat",
  "^.{2,3}$",
  "[\\d-]+",
  "[-a]",
  "[a\\-z]",
  "^(?<year>\\d{4})-\\d{2}$",
  "x{2,}",
  "^[^]$|^.$",
  "é+",
  "^\\p{Lu}+$",
  "[\\u{1F600}-\\u{1F64F}]",
  "a{0,3}?b",
];

describe("agrees with RegExp", () => {
  test.each(patterns)("%s", (pattern) => {
    const native = new RegExp(pattern, "u");
    const linear = linearRegExp(pattern);
    expect(isLinearPattern(pattern)).toBe(true);
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            "a",
            "b",
            "A",
            "Z",
            "-",
            "1",
            "9",
            ".",
            "@",
            "x",
            "_",
            " ",
            "é",
            ":",
            "f",
            "0",
            "😀",
            "c",
            "t",
          ),
          maxLength: 12,
        }),
        (input) => {
          expect(linear.test(input)).toBe(native.test(input));
        },
      ),
      { numRuns: 300 },
    );
  });
});

test("backreferences and lookaround fall back to the native engine; invalid patterns throw as RegExp does", () => {
  for (const pattern of ["(a)\\1", "^(?=a)a$", "(?!b)a", "(?<=a)b", "(?<!a)b", "\\k<n>(?<n>a)"]) {
    expect(isLinearPattern(pattern)).toBe(false);
    expect(linearRegExp(pattern)).toBeInstanceOf(RegExp);
  }
  expect(() => linearRegExp("(a")).toThrow(SyntaxError);
  expect(() => linearRegExp("a{2,1}")).toThrow(SyntaxError);
});

test("catastrophic patterns stay linear (a backtracking engine takes seconds on these)", () => {
  const hostile = `${"a".repeat(5000)}!`;
  expect(linearRegExp("^(a+)+$").test(hostile)).toBe(false);
  expect(linearRegExp("^(a|aa)+$").test(hostile)).toBe(false);
  expect(linearRegExp("(a*)*b").test(hostile)).toBe(false);
  expect(linearRegExp("^(a+)+$").test("a".repeat(5000))).toBe(true);
});

test("the gate validates patterns with it: a ReDoS pattern in a tool schema cannot hang a check", () => {
  const schema = { type: "object", properties: { name: { type: "string", pattern: "^(a+)+$" } } };
  const call = {
    type: "function_call",
    call_id: "c",
    name: "t",
    status: "completed",
    arguments: JSON.stringify({ name: `${"a".repeat(30)}!` }),
  };
  expect(replayGate(call, schema).errors[0]).toMatchObject({ path: "/name", keyword: "pattern" });
});

test("each pattern keeps its own compiled engine inside the shared Ajv", () => {
  const call = (value: string) => ({
    type: "function_call",
    call_id: "c",
    name: "t",
    status: "completed",
    arguments: JSON.stringify({ v: value }),
  });
  const digits = { type: "object", properties: { v: { type: "string", pattern: "^\\d+$" } } };
  const letters = { type: "object", properties: { v: { type: "string", pattern: "^[a-z]+$" } } };
  expect([
    replayGate(call("123"), digits).ok,
    replayGate(call("abc"), digits).ok,
    replayGate(call("abc"), letters).ok,
    replayGate(call("123"), letters).ok,
  ]).toEqual([true, false, true, false]);
});
