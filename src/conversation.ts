import {
  asItem,
  frameworkItems,
  frameworkKind,
  isFrameworkValue,
  isLangChainMessage,
  normalizedItems,
} from "./frameworks.js";
import { fakeKindOf } from "./internal/brand.js";
import { sameJson } from "./internal/equal.js";
import { finalResponse, isArray, isRecord, parsedJson, readField } from "./internal/read.js";
import { answerPinOf, isClientAnswer } from "./pairing.js";
import { isTrace, traceItems } from "./traces.js";
import { requestItems, wireItems, wireOfList } from "./wires.js";

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
  | "chat-fake"
  | "anthropic-fake"
  /** The Gemini fake: its answers' `functionCall` parts, its requests' `functionResponse` parts. */
  | "gemini-fake"
  /** The Bedrock fake: its answers' `toolUse` blocks, its requests' `toolResult` blocks. */
  | "bedrock-fake"
  /** A fake MCP server (`agent-testkit/mcp`): the tool calls it answered. */
  | "mcp-fake"
  /** A trace: OpenTelemetry GenAI spans (or an OTLP/JSON export), or `@openai/agents`' spans. */
  | "trace"
  | "requests"
  /** An agent framework's result (`@openai/agents`' `RunResult`, the AI SDK's `generateText` result). */
  | "framework";

