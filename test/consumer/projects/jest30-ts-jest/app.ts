import type OpenAI from "openai";
import { tools } from "./tools";

export async function answer(client: OpenAI, question: string): Promise<string> {
  const first = await client.responses.create({ model: "gpt-5", input: question, tools });
  const call = first.output.find((item) => item.type === "function_call");
  if (call?.type !== "function_call") return first.output_text;
  const { region } = JSON.parse(call.arguments) as { region: string };
  const second = await client.responses.create({
    model: "gpt-5",
    previous_response_id: first.id,
    input: [{ type: "function_call_output", call_id: call.call_id, output: `Sales in ${region}: +4%` }],
  });
  return second.output_text;
}
