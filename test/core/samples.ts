/** The replay-gate article's own samples, verbatim. */
export const regionSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["region"],
  properties: { region: { type: "string", enum: ["apac", "emea", "amer"] } },
} as const;

export const fc_001 = {
  type: "function_call",
  id: "fc_001",
  name: "get_latest_sales_report",
  call_id: "call_123",
  status: "completed",
  arguments: '{"region":"apac"}',
} as const;

export const fc_009 = {
  type: "function_call",
  id: "fc_009",
  name: "get_latest_sales_report",
  call_id: "call_129",
  status: "completed",
  arguments: '{"region":"global"}',
} as const;

export const ws_001 = {
  type: "openai:web_search_call",
  id: "ws_001",
  status: "completed",
  action: { type: "search", query: "apac sales report" },
} as const;

export const call_123_output = { type: "function_call_output", call_id: "call_123", output: "sales report for apac" } as const;

export const salesTool = { type: "function", name: "get_latest_sales_report", parameters: regionSchema } as const;

export const orderSchema = {
  type: "object",
  properties: { order_id: { type: "string", pattern: "^[A-Z]-\\d{4}$" } },
  required: ["order_id"],
  additionalProperties: false,
} as const;
export const lookupOrderTool = { type: "function", name: "lookup_order", parameters: orderSchema } as const;
