// The bin runs from the installed package and answers with the documented exit codes.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

writeFileSync(
  "log.jsonl",
  '{"type":"function_call","name":"t","call_id":"c","status":"completed","arguments":"{}"}\n{"type":"openai:x"}\n',
);
const run = (...args) => spawnSync("npx", ["--no-install", "agent-testkit", ...args], { encoding: "utf8" });
assert.equal(run("check", "log.jsonl").status, 1);
assert.match(run("check", "log.jsonl").stdout, /namespaced\s+1/);
assert.equal(run("check").status, 2);
console.log(`CLI ${process.version}: ok`);
