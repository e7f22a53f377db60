// The cassette layer's pure parts, branch by branch: who records a section, where a request first
// differs from its recording, and the results a replayed conversation sends back.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { upstreamOf } from "../../../fixtures/msw/cassette/cassette.js";
import { readCassette, writeSection } from "../../../fixtures/msw/cassette/file.js";
import { CallLedger } from "../../../fixtures/msw/cassette/gate.js";
import { firstDifference } from "../../../fixtures/msw/cassette/match.js";
import { keptHeaders, REDACTED, redactValue, secretsOf } from "../../../fixtures/msw/cassette/redact.js";
import { claimSection } from "../../../fixtures/msw/cassette/sections.js";

describe("claimSection", () => {
  test("one owner per section of one file in a run; a retry is the same owner", () => {
    const first = { label: "suite > books a flight" };
    const second = { label: "suite > books a flight (again)" };
    const path = `units-${Math.random().toString(36).slice(2)}.jsonl`;
    expect(claimSection(path, "books a flight", first)).toBeUndefined();
    expect(claimSection(path, "books a flight", first)).toBeUndefined();
    const refused = claimSection(`./${path}`, "books a flight", second);
    expect(refused).toContain('"suite > books a flight"');
    expect(refused).toContain('"suite > books a flight (again)"');
    expect(claimSection(path, "another section", second)).toBeUndefined();
    expect(claimSection(`other-${path}`, "books a flight", second)).toBeUndefined();
  });
});

describe("firstDifference", () => {
  test("equal values have none; the first differing path is named, keys in order, escaped as JSON Pointer", () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
    expect(firstDifference({ a: [1, 2] }, { a: [1, 2, 3] })).toEqual({
      path: "/a/2",
      recorded: undefined,
      received: 3,
    });
    expect(firstDifference({ z: 1, "a/b~": 1 }, { z: 2, "a/b~": 2 })).toEqual({
      path: "/a~1b~0",
      recorded: 1,
      received: 2,
    });
    expect(firstDifference({ a: [1] }, { a: { 0: 1 } })).toEqual({ path: "/a", recorded: [1], received: { 0: 1 } });
    expect(firstDifference(null, {})).toEqual({ path: "/", recorded: null, received: {} });
    expect(firstDifference(Number.NaN, Number.NaN)).toBeUndefined();
  });
});

describe("CallLedger", () => {
  const call = { type: "function_call", call_id: "call_1", name: "lookup", arguments: "{}", status: "completed" };
  test("a result pairs with a call in its own input, or one served before", () => {
    const ledger = new CallLedger();
    expect(
      ledger.pairingProblems({ input: [call, { type: "function_call_output", call_id: "call_1", output: "ok" }] }),
    ).toEqual([]);
    ledger.served({ response: { body: { object: "response", output: [call] } } } as never);
    expect(
      ledger.pairingProblems({ input: [{ type: "function_call_output", call_id: "call_1", output: "ok" }] }),
    ).toEqual([]);
  });

  test("a result for no call, or one that does not pair, is a problem; bodies without input have none", () => {
    const ledger = new CallLedger();
    expect(
      ledger.pairingProblems({ input: [{ type: "function_call_output", call_id: "call_9", output: "ok" }] }),
    ).toEqual(['the request sends a function_call_output for call_id "call_9", which no call in the conversation has']);
    const [problem] = ledger.pairingProblems({
      input: [call, { type: "function_call_output", call_id: "call_1", output: { a: 1 } }],
    });
    expect(problem).toMatch(/^the request's function_call_output for "call_1" does not pair with its call: /);
    expect(ledger.pairingProblems(undefined)).toEqual([]);
    expect(ledger.pairingProblems({ input: "just text" })).toEqual([]);
  });
});

describe("writeSection", () => {
  const interaction = {
    section: "s",
    request: { method: "POST", path: "/v1/responses", body: { model: "gpt-5" } },
    response: { status: 200, body: { ok: true } },
  } as never;

  test("a lock left by a process that died (older than 30 s) is taken over", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cassette-lock-"));
    const path = join(dir, "c.jsonl");
    writeFileSync(`${path}.lock`, "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, old, old);
    await writeSection(path, "s", [interaction], { lockTimeoutMs: 1000 });
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(readCassette(path)).toHaveLength(1);
  });

  test("a file that cannot be replaced rejects, and leaves no temporary file beside it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cassette-rename-"));
    const path = join(dir, "c.jsonl");
    // a directory where the cassette should be: reading it fails, so nothing is half-written
    mkdirSync(path);
    await expect(writeSection(path, "s", [interaction], { lockTimeoutMs: 1000 })).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});

describe("redaction", () => {
  test("custom redactors run after the built-in patterns: a function, or a pattern with or without its replacement", () => {
    const value = { note: "order A-1042 for ann@example.com", nested: ["ticket T-77"] };
    const redacted = redactValue(value, [
      (text) => text.replace(/ann@example\.com/g, "<email>"),
      { pattern: /A-\d+/g, replacement: "<order>" },
      { pattern: /T-\d+/g },
    ]);
    expect(redacted).toEqual({ note: "order <order> for <email>", nested: [`ticket ${REDACTED}`] });
    expect(value.note).toBe("order A-1042 for ann@example.com");
  });

  test("an upstream that is no URL gives no secrets of its own; a short key is not worth a literal", () => {
    expect(secretsOf("gateway-key-123456", "not a url")).toEqual(["gateway-key-123456"]);
    expect(secretsOf("abc", "https://user:hunter2hunter2@example.com/v1?api-key=s3cr3t-value")).toEqual([
      "hunter2hunter2",
      "s3cr3t-value",
    ]);
  });

  test("kept headers: the content type, the request id and openai-*, never a credential, redacted by the custom rules", () => {
    const headers = new Headers({
      "content-type": "application/json",
      "x-request-id": "req_1",
      "openai-processing-ms": "4217",
      authorization: "Bearer sk-abc",
      cookie: "a=b",
      "x-other": "no",
    });
    expect(keptHeaders(headers, [{ pattern: /^4217$/ }])).toEqual({
      "content-type": "application/json",
      "x-request-id": "req_1",
      "openai-processing-ms": REDACTED,
    });
  });
});

describe("where a cassette records from", () => {
  test("the option, else AGENT_TESTKIT_UPSTREAM, else OPENAI_BASE_URL (as the clients read it), else the API", () => {
    const gateway = "https://gateway.example/openai/v1/";
    expect(
      upstreamOf({ upstream: "http://a/v1" }, { AGENT_TESTKIT_UPSTREAM: gateway, OPENAI_BASE_URL: "http://b" }),
    ).toBe("http://a/v1");
    expect(upstreamOf({}, { AGENT_TESTKIT_UPSTREAM: gateway, OPENAI_BASE_URL: "http://b/v1" })).toBe(
      "https://gateway.example/openai/v1",
    );
    expect(upstreamOf({}, { OPENAI_BASE_URL: "http://b/v1" })).toBe("http://b/v1");
    expect(upstreamOf({}, { OPENAI_BASE_URL: "" })).toBe("https://api.openai.com/v1");
    expect(upstreamOf({}, {})).toBe("https://api.openai.com/v1");
  });
});
