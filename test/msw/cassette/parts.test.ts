// The cassette's parts, each alone: its options, what a run shares (keys and redaction, counting),
// the tape (taking recordings in order, the closest one), and the verifier (drift kept, a report
// that cannot be written said).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import { writeSection } from "../../../fixtures/msw/cassette/file.js";
import type { Interaction } from "../../../fixtures/msw/cassette/interaction.js";
import { comparable } from "../../../fixtures/msw/cassette/match.js";
import { cassetteOptions } from "../../../fixtures/msw/cassette/options.js";
import type { CassetteProfile } from "../../../fixtures/msw/cassette/profile.js";
import { REDACTED } from "../../../fixtures/msw/cassette/redact.js";
import { createRun } from "../../../fixtures/msw/cassette/run.js";
import { createTape } from "../../../fixtures/msw/cassette/tape.js";
import { createVerifier } from "../../../fixtures/msw/cassette/verify.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-parts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());
const profile: CassetteProfile = { bodyRoute: () => undefined };
const ask = (input: string) => ({ method: "POST", path: "/responses", body: { model: "gpt-5", input } });
const answer = (text: string, extra: Record<string, unknown> = {}): Interaction["response"] => ({
  status: 200,
  headers: {},
  body: { object: "response", id: `resp_${text}`, output: [{ type: "message", text }], ...extra },
});

describe("options", () => {
  test("a path is a spec; a replay timing that is no speed is told at once", () => {
    expect(cassetteOptions("a.jsonl")).toEqual({ path: "a.jsonl" });
    expect(() => cassetteOptions({ path: "a.jsonl", replay: { timing: 0 } })).toThrow(RangeError);
    expect(cassetteOptions({ path: "a.jsonl", replay: { timing: 2 } }).replay).toEqual({ timing: 2 });
  });
});

describe("a run", () => {
  test("the key sent upstream: the option, else OPENAI_API_KEY, else a client's provider-like key, which becomes a secret", () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    const run = createRun({ path: join(dir, "none.jsonl"), mode: "record" }, profile);
    const clientKey = `gw_client_${"x".repeat(24)}`; // no built-in pattern knows it
    expect(run.keyFor(new Headers({ authorization: "Bearer test-key" }))).toBeUndefined();
    expect(run.redact(`said ${clientKey}`)).toContain(clientKey.slice(0, 12));
    expect(run.keyFor(new Headers({ authorization: `Bearer ${clientKey}` }))).toBe(clientKey);
    expect(run.redact(`said ${clientKey}`)).toBe(`said ${REDACTED}`);
    const own = createRun(
      { path: join(dir, "none.jsonl"), mode: "record", apiKey: `sk-own-${"y".repeat(24)}` },
      profile,
    );
    expect(own.keyFor(new Headers({ authorization: `Bearer ${clientKey}` }))).toBe(`sk-own-${"y".repeat(24)}`);
  });

  test("what it served is counted, and its calls are open for results", () => {
    const run = createRun({ path: join(dir, "count.jsonl"), mode: "replay" }, profile);
    const call = { type: "function_call", call_id: "call_1", name: "f", arguments: "{}", status: "completed" };
    run.served({ section: "", request: ask("x"), response: answer("x", { output: [call] }) });
    expect(run.used).toBe(1);
    const result = { type: "function_call_output", call_id: "call_1", output: "ok" };
    expect(run.ledger.pairingProblems({ input: [result] })).toEqual([]);
    expect(run.ledger.pairingProblems({ input: [{ ...result, call_id: "call_2" }] })).toHaveLength(1);
  });
});

describe("the tape", () => {
  test("the same request takes its recordings in order, then none; a different one finds the closest", async () => {
    const path = join(dir, "tape.jsonl");
    await writeSection(path, "s", [
      { section: "s", request: ask("hello"), response: answer("first") },
      { section: "s", request: ask("hello"), response: answer("second") },
      { section: "s", request: ask("goodbye"), response: answer("third") },
    ]);
    const run = createRun({ path, section: "s", mode: "replay" }, profile);
    const tape = createTape(run);
    expect(tape.recorded).toHaveLength(3);
    const texts = [1, 2, 3].map(() => {
      const { recording, spent } = tape.take(ask("hello"));
      return [recording?.response.body && (recording.response.body as { id: string }).id, spent];
    });
    expect(texts).toEqual([
      ["resp_first", 2],
      ["resp_second", 2],
      [undefined, 2],
    ]);
    expect(tape.take(ask("hello there")).spent).toBe(0);
    // the most top-level fields alike, on the same route; nothing at all on another route
    const goodbye = { ...ask("goodbye"), body: { model: "gpt-4.1", input: "goodbye" } };
    expect(tape.closest(comparable(goodbye, new Map(), {}))?.response.body).toMatchObject({ id: "resp_third" });
    expect(tape.closest(comparable({ ...goodbye, path: "/responses/compact" }, new Map(), {}))).toBeUndefined();
  });
});

describe("the verifier", () => {
  test("an answer of another shape is kept as drift; a report that cannot be written is said, not thrown", () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const run = createRun(
      { path: join(dir, "verify.jsonl"), mode: "verify", driftReport: join(blocker, "drift.jsonl") },
      profile,
    );
    const verifier = createVerifier(run);
    const recording = { section: "", line: 2, request: ask("x"), response: answer("x") };
    verifier.compare(recording, { section: "", request: ask("x"), response: answer("y") });
    expect(verifier.drift).toEqual([]);
    verifier.compare(recording, { section: "", request: ask("x"), response: answer("x", { usage: { total: 1 } }) });
    expect(verifier.drift).toMatchObject([{ line: 2, request: "POST /responses" }]);
    expect(verifier.unsaved).toEqual([expect.stringContaining("could not write the drift report")]);
    expect(run.used).toBe(2);
  });
});
