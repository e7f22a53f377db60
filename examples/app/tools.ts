/** The example app's tools: the replay-gate article's sales report and the Agents article's order lookup. */
export const tools = [
  {
    type: "function",
    name: "get_latest_sales_report",
    description: "Latest sales report for a region.",
    strict: true,
    parameters: {
      type: "object",
      additionalProperties: false,
      required: ["region"],
      properties: { region: { type: "string", enum: ["apac", "emea", "amer"] } },
    },
  },
  {
    type: "function",
    name: "lookup_order",
    description: "Look up an order by id.",
    strict: true,
    parameters: {
      type: "object",
      additionalProperties: false,
      required: ["order_id"],
      properties: { order_id: { type: "string", pattern: "^[A-Z]-\\d{4}$" } },
    },
  },
] as const;

const orders: Record<string, { status: string; total: number }> = {
  "A-1042": { status: "paid", total: 129.5 },
  "B-2001": { status: "shipped", total: 42 },
};

/** Runs a tool on already-validated arguments. */
export function runTool(name: string, args: Record<string, string>): string {
  if (name === "get_latest_sales_report")
    return JSON.stringify({ region: args.region, revenue_musd: { apac: 12.4, emea: 9.1, amer: 15.8 }[args.region!] });
  if (name === "lookup_order")
    return JSON.stringify(
      orders[args.order_id!] ? { order_id: args.order_id, ...orders[args.order_id!] } : { error: "order not found" },
    );
  throw new Error(`unknown tool ${name}`);
}
