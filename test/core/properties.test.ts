import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checkPair, GATE_REASONS, orphanResults, pendingCalls, replayGate, replayReason } from "../../src/index.js";
import { fc_001, regionSchema, salesTool } from "./samples.js";

const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** Items that look like function calls, with every field drawn from anything. */
const callLike = fc.record(
  {
    type: fc.oneof(fc.constant("function_call"), fc.constant("openai:x"), fc.string(), anyValue),
    status: fc.oneof(fc.constant("completed"), fc.constant("incomplete"), anyValue),
    name: fc.oneof(fc.constant("get_latest_sales_report"), anyValue),
    call_id: fc.oneof(fc.constant("call_123"), anyValue),
    arguments: fc.oneof(
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
      anyValue,
      fc.constant('{"__proto__":{"polluted":true},"region":"apac"}'),
      fc.constant('{"constructor":{"prototype":{"polluted":true}}}'),
    ),
  },
  { requiredKeys: [] },
);

const toolSpecs = [undefined, regionSchema, salesTool, [salesTool]] as const;

function expectGateResult(result: ReturnType<typeof replayGate>): void {
  expect(GATE_REASONS).toContain(result.reason);
  expect(result.ok).toBe(result.reason === "ok");
  expect(typeof result.message).toBe("string");
  expect(result.message.startsWith(`${result.reason}:`)).toBe(true);
  expect(result.message).not.toContain("\n");
  expect(result.message.length).toBeLessThan(1000);
  expect(Array.isArray(result.errors)).toBe(true);
}

describe("the gate is total", () => {
  test.each(toolSpecs.map((t) => [t === undefined ? "no tools" : Array.isArray(t) ? "tool set" : "schema", t]))(
    "any value, %s: a GateResult, never a throw",
    (_label, tools) => {
      fc.assert(
        fc.property(fc.oneof(anyValue, callLike), (item) => {
          expectGateResult(replayGate(item, tools as never));
        }),
        { numRuns: 400 },
      );
    },
  );

  test("replayReason always agrees with replayGate", () => {
    for (const tools of toolSpecs) {
      fc.assert(
        fc.property(fc.oneof(anyValue, callLike), (item) => {
          expect(replayReason(item, tools as never)).toBe(replayGate(item, tools as never).reason);
        }),
        { numRuns: 300 },
      );
    }
  });

  test("cyclic items, proxies and throwing getters", () => {
    const cyclic: Record<string, unknown> = { ...fc_001 };
    cyclic.self = cyclic;
    cyclic.arguments = cyclic;
    expectGateResult(replayGate(cyclic, regionSchema));
    expect(replayGate(cyclic, regionSchema).reason).toBe("arguments_type");

    const throwing = Object.defineProperty({ type: "function_call" }, "status", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(replayGate(throwing).reason).toBe("status");

    const proxy = new Proxy(
      {},
      {
        get: () => {
          throw new Error("trap");
        },
        has: () => {
          throw new Error("trap");
        },
        getOwnPropertyDescriptor: () => {
          throw new Error("trap");
        },
      },
    );
    expectGateResult(replayGate(proxy));
  });

  test("huge arguments: a 10 MB string is parsed and the message stays short", () => {
    const big = JSON.stringify({ region: "x".repeat(10_000_000) });
    const result = replayGate({ ...fc_001, arguments: big }, regionSchema);
    expect(result.reason).toBe("arguments_schema");
    expect(result.message.length).toBeLessThan(300);
    const cut = replayGate({ ...fc_001, arguments: big.slice(0, -2) }, regionSchema);
    expect(cut.reason).toBe("arguments_parse");
    expect(cut.message.length).toBeLessThan(400);
  });

  test("deeply nested arguments: parsed or rejected, never a thrown RangeError", () => {
    const depth = 100_000;
    const nested = "[".repeat(depth) + "]".repeat(depth);
    const schema = { type: "array", items: { $ref: "#" } };
    const result = replayGate({ ...fc_001, arguments: nested }, schema);
    expectGateResult(result);
    expect(["ok", "arguments_parse", "arguments_schema"]).toContain(result.reason);
  });

  test("parsing never pollutes prototypes", () => {
    fc.assert(
      fc.property(callLike, (item) => {
        replayGate(item, regionSchema);
        replayGate(item);
      }),
      { numRuns: 300 },
    );
    const polluting = { ...fc_001, arguments: '{"__proto__":{"polluted":true},"region":"apac"}' };
    const result = replayGate(polluting, regionSchema);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    // `__proto__` stays an own key of the parsed value, which additionalProperties: false rejects
    expect(result.reason).toBe("arguments_schema");
    expect(Object.hasOwn(result.arguments as object, "__proto__")).toBe(true);
  });

  test("the item is never modified", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const item = { ...fc_001, arguments: JSON.stringify(value), extra: value };
        const before = JSON.stringify(item);
        replayGate(item, regionSchema);
        expect(JSON.stringify(item)).toBe(before);
      }),
    );
  });
});

describe("pairing is total", () => {
  test("checkPair, pendingCalls and orphanResults never throw", () => {
    fc.assert(
      fc.property(anyValue, anyValue, (a, b) => {
        const result = checkPair(a, b);
        expect(result.ok).toBe(result.reason === "ok");
        expect(result.message.startsWith(result.reason)).toBe(true);
        pendingCalls([a, b]);
        orphanResults([a, b]);
      }),
      { numRuns: 300 },
    );
  });

  test("a valid call paired with its own call_id always pairs", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (callId, output) => {
        const call = { ...fc_001, call_id: callId };
        expect(checkPair(call, { type: "function_call_output", call_id: callId, output }).ok).toBe(true);
        expect(pendingCalls([call])).toEqual([call]);
        expect(pendingCalls([call, { type: "function_call_output", call_id: callId, output }])).toEqual([]);
      }),
    );
  });
});
