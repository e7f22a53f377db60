import { finalResponse, isRecord } from "./internal/read.js";
import { describeValue } from "./internal/render.js";
import { isFunctionTool, isToolDefinition } from "./tools.js";
import { anthropicAnswerCalls, chatAnswerCalls, converseAnswerCalls, geminiAnswerCalls } from "./wires.js";

/** Whether a value is one interaction of a cassette (`{ section, request, response }`). */
export function isCassetteInteraction(
  value: unknown,
): value is { section: string; request: { body?: unknown }; response: { body?: unknown; events?: unknown[] } } {
  return isRecord(value) && typeof value.section === "string" && isRecord(value.request) && isRecord(value.response);
}

/**
 * The function calls a recorded answer holds, as Open Responses items: a Responses answer's
 * `output` (its body, or the final response of its events), the `function_call` required
 * actions of an Agents API session (arguments serialized, as they would be replayed), or a Chat
 * Completions answer's `tool_calls`, an Anthropic answer's `tool_use` blocks, a Gemini answer's
 * `functionCall` parts or a Bedrock Converse answer's `toolUse` blocks (the answer, or its stream put
 * together).
 */
export function recordedCalls(interaction: { response: { body?: unknown; events?: unknown[] } }): unknown[] {
  const { body, events = [] } = interaction.response;
  const output = finalResponse(interaction.response)?.output;
  if (Array.isArray(output)) return output.filter(isCall);
  const other = [
    ...chatAnswerCalls(interaction.response),
    ...anthropicAnswerCalls(interaction.response),
    ...geminiAnswerCalls(interaction.response),
    ...converseAnswerCalls(interaction.response),
  ];
  if (other.length > 0) return other;
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

/** The function tools of the request that produced a recording (or of its Agents session), of any wire. */
export function recordedTools(interaction: {
  request: { body?: unknown };
  response: { body?: unknown; events?: unknown[] };
}): unknown[] | undefined {
  const body = interaction.request.body;
  if (isRecord(body) && Array.isArray(body.tools)) return body.tools.filter(isFunctionTool);
  // Bedrock Converse declares its tools under toolConfig
  const converse = isRecord(body) && isRecord(body.toolConfig) ? body.toolConfig.tools : undefined;
  if (Array.isArray(converse)) return converse.filter(isFunctionTool);
  const session = [
    interaction.response.body,
    ...(interaction.response.events ?? []).map((e) => (isRecord(e) ? e.session : undefined)),
  ].find((s) => isRecord(s) && isRecord(s.agent));
  const tools = isRecord(session) && isRecord(session.agent) ? session.agent.tools : undefined;
  return Array.isArray(tools) ? tools.filter(isToolDefinition) : undefined;
}

function isCall(item: unknown): boolean {
  return isRecord(item) && item.type === "function_call";
}

/** What a cassette says about where its recordings come from (its first line, `{"provenance": …}`). */
export interface Provenance {
  /** When the newest section was recorded (ISO 8601). */
  recorded: string;
  /** The toolkit that wrote the file: `agent-testkit 0.1.0`. */
  toolkit: string;
  /** The clients that sent the recorded requests, from their `User-Agent` (`OpenAI/JS 7.2.0`). */
  clients: string[];
  /** The models the recorded requests asked for. */
  models: string[];
  /** Each section: when it was recorded, and by which client. */
  sections: Record<string, SectionProvenance>;
}

export interface SectionProvenance {
  recorded: string;
  client?: string;
}

/** What is wrong with a provenance line's value, or undefined. */
export function provenanceProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return `provenance must be an object, got ${describeValue(value, 60)}`;
  for (const field of ["recorded", "toolkit"] as const)
    if (typeof value[field] !== "string")
      return `provenance.${field} must be a string, got ${describeValue(value[field], 60)}`;
  for (const field of ["clients", "models"] as const) {
    const list = value[field];
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === "string"))
      return `provenance.${field} must be an array of strings, got ${describeValue(list, 60)}`;
  }
  if (!isRecord(value.sections))
    return `provenance.sections must be an object, got ${describeValue(value.sections, 60)}`;
  for (const [name, entry] of Object.entries(value.sections))
    if (
      !isRecord(entry) ||
      typeof entry.recorded !== "string" ||
      (entry.client !== undefined && typeof entry.client !== "string")
    )
      return `provenance.sections[${JSON.stringify(name)}] must be { recorded, client? } strings, got ${describeValue(entry, 60)}`;
  return undefined;
}

/** A cassette's first line, `{"provenance": …}` (any line that says so: where it may be is the reader's rule). */
export function isProvenanceLine(value: unknown): value is { provenance: unknown } {
  return isRecord(value) && "provenance" in value && !("request" in value);
}

/**
 * The provenance as a clause of a message:
 * `recorded 2026-12-01T19:40:00Z by OpenAI/JS 7.2.0 (agent-testkit 0.1.0; gpt-5)`.
 */
export function describeProvenance(provenance: Provenance, section?: string): string {
  const own = section === undefined ? undefined : provenance.sections[section];
  const recorded = own?.recorded ?? provenance.recorded;
  const clients = own ? (own.client ? [own.client] : []) : provenance.clients;
  const models = provenance.models.length > 0 ? `; ${provenance.models.join(", ")}` : "";
  return `recorded ${recorded}${clients.length > 0 ? ` by ${clients.join(", ")}` : ""} (${provenance.toolkit}${models})`;
}

/** One difference between a recorded answer and the provider's answer now, by shape. */
export interface DriftDifference {
  /** A field path (`body/output[message]/content[output_text]/logprobs`), or what differs (`(event types)`). */
  path: string;
  /** What the recording has there: JSON types (`string | null`), a sequence of types, a status, or `missing`. */
  recorded: string;
  now: string;
}

/** How one recorded interaction has drifted from what the provider answers now (a drift report's line). */
export interface CassetteDrift {
  /** The cassette file and the line of the recording. */
  cassette: string;
  line: number;
  section: string;
  /** `POST /responses`. */
  request: string;
  differences: DriftDifference[];
}

/** What differs, on one line: `path: recorded A, now B; …` (the summed-up rest as it says). */
export function describeDifferences(differences: readonly DriftDifference[]): string {
  return differences
    .map((d) => (d.path === "(more)" ? d.now : `${d.path}: recorded ${d.recorded}, now ${d.now}`))
    .join("; ");
}

/** A drift report's line, `{"drift": …}`. */
export function isDriftLine(value: unknown): value is { drift: unknown } {
  return isRecord(value) && "drift" in value && !("request" in value);
}

/** What is wrong with a drift report line's value, or undefined. */
export function driftProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return `drift must be an object, got ${describeValue(value, 60)}`;
  if (typeof value.cassette !== "string" || typeof value.section !== "string" || typeof value.request !== "string")
    return "drift.cassette, drift.section and drift.request must be strings";
  if (typeof value.line !== "number" || !Number.isInteger(value.line) || value.line < 1)
    return `drift.line must be a line number, got ${describeValue(value.line, 60)}`;
  const list = value.differences;
  if (
    !Array.isArray(list) ||
    !list.every(
      (d) => isRecord(d) && typeof d.path === "string" && typeof d.recorded === "string" && typeof d.now === "string",
    )
  )
    return "drift.differences must be an array of { path, recorded, now } strings";
  return undefined;
}
