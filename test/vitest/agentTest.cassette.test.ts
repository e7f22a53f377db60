// agentTest with cassettes: one file per test file, a section per test (and per fake); recorded
// from a provider process over loopback, then replayed with no provider at all.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { createAgentTest } from "../../matchers/agentTest.js";
import { readCassette } from "../../fixtures/msw/index.js";
import { requireFreshBuild, root } from "../build.js";

const KEY = "sk-test-agenttest-KEY-0123456789";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-agenttest-cassettes-"));
// One agentTest per file (each has its MSW server); its options are read as each test starts.
const settings: { dir: string; mode: "record" | "replay"; upstream: string; apiKey: string } = { dir, mode: "record", upstream: "http://127.0.0.1:9/v1", apiKey: KEY };
const recordTest = createAgentTest({ cassette: settings });
const replayTest = recordTest;
let provider: ChildProcessWithoutNullStreams;

beforeAll(async () => {
  requireFreshBuild("msw.js");
  provider = spawn(process.execPath, [fileURLToPath(new URL("../msw/cassette/provider.mjs", import.meta.url)), KEY], { cwd: root });
  const line = await new Promise<string>((resolve) => createInterface({ input: provider.stdout }).once("line", resolve));
  settings.upstream = JSON.parse(line).responses;
}, 30_000);
afterAll(() => provider?.stdin.end());

const ask = (question: string) => new OpenAI({ maxRetries: 0 }).responses.create({ model: "gpt-5", input: question });

describe("recorded", () => {
  recordTest("first question", async ({ responses }) => {
    expect((await ask("one")).output_text).toBe('You said 5 characters.');
    expect(responses.cassette).toMatchObject({ mode: "record", section: "recorded > first question [responses]" });
  });
  // A test asks for the fake it uses: fixtures are created only when asked for.
  recordTest("second question", async ({ responses }) => {
    void responses;
    expect((await ask("two two")).output_text).toBe('You said 9 characters.');
  });
});

describe("replayed", () => {
  beforeAll(() => {
    settings.mode = "replay";
    settings.upstream = "http://127.0.0.1:9/v1"; // nothing listens there
  });
  replayTest("the whole file: one cassette, a section per test", async ({ responses }) => {
    provider.stdin.end(); // no provider from here on
    const [file] = readdirSync(dir);
    expect(file).toBe("agentTest.cassette.test.ts.jsonl");
    expect(readCassette(join(dir, file!)).map((i) => i.section)).toEqual(["recorded > first question [responses]", "recorded > second question [responses]"]);
    expect(responses.cassette!.section).toBe("replayed > the whole file: one cassette, a section per test [responses]");
  });
});

describe("recorded", () => {
  replayTest("first question", async ({ responses }) => {
    expect(responses.cassette!.mode).toBe("replay");
    expect((await ask("one")).output_text).toBe('You said 5 characters.');
  });
  replayTest("second question", async ({ responses }) => {
    void responses;
    await expect(ask("something else")).rejects.toThrow(/no recording in .* \[section "recorded > second question \[responses\]"\] matches POST \/responses/);
  });
});
