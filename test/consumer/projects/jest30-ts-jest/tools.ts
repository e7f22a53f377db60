import type OpenAI from "openai";

export const tools = [
  {
    type: "function",
    name: "get_latest_sales_report",
    description: "The latest sales report for a region.",
    parameters: {
      type: "object",
      properties: { region: { type: "string", enum: ["apac", "emea", "amer"] } },
      required: ["region"],
      additionalProperties: false,
    },
    strict: true,
  },
] satisfies OpenAI.Responses.FunctionTool[];