export function conversationKind(value: unknown): ConversationKind | undefined {
  if (isTrace(value)) return "trace";
  if (isArray(value)) return value.every(isLoggedRequest) && value.length > 0 ? "requests" : "items";
  if (!isRecord(value)) return undefined;
  if (frameworkKind(value) !== undefined) return "framework";
  // a single LangChain message (what model.invoke returns): a conversation of one message
  if (isLangChainMessage(value)) return "items";
  const type = readField(value, "type");
  // one call: for asymmetric use inside a list
  if (type === "function_call" || (typeof type === "string" && Object.hasOwn(TOOL_CALLS, type))) return "item";
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

/**
 * What a tool's own item counts as in a conversation: the tool's name and what it was called
 * with (a remote MCP server's tool and a custom tool go by their own names).
 */
const TOOL_CALLS: Readonly<Record<string, (item: unknown) => { name: unknown; arguments: unknown }>> = {
  web_search_call: (item) => ({ name: "web_search", arguments: readField(item, "action") }),
  file_search_call: (item) => ({ name: "file_search", arguments: { queries: readField(item, "queries") } }),
  code_interpreter_call: (item) => ({ name: "code_interpreter", arguments: { code: readField(item, "code") } }),
  image_generation_call: (item) => ({
    name: "image_generation",
    arguments: { revised_prompt: readField(item, "revised_prompt") },
  }),
  mcp_call: (item) => ({ name: readField(item, "name"), arguments: parsedJson(readField(item, "arguments")) }),
  computer_call: (item) => ({ name: "computer", arguments: readField(item, "action") }),
  local_shell_call: (item) => ({ name: "local_shell", arguments: readField(item, "action") }),
  shell_call: (item) => ({ name: "shell", arguments: readField(item, "action") }),
  apply_patch_call: (item) => ({ name: "apply_patch", arguments: readField(item, "operation") }),
  custom_tool_call: (item) => ({ name: readField(item, "name"), arguments: readField(item, "input") }),
  tool_search_call: (item) => ({ name: "tool_search", arguments: readField(item, "arguments") }),
  program: (item) => ({ name: "programmatic_tool_calling", arguments: { code: readField(item, "code") } }),
};

/**
 * Every call in the conversation, in order: function calls, and the items of hosted and
 * client-executed tools under their tool's name (`web_search`, `computer`, an MCP tool's name…).
 */
export function callsIn(value: unknown): FoundCall[] {
  return itemsIn(value).flatMap((item) => {
    const call = callOfItem(item);
    return call === undefined ? [] : [call];
  });
}

/** The call an item is (a function call, or a hosted or client-executed tool's item), if it is one. */
export function callOfItem(item: unknown): FoundCall | undefined {
  const type = readField(item, "type");
  const tool = typeof type === "string" && Object.hasOwn(TOOL_CALLS, type) ? TOOL_CALLS[type] : undefined;
  if (tool) {
    const { name, arguments: args } = tool(item);
    if (typeof name !== "string") return undefined;
    return { name, call_id: readField(item, "call_id") ?? readField(item, "id"), arguments: args, item };
  }
  if (type !== "function_call") return undefined;
  const name = readField(item, "name");
  if (typeof name !== "string") return undefined;
  const raw = readField(item, "arguments");
  const turn = readField(item, "turn_id");
  return {
    name,
    call_id: readField(item, "call_id"),
    ...(turn === undefined ? {} : { turn_id: turn }),
    arguments: parsedJson(raw),
    item,
  };
}

/** Every answer the app sent in the conversation (the requests of a fake, or a request log), in order. */
export function answersIn(value: unknown): FoundAnswer[] {
  const kind = conversationKind(value);
  if (kind === "agents-fake") {
    return (readField(value, "toolResults") as unknown[]).map((result) => answerOfToolResult(result));
  }
  if (kind === "chat-fake" || kind === "anthropic-fake" || kind === "gemini-fake" || kind === "bedrock-fake")
    return requestsOf(value, kind).flatMap((request) =>
      requestItems(request.body).filter(isCallOutput).map(answerOfOutput),
    );
  if (kind === "framework" || kind === "trace" || isFrameworkList(value))
    return itemsIn(value).filter(isCallOutput).map(answerOfOutput);
  return requestsOf(value, kind).flatMap((request) => {
    const input = readField(request.body, "input");
    const events = readField(request.body, "events");
    const outputs = isArray(input) ? input.filter(isCallOutput).map(answerOfOutput) : [];
    const results = isArray(events)
      ? events.filter((event) => readField(event, "type") === "agent.session.input.tool_result").map(answerOfToolResult)
      : [];
    return [...outputs, ...results];
  });
}

/**
 * A list of a framework's messages or items (UI or model messages, LangChain messages, RunItems):
 * it holds the app's answers.
 */
export function isFrameworkList(value: unknown): value is unknown[] {
  return isArray(value) && (value.some(isFrameworkValue) || wireOfList(value) !== undefined);
}

/**
 * The answers to one call, each told once: frameworks and stateless loops (the AI SDK,
 * `@openai/agents`, a loop that re-sends `input`) send every earlier output again in each later
 * request, and an output re-sent unchanged is the same answer. Two different outputs for one call
 * are two answers.
 */
export function distinctAnswers(answers: readonly FoundAnswer[]): FoundAnswer[] {
  const distinct: FoundAnswer[] = [];
  for (const answer of answers) {
    const again = distinct.some(
      (seen) =>
        seen.call_id === answer.call_id && seen.turn_id === answer.turn_id && sameJson(seen.output, answer.output),
    );
    if (!again) distinct.push(answer);
  }
  return distinct;
}

/** An output that answers a call: a function's or a client-executed tool's (an approval response answers a request). */
function isCallOutput(item: unknown): boolean {
  const type = readField(item, "type");
  return type === "function_call_output" || (isClientAnswer(item) && type !== "mcp_approval_response");
}

/** An output item as the answer it is, pinned to its call the way its type is. */
function answerOfOutput(item: unknown): FoundAnswer {
  return {
    call_id: readField(item, answerPinOf(String(readField(item, "type")))),
    output: readField(item, "output"),
    item,
  };
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
  if (
    kind === "responses-fake" ||
    kind === "agents-fake" ||
    kind === "chat-fake" ||
    kind === "anthropic-fake" ||
    kind === "gemini-fake" ||
    kind === "bedrock-fake"
  )
    return readField(value, "requests") as LoggedRequest[];
  return [];
}

/** The items a conversation holds, as Open Responses items: for a fake, everything it answered. */
export function conversationItems(value: unknown): unknown[] {
  return itemsIn(value);
}

function itemsIn(value: unknown): unknown[] {
  const kind = conversationKind(value);
  switch (kind) {
    case "item":
      return [value];
    case "trace":
      return traceItems(value);
    case "items":
      return normalizedItems(isArray(value) ? value : [value]);
    case "framework":
      return frameworkItems(value, frameworkKind(value)!);
    case "response":
      return asList(readField(value, "output"));
    case "session":
      return asList(readField(value, "required_actions"));
    case "responses-fake":
    case "requests": {
      return requestsOf(value, kind).flatMap((request) => asList(readField(finalResponse(request.response), "output")));
    }
    case "chat-fake": {
      // the assistant messages of the completions it answered, in order
      const completions = readField(value, "completions") as ReadonlyMap<string, unknown>;
      return chatItems(
        [...completions.values()].flatMap((completion) =>
          asList(readField(completion, "choices"))
            .slice(0, 1)
            .map((choice) => readField(choice, "message")),
        ),
      );
    }
    case "anthropic-fake": {
      // the messages it answered, in order: their tool_use blocks
      const messages = readField(value, "messages") as ReadonlyMap<string, unknown>;
      return wireItems([...messages.values()], "anthropic");
    }
    case "gemini-fake": {
      // the answers it gave, in order: their first candidate's content
      const answers = readField(value, "responses") as ReadonlyMap<string, unknown>;
      const contents = [...answers.values()].flatMap((answer) =>
        asList(readField(answer, "candidates"))
          .slice(0, 1)
          .map((candidate) => readField(candidate, "content")),
      );
      return wireItems(contents, "gemini");
    }
    case "bedrock-fake": {
      // the answers it gave, in order: their messages
      const answers = readField(value, "responses") as ReadonlyMap<string, unknown>;
      return wireItems(
        [...answers.values()].map((answer) => readField(readField(answer, "output"), "message")),
        "bedrock",
      );
    }
    case "mcp-fake": {
      // each tools/call it answered, as the Responses API's item for an MCP call
      return asList(readField(value, "calls")).map((call) => ({
        type: "mcp_call",
        name: readField(call, "tool"),
        arguments: JSON.stringify(readField(call, "arguments") ?? {}),
        output: readField(call, "result"),
        server_label: readField(call, "session"),
      }));
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

/** Chat Completions messages as items: the calls of assistant messages, the answers of tool messages. */
function chatItems(messages: unknown): unknown[] {
  return isArray(messages) ? wireItems(messages, "chat-completions") : [];
}

/** The response object a request was answered with: its JSON body, or the last event of its stream. */
function asList(value: unknown): unknown[] {
  return isArray(value) ? value : [];
}

/**
 * The `call_id` a call names: a string is one; an item's `call_id`, or a framework's call as it
 * reads as an item (`@openai/agents`' `callId`, a `RunItem`'s, an AI SDK `toolCallId`).
 */
export function callIdOf(call: unknown): unknown {
  if (typeof call === "string") return call;
  const own = readField(call, "call_id");
  if (own !== undefined) return own;
  // the call given is the one to look up: a callId is the SDK's here, never judged as a wire field
  return readField(asItem(call, true), "call_id");
}
