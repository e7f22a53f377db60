// Hostile input to the gate and the matchers: total on anything, messages one bounded line.
import { describe, expect, test } from "vitest";
import { agentMatchers } from "../../matchers/index.js";
import { replayGate, ToolSpecError } from "../../src/index.js";
import { failureOf } from "../matchers/helpers.js";

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const call = (args: unknown) => ({
  type: "function_call",
  call_id: "c",
  name: "t",
  status: "completed",
  arguments: typeof args === "string" ? args : JSON.stringify(args),
});

describe("a revoked Proxy anywhere: a result, never a TypeError", () => {
  const items = [revoked(), { ...call({}), arguments: revoked() }, { ...call({}), type: revoked() }];

  test.each(items.map((item, i) => [i, item] as const))("the gate, item %i", (_i, item) => {
    const result = replayGate(item);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^(namespaced|arguments_type): /);
  });

  test("every matcher passes, fails clearly, or throws its own matcher error", () => {
    for (const item of items) {
      for (const name of Object.keys(agentMatchers) as Array<keyof typeof agentMatchers>) {
        const run = () => {
          const assertion = expect(item) as unknown as Record<string, (...args: unknown[]) => void>;
          if (name === "toHaveReplayReason") assertion[name]!("ok");
          else if (name === "toPairWithCall") assertion[name]!(call({}));
          else if (name === "toBeCompatibleWith") assertion[name]!([]);
          else assertion[name]!();
        };
        let message: string;
        try {
          run(); // some matchers judge only a field that is readable here: passing is fine, crashing is not
          continue;
        } catch (error) {
          message = failureOf(() => {
            throw error;
          });
        }
        // toBeCompatibleWith reads the received value as tools: a matcher error that says it cannot.
        if (name === "toBeCompatibleWith") expect(message).toContain("Matcher error: tools could not be read");
        else expect(message, name).not.toMatch(/Cannot perform|proxy that has been revoked/);
        expect(message.startsWith("expect(received)"), `${name}: ${message.slice(0, 80)}`).toBe(true);
      }
    }
  });
});

describe("messages are one bounded line", () => {
  test("a 5 MB property key", () => {
    const key = "k".repeat(5_000_000);
    const result = replayGate(call(`{"${key}":1}`), { type: "object", additionalProperties: false });
    expect(result.reason).toBe("arguments_schema");
    expect(result.message.length).toBeLessThan(3000);
    expect(result.errors[0]!.message.length).toBeLessThan(3000);
  });

  test("a 100,000-value enum", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const result = replayGate(call({ v: "nope" }), { type: "object", properties: { v: { enum: values } } });
    expect(result.message.length).toBeLessThan(1000);
    expect(result.message).toContain("… 99990 more");
  });

  test("a key with a newline cannot put a raw newline (or a forged report line) in a message", () => {
    const key = "x\nOK: every line may be replayed\r\u2028";
    const result = replayGate(call({ [key]: 1 }), {
      type: "object",
      additionalProperties: false,
      properties: {},
      required: [key],
    });
    expect(result.message).not.toMatch(/[\n\r\u2028]/);
    for (const issue of result.errors) expect(issue.message).not.toMatch(/[\n\r\u2028]/);
    const pattern = replayGate(call({ [key]: "a" }), { type: "object", patternProperties: { "": { type: "number" } } });
    expect(pattern.message).toContain("\\n");
    expect(pattern.message).not.toContain("\n");
  });
});

describe("a tools argument that cannot be read is a ToolSpecError", () => {
  test.each([
    [
      "a Proxy whose get throws",
      new Proxy([], {
        get() {
          throw new Error("boom");
        },
      }),
    ],
    [
      "a throwing getter",
      [
        {
          type: "function",
          get name(): string {
            throw new Error("getter");
          },
        },
      ],
    ],
    ["a revoked Proxy", [revoked()]],
  ])("%s", (_name, tools) => {
    expect(() => replayGate(call({}), tools as never)).toThrow(ToolSpecError);
  });
});

describe("another wire's call, hostile: a Gemini part, a Converse toolUse block", () => {
  const once = <T>(value: T, then: () => never) => {
    let read = false;
    return () => {
      if (read) return then();
      read = true;
      return value;
    };
  };
  const throwing = (): never => {
    throw new Error("boom");
  };
  const geminiCall = { name: "t", args: { a: 1 } };
  const items = [
    { functionCall: revoked() },
    { functionCall: { name: "t", args: revoked() } },
    // a getter that answers once, then throws: the gate reads each field once
    Object.defineProperty({}, "functionCall", { get: once(geminiCall, throwing), enumerable: true }),
    { functionCall: Object.defineProperty({ name: "t" }, "args", { get: throwing, enumerable: true }) },
    { functionCall: geminiCall, thoughtSignature: revoked() },
    { toolUse: revoked() },
    { toolUse: { toolUseId: "x", name: "t", input: revoked() } },
    Object.defineProperty({}, "toolUse", { get: once({ toolUseId: "x", name: "t" }, throwing), enumerable: true }),
  ];

  test.each(items.map((item, i) => [i, item] as const))(
    "the gate, item %i: a result, never an exception",
    (_i, item) => {
      const result = replayGate(item, { type: "object" });
      expect(typeof result.reason).toBe("string");
      expect(result.message).not.toMatch(/boom|Cannot perform|revoked/);
    },
  );
});
