import { geminiId } from "./geminiParts.js";
import { isArray, isRecord, readField } from "./internal/read.js";
import { describeValue } from "./internal/render.js";
import { type IndexedItem, type TurnRule, turnProblems } from "./turnRules.js";
import { isChatToolCall, isToolResult, isToolUse, type Wire, wireItems, wireOfList } from "./wires.js";

/**
 * The switch between providers: what of a history (Open Responses items, Chat Completions messages,
 * Anthropic Messages or Gemini contents, as a framework keeps it) another wire would refuse, item by item. Shapes
 * are a framework's to convert; what no conversion carries is a problem here: a provider's own item
 * types, reasoning another model made, ids only the first provider stored, calls that never
 * finished or were never answered, arguments of the wrong kind.
 */

/** The wires a history can be judged for. */
export type TargetWire = "responses" | Wire;

export const TARGET_WIRES: readonly TargetWire[] = ["responses", "chat-completions", "anthropic", "gemini", "bedrock"];

const NAMES: Readonly<Record<TargetWire, string>> = {
  responses: "the Responses API",
  "chat-completions": "Chat Completions",
  anthropic: "Anthropic Messages",
  gemini: "the Gemini API",
  bedrock: "Bedrock Converse",
};

export interface SwitchProblem {
  index: number;
  rule:
    | "provider_extension"
    | "foreign_reasoning"
    | "stored_id"
    | "hosted_tool_item"
    | "unfinished_call"
    | "unanswered_call"
    | "object_arguments"
    | "arguments_not_an_object"
    | "call_id_format"
    | TurnRule;
  message: string;
}

/**
 * The ids a wire takes for a call (Anthropic's `tool_use.id`, Converse's `toolUseId`, up to 64 on
 * Bedrock): another provider's (`functions.get_weather:0`, `call|1`) do not all fit.
 */
const ID_PATTERNS: Partial<Record<TargetWire, RegExp>> = {
  anthropic: /^[a-zA-Z0-9_-]+$/,
  bedrock: /^[a-zA-Z0-9_-]{1,64}$/,
};

/** The hosted tools' items of the Responses API: the provider ran them; no other wire has them. */
const HOSTED = new Set([
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
  "mcp_approval_request",
  "mcp_approval_response",
  "local_shell_call",
  "shell_call",
  "computer_call",
  "apply_patch_call",
  "tool_search_call",
  "program",
]);

interface Call {
  index: number;
  id: unknown;
  name: unknown;
}

