// Issue 36 (4, 7): every entry loads and type-checks in the projects people have — node10
// ("moduleResolution": "node", still the default of many ts-jest projects), node16 and bundler
// resolution, "types": ["agent-testkit/jest"], without skipLibCheck — with msw absent, then
// present. At run time, agent-testkit/msw loads without msw (ESM and CommonJS), fake.fetch and
// fake.listen() work, and fake.handlers says what it needs.
const { execFileSync, spawnSync } = require("node:child_process");
const { writeFileSync } = require("node:fs");
const assert = require("node:assert/strict");

const modes = [
  ["commonjs", "node10"],
  ["node16", "node16"],
  ["esnext", "bundler"],
];
function typecheck(files) {
  for (const [module, moduleResolution] of modes) {
    const config = {
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        module,
        moduleResolution,
        target: "es2022",
        types: ["node", "agent-testkit/jest"],
        skipLibCheck: false,
      },
      files,
    };
    writeFileSync("tsconfig.check.json", JSON.stringify(config));
    const result = spawnSync("npx", ["--no-install", "tsc", "-p", "tsconfig.check.json"], { encoding: "utf8" });
    if (result.status !== 0) {
      console.error(result.stdout, result.stderr);
      throw new Error(`${files.join(", ")} does not type-check under ${moduleResolution}`);
    }
    console.log(`types (${moduleResolution}, ${files.join(", ")}): ok`);
  }
}

const script = `
  const fake = m.fakeResponses().reply(m.turn.message("Hi."));
  const answer = await fake.fetch("https://api.openai.com/v1/responses", {
    method: "POST",
    headers: { authorization: "Bearer k", "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-5", input: "Hello" }),
  });
  if (answer.status !== 200) throw new Error("fetch: " + answer.status);
  const server = await fake.reply(m.turn.message("Again.")).listen();
  const again = await fetch(server.url + "/responses", {
    method: "POST",
    headers: { authorization: "Bearer k", "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-5", input: "Hello" }),
  });
  await server.close();
  if (again.status !== 200) throw new Error("listen: " + again.status);
  let said = "";
  try { fake.handlers; } catch (error) { said = error.message; }
  console.log(JSON.stringify(said));
`;
// Issue 52 (3): fakeMcp() is made, and answers over fetch, without msw (it read its own handlers
// when it was made, which loaded msw); msw loads when handlers is first read, as for every fake.
const mcpScript = `
  const mcp = k.fakeMcp({ tools: [{ name: "echo", inputSchema: { type: "object" } }] });
  const opened = await mcp.fetch(mcp.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } } }),
  });
  if (opened.status !== 200) throw new Error("fakeMcp fetch: " + opened.status);
  await mcp.close();
  console.log("mcp ok");
`;
function runtimeMcp() {
  const esm = execFileSync(
    "node",
    ["--input-type=module", "-e", `const k = await import("agent-testkit/mcp");${mcpScript}`],
    {
      encoding: "utf8",
    },
  );
  const cjs = execFileSync("node", ["-e", `(async () => { const k = require("agent-testkit/mcp");${mcpScript} })()`], {
    encoding: "utf8",
  });
  for (const said of [esm, cjs]) assert.equal(said.trim(), "mcp ok");
  console.log("fakeMcp without msw (ESM and CommonJS): ok");
}

function runtime(withMsw) {
  const esm = execFileSync(
    "node",
    ["--input-type=module", "-e", `const m = await import("agent-testkit/msw");${script}`],
    {
      encoding: "utf8",
    },
  );
  const cjs = execFileSync("node", ["-e", `(async () => { const m = require("agent-testkit/msw");${script} })()`], {
    encoding: "utf8",
  });
  for (const said of [esm, cjs]) {
    if (withMsw) assert.equal(JSON.parse(said), "");
    else
      assert.match(
        JSON.parse(said),
        /fake\.handlers needs msw, which cannot be loaded here.*fake\.fetch and fake\.listen\(\) need no msw/,
      );
  }
  console.log(`run time, msw ${withMsw ? "installed" : "absent"} (ESM and CommonJS): ok`);
}

assert.throws(() => require.resolve("msw"), "this project starts without msw");
runtime(false);
runtimeMcp();
typecheck(["use.ts"]);
// msw 2.9: later 2.x declarations import the ESM-only rettime from their CommonJS types, which
// fails node16 without skipLibCheck in msw's own files (not ours).
execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "msw@2.9.0"], {
  stdio: "inherit",
});
runtime(true);
typecheck(["use.ts", "withMsw.ts"]);
