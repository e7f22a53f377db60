// anthropic-sdk-python's own examples (vendor/sdk-examples/anthropic-sdk-python), run unchanged by
// the Python `anthropic` client against fakeAnthropic on loopback (ANTHROPIC_BASE_URL), each
// answered as sdkExamples.answer.mjs says. Each must do its job: run to its end, exit 0, with no
// traceback, having asked the fake. `mcp_tool_runner.py` spawns `npx -y
// @modelcontextprotocol/server-filesystem /tmp`: an `npx` earlier on PATH starts
// `agent-testkit mcp` with a filesystem-like tool instead (no network). `memory/basic.py` is an
// interactive session: stdin says a fact, looks at the memory, the debug view, and quits; it runs
// once more against `serve` as a pytest suite would script it (issue 52 item 4, the memory tool
// held to its input shape, found by this example).
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { fakeAnthropic as FakeAnthropic } from "../../../fixtures/msw/index.js";
import { requireFreshBuild, root } from "../../build.js";
import { pythonEnvironment } from "../../python.js";
import { useServer } from "../../serve/testServer.js";

type Fake = ReturnType<typeof FakeAnthropic>;
const vendored = join(root, "vendor/sdk-examples/anthropic-sdk-python");
const EXAMPLES = [
  ...readdirSync(vendored).filter((name) => name.endsWith(".py")),
  ...readdirSync(join(vendored, "memory")).map((name) => `memory/${name}`),
];
const SESSION = ["I prefer short answers, and Python.", "/memory_view", "/debug", "/quit"].join("\n");

let python: string | undefined;
let missing = "";
let newFake: () => Fake;
let bin: string;
let work: string;

beforeAll(async () => {
  requireFreshBuild("msw.js", "factories.js", "cli.js", "mcp-stdio.js");
  const env = pythonEnvironment("python-hostile", ["anthropic", "mcp", "pytest", "requests", "rich"]);
  if ("missing" in env) missing = env.missing;
  else python = env.python;
  // the built package, as the examples' preload loads it: its turns are the ones answer.mjs builds
  const msw = (await import(pathToFileURL(join(root, "dist/msw.js")).href)) as { fakeAnthropic: typeof FakeAnthropic };
  const { answer } = (await import(pathToFileURL(join(root, "test/msw/clients/sdkExamples.answer.mjs")).href)) as {
    answer: never;
  };
  newFake = () => msw.fakeAnthropic({ strict: false }).respond(answer);
  mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
  work = mkdtempSync(join(root, "node_modules/.cache/sdk-examples-python-"));
  bin = join(work, "bin");
  mkdirSync(bin);
  const script = join(work, "filesystem.json");
  writeFileSync(
    script,
    JSON.stringify({
      tools: [
        {
          name: "list_directory",
          description: "Lists a directory",
          inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        },
      ],
      replies: { list_directory: "[FILE] notes.txt\n[DIR] projects" },
    }),
  );
  const cli = join(root, "dist/cli.js");
  writeFileSync(join(bin, "npx"), `#!/bin/sh\nexec "${process.execPath}" "${cli}" mcp --script "${script}"\n`);
  chmodSync(join(bin, "npx"), 0o755);
}, 420_000);

function runPython(name: string, baseUrl: string, cwd: string, timeout = 60_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      python as string,
      [join(vendored, name)],
      {
        cwd,
        timeout,
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH ?? ""}`,
          ANTHROPIC_BASE_URL: baseUrl,
          ANTHROPIC_API_KEY: "sk-ant-test",
          PYTHONIOENCODING: "utf-8",
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(name === "memory/basic.py" ? `${SESSION}\n` : "");
  });
}

describe("anthropic-sdk-python's examples on fakeAnthropic", () => {
  it("lists the 16 examples that call the Messages API", () => {
    expect(EXAMPLES).toHaveLength(16);
  });

  it.concurrent.for(EXAMPLES)("%s runs to its end", { timeout: 90_000 }, async (name, context) => {
    if (!python) {
      console.warn(`skipped: ${missing}`);
      return context.skip();
    }
    const fake = newFake();
    const server = await fake.listen();
    const cwd = mkdtempSync(join(work, "run-"));
    try {
      const { code, stdout, stderr } = await runPython(name, server.url, cwd);
      expect(stderr, stderr).not.toMatch(/Traceback|Error/);
      expect(code, stdout + stderr).toBe(0);
      expect(stdout.length).toBeGreaterThan(0);
      expect(fake.requests.length).toBeGreaterThan(0);
      if (name === "mcp_tool_runner.py") {
        expect(stdout).toContain("list_directory");
        // the tool runner called the stdio server's tool and sent its answer back to the model
        expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain("[FILE] notes.txt");
      }
      if (name === "memory/basic.py") {
        expect(stdout).toContain("[Memory tool called: view]");
        expect(stdout).toContain("This is the fake's answer.");
      }
    } finally {
      await server.close();
    }
  });
});

describe("memory/basic.py against serve", () => {
  const served = useServer();
  const call = (input: Record<string, unknown>) => ({ functionCall: ["memory", input] });

  // on an API error the example's spinner thread spins on: the process is stopped after `timeout`
  async function session(memoryCall: Record<string, unknown>, timeout?: number) {
    const { json } = await served.call("POST", "/sessions", {});
    const queued = await served.call("POST", `/sessions/${json.id}/reply`, {
      fake: "anthropic",
      turns: [call(memoryCall), { message: "Noted: short, Python." }],
    });
    expect(queued.status).toBe(200);
    const ran = await runPython(
      "memory/basic.py",
      `${served.server.url}/s/${json.id}`,
      mkdtempSync(join(work, "run-")),
      timeout,
    );
    return { id: json.id as string, ...ran };
  }

  it("runs its memory tool on a call scripted over the control API", async (context) => {
    if (!python) {
      console.warn(`skipped: ${missing}`);
      return context.skip();
    }
    const { id, code, stdout, stderr } = await session({ command: "view", path: "/memories" });
    expect(stderr, stderr).not.toMatch(/Traceback|Error/);
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).toContain("[Memory tool called: view]");
    expect(stdout).toContain("Noted: short, Python.");
    const held = await served.call("POST", `/sessions/${id}/expect`, {
      fake: "anthropic",
      matcher: "toHaveCalledTool",
      args: ["memory", { command: "view", path: "/memories" }],
    });
    expect(held.json).toMatchObject({ pass: true });
    expect((await served.call("GET", `/sessions/${id}/requests?fake=anthropic`)).json).toHaveLength(2);
  }, 90_000);

  it("refuses a scripted memory call that is not of the tool's shape, and the example sees the 400", async (context) => {
    if (!python) return context.skip();
    const { code, stderr } = await session({ command: "explode" }, 15_000);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/BadRequestError|400/);
    expect(stderr).toContain("memory");
  }, 90_000);
});
