import { replayGate } from "agent-testkit";
import type OpenAI from "openai";
import { runTool, tools } from "./tools.js";

export const CUT_OFF = "The answer was cut off; please ask again.";

/**
 * The example app: answers a question with the Responses API, running the tools the model
 * calls. A call only runs when the replay gate accepts it; otherwise the model gets the gate's
 * message back as the tool output, and the tool never runs on bad arguments.
 */
export async function answer(client: OpenAI, question: string, maxTurns = 5): Promise<string> {
  let response = await client.responses.create({ model: "gpt-5", input: question, tools: [...tools] as never });
  for (let turn = 0; turn < maxTurns; turn++) {
    const calls = response.output.filter((item) => item.type === "function_call");
    if (calls.length === 0) return response.output_text;
    // A call that is not completed (cut off, still streaming) must not get an output at all:
    // the article's rule, which the fake's strict validation enforces with a 400.
    const completed = calls.filter((call) => call.status === "completed");
    if (completed.length === 0) return CUT_OFF;
    const outputs = completed.map((call) => {
      const gate = replayGate(call, tools);
      const output = gate.ok
        ? runTool(call.name, gate.arguments as Record<string, string>)
        : JSON.stringify({ error: gate.message });
      return { type: "function_call_output" as const, call_id: call.call_id, output };
    });
    response = await client.responses.create({
      model: "gpt-5",
      previous_response_id: response.id,
      input: outputs,
      tools: [...tools] as never,
    });
  }
  throw new Error(`no answer after ${maxTurns} turns`);
}
