// agentTest with cassettes, as a user runs it: the suite in cassette-suite/ recorded from a
// provider process over loopback (AGENT_TESTKIT_RECORD=record), then replayed with no provider at
// all (=replay), each run its own Vitest process. One cassette per test file, a section per test
// and fake; tests with the same name get sections of their own.
import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readCassette } from "../../fixtures/msw/cassette/file.js";
import { requireFreshBuild, root } from "../build.js";

const KEY = "sk-test-agenttest-KEY-0123456789";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-agenttest-cassettes-"));
let provider: ChildProcessWithoutNullStreams;
let upstream = "";

/** The stand-in provider in its own process (`drifted`: one whose answers changed shape since). */
async function startProvider(...args: string[]) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL("../msw/cassette/provider.mjs", import.meta.url)), KEY, ...args],
    { cwd: root },
  );
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once("line", resolve));
  return { child, url: JSON.parse(line).responses as string };
}

beforeAll(async () => {
  requireFreshBuild("msw.js");
  ({ child: provider, url: upstream } = await startProvider());
}, 30_000);
afterAll(() => provider?.stdin.end());

/** Runs the suite in its own Vitest process; resolves to its exit code and output. */
function runSuite(env: Record<string, string>, args: string[] = []): Promise<{ code: number; output: string }> {
  const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
  const config = fileURLToPath(new URL("./cassette-suite/vitest.config.ts", import.meta.url));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [vitest, "run", "--config", config, ...args],
      { cwd: root, env: { ...process.env, CI: "", ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

test("a recording that cannot be saved fails its test, naming the path and the reason", async () => {
  const blocked = join(mkdtempSync(join(tmpdir(), "agent-testkit-unsaved-")), "a-file");
  writeFileSync(blocked, "not a folder");
  const run = await runSuite({
    AGENT_TESTKIT_RECORD: "record",
    CASSETTE_DIR: join(blocked, "cassettes"),
    UPSTREAM: upstream,
    RECORDING_KEY: KEY,
  });
  expect(run.code).toBe(1);
  expect(run.output).toContain(`could not save ${join(blocked, "cassettes", "questions.suite.ts.jsonl")}`);
  expect(run.output).toMatch(/ENOTDIR/);
}, 60_000);

test("recorded in one run, replayed in the next: one cassette, a section per test, same-named tests apart", async () => {
  const recorded = await runSuite({
    AGENT_TESTKIT_RECORD: "record",
    CASSETTE_DIR: dir,
    UPSTREAM: upstream,
    RECORDING_KEY: KEY,
  });
  expect(recorded, recorded.output).toMatchObject({ code: 0 });
  const [file] = readdirSync(dir);
  expect(file).toBe("questions.suite.ts.jsonl");
  expect(readCassette(join(dir, file!)).map((i) => i.section)).toEqual([
    "recorded > first question [responses]",
    "recorded > second question [responses]",
    "the same name [responses]",
    "the same name (2) [responses]",
  ]);

  provider.stdin.end(); // no provider from here on
  const replayed = await runSuite({
    AGENT_TESTKIT_RECORD: "replay",
    CASSETTE_DIR: dir,
    UPSTREAM: "http://127.0.0.1:9/v1",
    RECORDING_KEY: KEY,
  });
  expect(replayed, replayed.output).toMatchObject({ code: 0 });
  expect(replayed.output).not.toContain("used by no test");

  // A renamed test leaves its recording behind: a full replay run lists it; a partial run cannot tell.
  const path = join(dir, file!);
  const orphan = { ...readCassette(path)[0]!, section: "recorded > old name [responses]" };
  const { line: _line, ...plain } = orphan;
  appendFileSync(path, `${JSON.stringify(plain)}\n`);
  const replay = {
    AGENT_TESTKIT_RECORD: "replay",
    CASSETTE_DIR: dir,
    UPSTREAM: "http://127.0.0.1:9/v1",
    RECORDING_KEY: KEY,
  };
  const listed = await runSuite(replay);
  expect(listed, listed.output).toMatchObject({ code: 0 });
  expect(listed.output).toContain(
    `agent-testkit: 1 section of ${path} was used by no test of this file, all of whose tests ran and passed: a renamed or deleted test left it.`,
  );
  expect(listed.output).toContain('- "recorded > old name [responses]" (line 6, 1 recording)');
  const partial = await runSuite(replay, ["-t", "first question"]);
  expect(partial, partial.output).toMatchObject({ code: 0 });
  expect(partial.output).not.toContain("used by no test");
  const failing = await runSuite({ ...replay, UNUSED: "fail" });
  expect(failing.code).toBe(1);
  expect(failing.output).toContain('- "recorded > old name [responses]" (line 6, 1 recording)');

  // Verify mode: the suite against a provider again, the answers compared with the recordings.
  const before = readFileSync(path, "utf8");
  const report = join(dir, "drift.jsonl");
  const verify = { ...replay, AGENT_TESTKIT_RECORD: "verify", AGENT_TESTKIT_DRIFT_REPORT: report, UNUSED: "off" };
  const same = await startProvider("1", "same");
  try {
    const verified = await runSuite({ ...verify, UPSTREAM: same.url });
    expect(verified, verified.output).toMatchObject({ code: 0 });
    expect(existsSync(report)).toBe(false);
  } finally {
    same.child.stdin.end();
  }
  const changed = await startProvider("1", "drifted");
  try {
    const drifted = await runSuite({ ...verify, UPSTREAM: changed.url });
    expect(drifted.code).toBe(1);
    expect(drifted.output).toContain("CassetteDriftError");
    expect(drifted.output).toContain(
      `${path}:2 (POST /responses): body/served_by: recorded missing, now string; body/top_p: recorded number, now missing`,
    );
    const lines = readFileSync(report, "utf8").trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).drift.section).sort()).toEqual([
      "recorded > first question [responses]",
      "recorded > second question [responses]",
      "the same name (2) [responses]",
      "the same name [responses]",
    ]);
  } finally {
    changed.child.stdin.end();
  }
  expect(readFileSync(path, "utf8")).toBe(before); // verify never writes the cassette
}, 180_000);
