// `npx agent-testkit serve` as a user starts it: the built CLI in a child process. Its first stdout
// line is the JSON with its URL; SIGTERM and SIGINT close it, exit 0; usage mistakes exit 2.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import OpenAI from "openai";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";

const cli = `${root}dist/cli.js`;
beforeAll(() => requireFreshBuild("cli.js", "serve.js"));
// a test that fails half-way leaves no server behind
const started = new Set<ChildProcessWithoutNullStreams>();
afterEach(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  started.clear();
});

function start(...args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; stderr: string[] }> {
  const child = spawn(process.execPath, [cli, "serve", ...args], { cwd: root });
  started.add(child);
  const stderr: string[] = [];
  child.stderr.on("data", (chunk) => stderr.push(String(chunk)));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr.join("")}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      child.removeAllListeners("exit");
      resolve({ child, url: (JSON.parse(line) as { url: string }).url, stderr });
    });
  });
}

const exit = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

describe("agent-testkit serve", () => {
  test.each(["SIGTERM", "SIGINT"] as const)("serves the fakes; %s closes it, exit 0", async (signal) => {
    const { child, url, stderr } = await start("--port", "0");
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const session = (await (await fetch(`${url}/_testkit/sessions`, { method: "POST" })).json()) as {
      baseURL: string;
      id: string;
    };
    await fetch(`${url}/_testkit/sessions/${session.id}/reply`, {
      method: "POST",
      body: JSON.stringify({ turns: [{ message: "From the CLI's server." }] }),
    });
    const client = new OpenAI({ apiKey: "test-key", baseURL: session.baseURL });
    expect((await client.responses.create({ model: "gpt-5", input: "Hi" })).output_text).toBe("From the CLI's server.");
    const exited = exit(child);
    child.kill(signal);
    expect(await exited).toBe(0);
    expect(stderr.join("")).toContain(`the fakes are at ${url}/v1`); // the human line, on stderr
  });

  test("--host and --port bind where they say", async () => {
    const { child, url } = await start("--host", "0.0.0.0", "--port", "0");
    expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    const port = new URL(url).port;
    expect((await fetch(`http://127.0.0.1:${port}/_testkit/health`)).status).toBe(200);
    const exited = exit(child);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  test.each([
    [["--port", "http"], "--port takes a port from 0 to 65535"],
    [["--strict", "--lax"], "--strict and --lax"],
    [["--tools", "no-such-file.json"], "cannot read tools file"],
    [["extra"], "serve takes no arguments"],
  ])("a usage mistake exits 2, saying what: %j", (args, message) => {
    const run = spawnSync(process.execPath, [cli, "serve", ...args], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test("the build ships the control API's OpenAPI document, the one the server serves", async () => {
    const shipped = JSON.parse(readFileSync(`${root}dist/testkit-openapi.json`, "utf8"));
    const { child, url } = await start();
    const served = await (await fetch(`${url}/_testkit/openapi.json`)).json();
    const exited = exit(child);
    child.kill("SIGTERM");
    await exited;
    expect(served).toEqual(shipped);
    expect(Object.keys(shipped.paths)).toContain("/_testkit/sessions/{id}/expect");
  });

  test("--help prints the usage, exit 0", () => {
    const run = spawnSync(process.execPath, [cli, "serve", "--help"], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Usage: agent-testkit serve");
  });
});

// Issue 52 (12): the recipe ships with the package, and covers every wire's client.
test("serve --recipe pytest prints the conftest the package ships (OPENAI_ and ANTHROPIC_BASE_URL set)", () => {
  const run = spawnSync(process.execPath, [cli, "serve", "--recipe", "pytest"], { encoding: "utf8" });
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(readFileSync(`${root}examples/serve/python/conftest.py`, "utf8"));
  expect(run.stdout).toContain('monkeypatch.setenv("ANTHROPIC_BASE_URL"');
  const wrong = spawnSync(process.execPath, [cli, "serve", "--recipe", "jest"], { encoding: "utf8" });
  expect(wrong.status).toBe(2);
  expect(wrong.stderr).toContain("--recipe takes pytest");
  const help = spawnSync(process.execPath, [cli, "serve", "--help"], { encoding: "utf8" });
  expect(help.stdout).toContain("chat.jsonl, anthropic.jsonl");
});
