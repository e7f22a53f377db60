// Every runner-free entry point, imported from ESM.
import assert from "node:assert/strict";
import * as core from "agent-testkit";
import * as factories from "agent-testkit/factories";
import * as matchers from "agent-testkit/matchers";
import * as msw from "agent-testkit/msw";

const item = {
  type: "function_call",
  id: "fc_001",
  name: "get_latest_sales_report",
  call_id: "call_123",
  status: "completed",
  arguments: '{"region":"apac"}',
};
assert.equal(core.replayGate(item).reason, "ok");
assert.equal(
  core.replayGate({ ...item, arguments: '{"region":"global"}' }, { properties: { region: { enum: ["apac"] } } }).reason,
  "arguments_schema",
);
assert.equal(typeof matchers.agentMatchers.toBeReplayable, "function");
const f = factories.createFactories({ seed: 4 });
assert.equal(core.replayGate(f.functionCall(), factories.examples.salesTool).reason, "ok");
assert.deepEqual(
  factories.createFactories({ seed: 4 }).functionCall(),
  factories.createFactories({ seed: 4 }).functionCall(),
);
assert.equal(typeof msw.fakeResponses, "function");
// /responses, /conversations, /files, /vector_stores and /containers, each with and without a subpath
assert.equal(msw.fakeResponses().handlers.length, 10);
console.log(`ESM ${process.version}: ok`);
