import { fakeKindOf } from "./internal/brand.js";
import { finalResponse, isArray, isRecord, readField } from "./internal/read.js";

/**
 * Reading whole conversations: the function calls a model made and the answers an app sent back,
 * from a response object, an item list, an Agents session or its items, a fake, or a fake's
 * request log. Framework-free; the conversation matchers format what these return.
 */

/** A function call found in a conversation, its arguments parsed (Responses) or as given (Agents). */
export interface FoundCall {
  name: string;
  call_id: unknown;
  turn_id?: unknown;
  /** Parsed arguments; the raw string when it does not parse. */
  arguments: unknown;
  item: unknown;
}

/** An answer an app sent: a `function_call_output` (Responses) or a `tool_result` (Agents). */
export interface FoundAnswer {
  call_id: unknown;
  turn_id?: unknown;
  /** The output as sent (for a failed `tool_result`, its `error`). */
  output: unknown;
  item: unknown;
}

/** A request a fake recorded, as far as these functions read it. */
interface LoggedRequest {
  body: unknown;
  response: { body?: unknown; events?: Array<{ type: string; [key: string]: unknown }> };
}

/** What kind of conversation a value is, or undefined when it is none. */
export type ConversationKind =
  | "item"
  | "response"
  | "items"
  | "session"
  | "responses-fake"
  | "agents-fake"
  | "requests";

export function conversationKind(value: unknown): ConversationKind | undefined {
  if (isArray(value)) return value.every(isLoggedRequest) && value.length > 0 ? "requests" : "items";
  if (!isRecord(value)) return undefined;
  if (readField(value, "type") === "function_call") return "item"; // one call: for asymmetric use inside a list
  if (
    readField(value, "object") === "response" ||
    (isArray(readField(value, "output")) && readField(value, "type") === undefined)
  )
    return "response";
  if (isArray(readField(value, "required_actions"))) return "session";
  const fake = fakeKindOf(value);
  return fake === undefined ? undefined : `${fake}-fake`;
}

function isLoggedRequest(value: unknown): value is LoggedRequest {
  return isRecord(value) && "body" in value && isRecord(readField(value, "response"));
}

/** Every function call in the conversation, in order. */
export function callsIn(value: unknown): FoundCall[] {
  return itemsIn(value).flatMap((item) => {
    if (readField(item, "type") !== "function_call") return [];
    const name = readField(item, "name");
    if (typeof name !== "string") return [];
    const raw = readField(item, "arguments");
    const turn = readField(item, "turn_id");
    return [
      {
        name,
        call_id: readField(item, "call_id"),
        ...(turn === undefined ? {} : { turn_id: turn }),
        arguments: parsed(raw),
        item,
      },
    ];
  });
}

/** Every answer the app sent in the conversation (the requests of a fake, or a request log), in order. */
export function answersIn(value: unknown): FoundAnswer[] {
  const kind = conversationKind(value);
  if (kind === "agents-fake") {
    return (readField(value, "toolResults") as unknown[]).map((result) => answerOfToolResult(result));
  }
  return requestsOf(value, kind).flatMap((request) => {
    const input = readField(request.body, "input");
    const events = readField(request.body, "events");
    const outputs = isArray(input)
      ? input
          .filter((item) => readField(item, "type") === "function_call_output")
          .map((item) => ({ call_id: readField(item, "call_id"), output: readField(item, "output"), item }))
      : [];
    const results = isArray(events)
      ? events.filter((event) => readField(event, "type") === "agent.session.input.tool_result").map(answerOfToolResult)
      : [];
    return [...outputs, ...results];
  });
}

function answerOfToolResult(result: unknown): FoundAnswer {
  const success = readField(result, "success");
  return {
    call_id: readField(result, "call_id"),
    turn_id: readField(result, "turn_id"),
    output: success === false ? readField(result, "error") : readField(result, "output"),
    item: result,
  };
}

/** The parsed bodies of the requests a fake received, in order (undefined for a request without one). */
export function requestBodiesOf(value: unknown): unknown[] {
  return requestsOf(value, conversationKind(value)).map((request) => request.body);
}

/** The request log of a fake, or the log itself; none for anything else. */
function requestsOf(value: unknown, kind: ConversationKind | undefined): LoggedRequest[] {
  if (kind === "requests") return value as LoggedRequest[];
  if (kind === "responses-fake" || kind === "agents-fake") return readField(value, "requests") as LoggedRequest[];
  return [];
}

/** The items a conversation holds: for a fake, everything it answered. */
function itemsIn(value: unknown): unknown[] {
  const kind = conversationKind(value);
  switch (kind) {
    case "item":
      return [value];
    case "items":
      return value as unknown[];
    case "response":
      return asList(readField(value, "output"));
    case "session":
      return asList(readField(value, "required_actions"));
    case "responses-fake":
    case "requests": {
      return requestsOf(value, kind).flatMap((request) => asList(readField(finalResponse(request.response), "output")));
    }
    case "agents-fake": {
      const sessions = readField(value, "sessions") as ReadonlyMap<string, unknown>;
      const items = readField(value, "items") as (id: string) => unknown[];
      return [...sessions.keys()].flatMap((id) => items.call(value, id));
    }
    default:
      return [];
  }
}

/** The response object a request was answered with: its JSON body, or the last event of its stream. */
function asList(value: unknown): unknown[] {
  return isArray(value) ? value : [];
}

function parsed(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
