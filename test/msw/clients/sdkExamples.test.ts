// The SDKs' own examples (vendor/sdk-examples), run unchanged on the toolchain's Node 24 against
// fakeAnthropic and fakeChatCompletions: each must do its job, that is run to its end with no
// error. Issue 52 measured 37 of 40 Anthropic examples and 22 of 26 chat examples before the fixes
// (the memory tool, structured outputs, the MCP connector, the legacy `functions`).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { requireFreshBuild, root } from "../../build.js";

const run = promisify(execFile);
const node = join(root, "node_modules/node/bin/node");
const preload = join(root, "test/msw/clients/sdkExamples.preload.mjs");
const vendored = join(root, "vendor/sdk-examples");
// servers on the fixed port 3000, driven by hand (curl, the browser example): not run here; the
// Next.js route handler is driven below
const SERVERS = ["stream-to-client-express.ts", "stream-to-client-raw.ts", "stream-to-client-browser.ts"];
const HANDLERS = ["stream-to-client-next.ts"];

const examples = (sdk: string) =>
  readdirSync(join(vendored, sdk))
    .filter((name) => name.endsWith(".ts") && !SERVERS.includes(name) && !HANDLERS.includes(name))
    .map((name) => ({ sdk, name }));

let out: string;
beforeAll(() => {
  requireFreshBuild("msw.js", "factories.js");
  // compiled beside node_modules, so that the examples' imports resolve as in the SDKs' repositories
  mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
  out = mkdtempSync(join(root, "node_modules/.cache/sdk-examples-"));
});

async function compiled(sdk: string, name: string): Promise<string> {
  const outfile = join(out, sdk, name.replace(/\.ts$/, ".mjs"));
  // a transpiler, not type stripping: some examples import a type without `import type`
  await build({ entryPoints: [join(vendored, sdk, name)], outfile, format: "esm", bundle: true, packages: "external" });
  return outfile;
}

async function runExample(sdk: string, name: string, args: string[] = [], env: Record<string, string> = {}) {
  const outfile = await compiled(sdk, name);
  return run(node, ["--import", preload, ...args, outfile], {
    timeout: 30_000,
    env: { ...process.env, NODE_NO_WARNINGS: "1", ...env },
  });
}

describe.each([
  ["anthropic-sdk-typescript", 24],
  ["openai-node", 18],
])("%s's examples on the fakes", (sdk, count) => {
  it(`lists the ${count} examples that call the Messages or Chat Completions API`, () => {
    expect(examples(sdk)).toHaveLength(count);
  });

  it.concurrent.each(examples(sdk).map(({ name }) => [name]))(
    "%s runs to its end",
    async (name) => {
      const { stdout, stderr } = await runExample(sdk, name);
      expect(stderr).not.toMatch(/Error|not implemented/);
      expect(stdout.length).toBeGreaterThan(0);
    },
    60_000,
  );
});

it("openai-node's Next.js route handler streams the fake's answer to its client", async () => {
  const handler = await compiled("openai-node", "stream-to-client-next.ts");
  const drive = `const { default: handler } = await import(${JSON.stringify(handler)});
    const response = await handler(new Request("http://127.0.0.1/api", { method: "POST", body: "Why dogs?",
      headers: { authorization: "Bearer ${"t".repeat(40)}", "content-type": "text/plain" } }));
    process.stdout.write(response.status + " " + await response.text());`;
  const { stdout } = await run(node, ["--import", preload, "--input-type=module", "-e", drive], {
    timeout: 30_000,
    env: { ...process.env, NODE_NO_WARNINGS: "1", OPENAI_EXAMPLE_AUTH_TOKEN: "t".repeat(40) },
  });
  const [status, ...body] = stdout.split(" ");
  expect(status).toBe("200");
  // the handler streams the SDK's chunks as JSON lines: their deltas make the fake's answer
  const chunks = body
    .join(" ")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { choices: Array<{ delta: { content?: string } }> });
  expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("This is the fake's answer.");
}, 60_000);
