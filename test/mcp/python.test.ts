// Issue 52 item 8 driven by the Python `mcp` client (test/mcp/python/test_server_features.py):
// fakeMcp served here over loopback (its reply functions sample, elicit, log, report progress,
// close a stream mid-call), and `agent-testkit mcp` over stdio with a script file's asks. The
// Python side runs asynchronously: the fake answers in this process while it runs.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fakeMcp, mcpAsk, mcpFault } from "../../fixtures/mcp/index.js";
import type { Listening } from "../../fixtures/msw/kit/transports.js";
import { requireFreshBuild, root } from "../build.js";
import { pythonEnvironment } from "../python.js";

const run = promisify(execFile);
const none = { type: "object", properties: {} };
const fake = fakeMcp({
  tools: [
    { name: "draft", inputSchema: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] } },
    { name: "confirm", inputSchema: none },
    { name: "resumed", inputSchema: none },
  ],
  resourceTemplates: [
    {
      uriTemplate: "docs://{section}/{page}",
      name: "page",
      text: "# {page} of {section}",
      complete: { section: ["billing", "bugs", "api"] },
    },
  ],
  retryInterval: 10,
})
  .reply("draft", async (call) => {
    await call.log("debug", "noise");
    await call.log("warning", "drafting");
    await call.progress(1, 2, "asking the model");
    const sampled = await call.sample({
      messages: [{ role: "user", content: { type: "text", text: `Write about ${String(call.arguments.topic)}` } }],
      maxTokens: 50,
    });
    return `draft: ${Array.isArray(sampled.content) ? "" : sampled.content.type === "text" ? sampled.content.text : ""}`;
  })
  .reply("confirm", mcpAsk.elicitation({ message: "How much?", requestedSchema: { type: "object", properties: {} } }))
  .reply("resumed", mcpFault.reconnect("after the reconnect"));
let server: Listening;

beforeAll(async () => {
  requireFreshBuild("cli.js", "mcp-stdio.js");
  server = await fake.listen();
});
afterAll(async () => {
  await server?.close();
  await fake.close();
});

test("Python's mcp client: asks, logs, progress, templates, a resumed stream; stdio asks", async (context) => {
  const env = pythonEnvironment("python-hostile", ["anthropic", "mcp", "pytest", "requests"]);
  if ("missing" in env) {
    console.warn(`skipped: ${env.missing}`);
    return context.skip();
  }
  const out = await run(env.python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_server_features.py"], {
    cwd: join(root, "test", "mcp", "python"),
    timeout: 240_000,
    env: {
      ...process.env,
      MCP_URL: `${server.url}/mcp`,
      AGENT_TESTKIT_CLI: join(root, "dist", "cli.js"),
      AGENT_TESTKIT_NODE: process.execPath,
    },
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? "",
    stderr: error.stderr ?? "",
  }));
  expect(out.stdout + out.stderr, out.stdout + out.stderr).toMatch(/\b5 passed\b/);
  expect(fake.calls.find((c) => c.tool === "draft" && c.asked)?.asked?.[0]).toMatchObject({
    method: "sampling/createMessage",
    result: { model: "py-model" },
  });
}, 300_000);