/** What `target` would refuse of `history`, in order. */
export function switchProblems(history: readonly unknown[], target: TargetWire): SwitchProblem[] {
  const problems: SwitchProblem[] = [];
  const calls: Call[] = [];
  const answered = new Set<unknown>();
  const to = NAMES[target];
  // Anthropic, Gemini and Converse take a call's arguments as an object; the OpenAI wires as JSON text
  const takesObjects = target === "anthropic" || target === "gemini" || target === "bedrock";
  // a Gemini call without an id pairs with its answer by name and order
  const geminiMade = new Map<string, number>();
  const geminiAnswered = new Map<string, number>();
  // `own`: the id is the element's (a Gemini call without one is read under a made-up id, not judged)
  const call = (index: number, id: unknown, name: unknown, args: unknown, status: unknown, own = true) => {
    calls.push({ index, id, name });
    const what = `[${index}] the call ${describeValue(name)} (${describeValue(id)})`;
    const pattern = ID_PATTERNS[target];
    if (own && pattern !== undefined && typeof id === "string" && !pattern.test(id))
      problems.push({
        index,
        rule: "call_id_format",
        message: `${what} has an id ${to} refuses: its ids match ${pattern.source}`,
      });
    if (status !== undefined && status !== "completed")
      problems.push({
        index,
        rule: "unfinished_call",
        message: `${what} has status ${describeValue(status)}: it never finished`,
      });
    if (!takesObjects && args !== undefined && typeof args !== "string")
      problems.push({
        index,
        rule: "object_arguments",
        message: `${what} has arguments that are ${describeValue(args, 40)}, not a JSON string: ${to} takes a string`,
      });
    if (takesObjects && typeof args === "string" && !isJsonObject(args))
      problems.push({
        index,
        rule: "arguments_not_an_object",
        message: `${what} has arguments that are no JSON object: ${to} takes its input as an object`,
      });
  };
  for (const [index, element] of history.entries()) {
    const type = readField(element, "type");
    if (typeof type === "string" && type.includes(":")) {
      problems.push({
        index,
        rule: "provider_extension",
        message: `[${index}] type ${describeValue(type)} is a provider's own extension: no other provider takes it`,
      });
      continue;
    }
    if (type === "reasoning" && target !== "responses") {
      problems.push({
        index,
        rule: "foreign_reasoning",
        message: `[${index}] reasoning another model made (a Responses reasoning item): ${to} takes none; drop it`,
      });
      continue;
    }
    if (type === "item_reference") {
      problems.push({
        index,
        rule: "stored_id",
        message: `[${index}] item_reference ${describeValue(readField(element, "id"))} names an item only the first provider stored`,
      });
      continue;
    }
    if (typeof type === "string" && HOSTED.has(type) && target !== "responses") {
      problems.push({
        index,
        rule: "hosted_tool_item",
        message: `[${index}] ${type} is a hosted tool's item, run by the provider: ${to} has no such item`,
      });
      continue;
    }
    if (type === "function_call") {
      const args = readField(element, "arguments");
      call(index, readField(element, "call_id"), readField(element, "name"), args, readField(element, "status"));
      continue;
    }
    if (type === "function_call_output") {
      answered.add(readField(element, "call_id"));
      continue;
    }
    const toolCalls = readField(element, "tool_calls");
    if (isArray(toolCalls))
      for (const entry of toolCalls.filter(isChatToolCall))
        call(index, entry.id, entry.function.name, entry.function.arguments, undefined);
    if (readField(element, "role") === "tool") answered.add(readField(element, "tool_call_id"));
    geminiParts(element, index, target, { call, answered, problems, made: geminiMade, returned: geminiAnswered });
    const content = readField(element, "content");
    if (!isArray(content)) continue;
    for (const block of content) {
      converseBlock(block, index, target, { call, answered, problems });
      const kind = readField(block, "type");
      if ((kind === "thinking" || kind === "redacted_thinking") && target !== "anthropic")
        problems.push({
          index,
          rule: "foreign_reasoning",
          message: `[${index}] ${kind} another model made (Anthropic's, signed): ${to} takes none; drop it`,
        });
      if (isToolUse(block)) {
        const input = readField(block, "input");
        call(
          index,
          readField(block, "id"),
          readField(block, "name"),
          isRecord(input) ? JSON.stringify(input) : input,
          undefined,
        );
      }
      if (isToolResult(block)) answered.add(readField(block, "tool_use_id"));
      if (readField(readField(block, "source"), "type") === "file" && target !== "anthropic")
        problems.push({
          index,
          rule: "stored_id",
          message: `[${index}] a ${describeValue(kind)} block names a file Anthropic's Files API stored (source.file_id): ${to} cannot read it`,
        });
    }
  }
  for (const { index, id, name } of calls)
    if (!answered.has(id))
      problems.push({
        index,
        rule: "unanswered_call",
        message: `[${index}] the call ${describeValue(name)} (${describeValue(id)}) is never answered: ${to} refuses it`,
      });
  if (target === "gemini" || target === "bedrock") {
    const unanswered = new Set(problems.filter((p) => p.rule === "unanswered_call").map((p) => p.index));
    problems.push(...turnProblems(indexedItems(history), unanswered, target));
  }
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * The history as items, each with its element's index: another wire's messages read element by
 * element (a Gemini call without an id reads under its name and order within its own turn, as the
 * API pairs it).
 */
function indexedItems(history: readonly unknown[]): IndexedItem[] {
  const wire = wireOfList(history);
  return history.flatMap((element, index) =>
    (wire === undefined ? [element] : wireItems([element], wire)).map((item) => ({ item, index })),
  );
}

/** What the walk over a history keeps: a call seen, the ids answered, the problems so far. */
interface Seen {
  call: (index: number, id: unknown, name: unknown, args: unknown, status: unknown, own?: boolean) => void;
  answered: Set<unknown>;
  problems: SwitchProblem[];
}

/** A Gemini content's parts: its calls and answers (by id, else by name and order), its thoughts. */
function geminiParts(
  content: unknown,
  index: number,
  target: TargetWire,
  seen: Seen & { made: Map<string, number>; returned: Map<string, number> },
): void {
  const parts = readField(content, "parts");
  if (!isArray(parts)) return;
  const next = (counts: Map<string, number>, name: string) => {
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    return geminiId(name, n);
  };
  for (const part of parts) {
    const fn = readField(part, "functionCall");
    const answer = readField(part, "functionResponse");
    if (isRecord(fn) && typeof fn.name === "string")
      seen.call(
        index,
        fn.id ?? next(seen.made, fn.name),
        fn.name,
        JSON.stringify(fn.args ?? {}),
        undefined,
        fn.id !== undefined,
      );
    if (isRecord(answer) && typeof answer.name === "string")
      seen.answered.add(answer.id ?? next(seen.returned, answer.name));
    if (
      (isRecord(readField(part, "executableCode")) || isRecord(readField(part, "codeExecutionResult"))) &&
      target !== "gemini"
    )
      seen.problems.push({
        index,
        rule: "hosted_tool_item",
        message: `[${index}] code Gemini ran with its codeExecution tool (hosted): ${NAMES[target]} has no such part`,
      });
    if (readField(part, "thought") === true && target !== "gemini")
      seen.problems.push({
        index,
        rule: "foreign_reasoning",
        message: `[${index}] a thought Gemini made (its own, signed): ${NAMES[target]} takes none; drop it`,
      });
  }
}

/** A Bedrock Converse content block: its call or answer; reasoning and cache points no other wire takes. */
function converseBlock(block: unknown, index: number, target: TargetWire, seen: Seen): void {
  if (readField(block, "type") !== undefined) return;
  const use = readField(block, "toolUse");
  if (isRecord(use) && typeof use.toolUseId === "string" && use.type !== "server_tool_use")
    seen.call(index, use.toolUseId, use.name, isRecord(use.input) ? JSON.stringify(use.input) : use.input, undefined);
  const result = readField(block, "toolResult");
  if (isRecord(result) && typeof result.toolUseId === "string") seen.answered.add(result.toolUseId);
  if (target === "bedrock") return;
  if (isRecord(readField(block, "reasoningContent")))
    seen.problems.push({
      index,
      rule: "foreign_reasoning",
      message: `[${index}] reasoning a Bedrock model made (reasoningContent, signed by Bedrock): ${NAMES[target]} takes none; drop it`,
    });
  for (const media of ["image", "document", "video"])
    if (isRecord(readField(readField(readField(block, media), "source"), "s3Location")))
      seen.problems.push({
        index,
        rule: "stored_id",
        message: `[${index}] a ${media} block names an object in Amazon S3 (source.s3Location): only Bedrock reads it; ${NAMES[target]} takes the bytes`,
      });
  if (isRecord(readField(block, "cachePoint")))
    seen.problems.push({
      index,
      rule: "provider_extension",
      message: `[${index}] a cachePoint block is Bedrock's: ${NAMES[target]} marks its cache otherwise (Anthropic's cache_control)`,
    });
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && !isArray(value);
  } catch {
    return false;
  }
}
