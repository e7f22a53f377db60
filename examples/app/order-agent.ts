import type OpenAI from "openai";
import type { SessionCreateParamsNonStreaming } from "openai/resources/beta/agents/sessions/sessions";
import { runTool, tools } from "./tools.js";

const lookupOrder = tools.find((t) => t.name === "lookup_order")!;

/** Opens an Agents API session for the order agent. */
export async function openOrderSession(client: OpenAI): Promise<string> {
  const body: SessionCreateParamsNonStreaming = {
    agent: {
      model: "gpt-6-astra",
      instructions: "Look up orders. Confirm before any refund.",
      tools: [
        {
          type: "function",
          name: lookupOrder.name,
          description: lookupOrder.description,
          parameters: lookupOrder.parameters,
        },
      ] as never,
    },
    environment: { type: "openai_hosted" },
  };
  const session = await client.beta.agents.sessions.create(body);
  return session.id;
}

/**
 * Answers every pending required action of a session, the article's way: the pending work is
 * read from `required_actions` (never from the item history), each result copies its action's
 * `turn_id` and `call_id`, and objects are serialized to a string.
 */
export async function answerRequiredActions(client: OpenAI, sessionId: string): Promise<number> {
  const sessions = client.beta.agents.sessions;
  const session = await sessions.retrieve(sessionId);
  let answered = 0;
  for (const action of session.required_actions) {
    if (action.type !== "function_call") continue;
    const output = runTool(action.name, action.arguments as Record<string, string>);
    await sessions.events.create(sessionId, {
      events: [
        {
          type: "agent.session.input.tool_result",
          turn_id: action.turn_id,
          call_id: action.call_id,
          success: true,
          output,
        },
      ],
      // Resending after a disconnect must not run the turn twice: one key per result.
      "Idempotency-Key": `${action.turn_id}:${action.call_id}`,
    });
    answered++;
  }
  return answered;
}

/** Asks the order agent one question, letting the SDK's session runner call our tool. */
export async function askOrderAgent(client: OpenAI, sessionId: string, question: string): Promise<string> {
  const result = await client.beta.agents.sessions
    .stream(sessionId, {
      input: question,
      toolHandlers: {
        lookup_order: async ({ order_id }: { order_id: string }) => runTool("lookup_order", { order_id }),
      },
    } as never)
    .finalResult();
  return result.output_text;
}
