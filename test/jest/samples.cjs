// The article's samples (same as test/core/samples.ts), for the CJS Jest suites.
const regionSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["region"],
  properties: { region: { type: "string", enum: ["apac", "emea", "amer"] } },
};
const fc_001 = {
  type: "function_call",
  id: "fc_001",
  name: "get_latest_sales_report",
  call_id: "call_123",
  status: "completed",
  arguments: '{"region":"apac"}',
};
const fc_009 = { ...fc_001, id: "fc_009", call_id: "call_129", arguments: '{"region":"global"}' };
const ws_001 = {
  type: "openai:web_search_call",
  id: "ws_001",
  status: "completed",
  action: { type: "search", query: "apac sales report" },
};
const call_123_output = { type: "function_call_output", call_id: "call_123", output: "sales report for apac" };
const salesTool = { type: "function", name: "get_latest_sales_report", parameters: regionSchema };
const action = {
  type: "function_call",
  turn_id: "turn_2",
  call_id: "call_3c91",
  name: "lookup_order",
  arguments: { order_id: "A-1042" },
};
const toolResult = {
  type: "agent.session.input.tool_result",
  turn_id: "turn_2",
  call_id: "call_3c91",
  success: true,
  output: '{"status":"paid"}',
};

function failureOf(assertion) {
  try {
    assertion();
  } catch (error) {
    return require("node:util").stripVTControlCharacters(error.message);
  }
  throw new Error("expected the assertion to fail, but it passed");
}

module.exports = { regionSchema, fc_001, fc_009, ws_001, call_123_output, salesTool, action, toolResult, failureOf };
