import { finalResponse, isRecord } from "./internal/read.js";

/** Whether a value is one interaction of a cassette (`{ section, request, response }`). */
export function isCassetteInteraction(
  value: unknown,
): value is { section: string; request: { body?: unknown }; response: { body?: unknown; events?: unknown[] } } {
  return isRecord(value) && typeof value.section === "string" && isRecord(value.request) && isRecord(value.response);
}

/**
 * The function calls a recorded answer holds, as Open Responses items: a Responses answer's
 * `output` (its body, or the final response of its events), or the `function_call` required
 * actions of an Agents API session (arguments serialized, as they would be replayed).
 */
export function recordedCalls(interaction: { response: { body?: unknown; events?: unknown[] } }): unknown[] {
  const { body, events = [] } = interaction.response;
  const output = finalResponse(interaction.response)?.output;
  if (Array.isArray(output)) return output.filter(isCall);
  const sessions = [body, ...events.map((event) => (isRecord(event) ? event.session : undefined))];
  const calls = new Map<string, unknown>();
  for (const session of sessions) {
    if (!isRecord(session) || !Array.isArray(session.required_actions)) continue;
    for (const action of session.required_actions) {
      if (!isRecord(action) || action.type !== "function_call") continue;
      calls.set(String(action.call_id), {
        type: "function_call",
        status: "completed",
        name: action.name,
        call_id: action.call_id,
        arguments: JSON.stringify(action.arguments ?? {}),
      });
    }
  }
  return [...calls.values()];
}

/** The function tools of the request that produced a recording (or of its Agents session). */
export function recordedTools(interaction: {
  request: { body?: unknown };
  response: { body?: unknown; events?: unknown[] };
}): unknown[] | undefined {
  const body = interaction.request.body;
  if (isRecord(body) && Array.isArray(body.tools))
    return body.tools.filter((t) => isRecord(t) && t.type === "function");
  const session = [
    interaction.response.body,
    ...(interaction.response.events ?? []).map((e) => (isRecord(e) ? e.session : undefined)),
  ].find((s) => isRecord(s) && isRecord(s.agent));
  const tools = isRecord(session) && isRecord(session.agent) ? session.agent.tools : undefined;
  return Array.isArray(tools) ? tools.filter((t) => isRecord(t) && t.type === "function") : undefined;
}

function isCall(item: unknown): boolean {
  return isRecord(item) && item.type === "function_call";
}
