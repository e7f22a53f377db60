// Every runner-free entry point, required from CJS.
const assert = require("node:assert/strict");
const core = require("agent-testkit");
const matchers = require("agent-testkit/matchers");
const factories = require("agent-testkit/factories");
const msw = require("agent-testkit/msw");

const item = {
  type: "function_call",
  id: "fc_001",
  name: "get_latest_sales_report",
  call_id: "call_123",
  status: "completed",
  arguments: '{"region":"apac"}',
};
assert.equal(core.replayGate(item).reason, "ok");
assert.equal(core.checkPair(item, { type: "function_call_output", call_id: "call_123", output: "x" }).ok, true);
assert.equal(typeof matchers.agentMatchers.toPairWithCall, "function");
const f = factories.createFactories({ seed: 4 });
assert.equal(core.replayGate(f.functionCall(), factories.examples.salesTool).reason, "ok");
assert.deepEqual(
  factories.createFactories({ seed: 4 }).functionCall(),
  factories.createFactories({ seed: 4 }).functionCall(),
);
assert.equal(typeof msw.fakeResponses, "function");
// /responses, /conversations, /files, /vector_stores and /containers, each with and without a subpath
assert.equal(msw.fakeResponses().handlers.length, 10);
console.log(`CJS ${process.version}: ok`);
