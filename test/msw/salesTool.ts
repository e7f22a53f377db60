// The tool the @openai/agents tests give their agents: a Zod-typed sales report.
import { tool } from "@openai/agents";
import { z } from "zod";

export const salesReport = tool({
  name: "get_latest_sales_report",
  description: "Latest sales report for a region.",
  parameters: z.object({ region: z.enum(["apac", "emea", "amer"]) }),
  execute: async ({ region }) => `sales report for ${region}`,
});
