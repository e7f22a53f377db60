import { isPortableCompletedCall } from "./gate.js";
import { isArray, isRecord, readField } from "./internal/read.js";
import { describeValue } from "./internal/render.js";

export interface PairingProblem {
  kind: "unanswered" | "duplicate_output" | "orphan_output" | "duplicate_call_id";
  index: number;
  call_id: unknown;
  message: string;
}

/**
 * Every pairing problem of an Open Responses item list: completed portable calls without an
 * output or with several, outputs that answer no such call, and call_ids used by two calls.
 */
export function pairingProblems(items: readonly unknown[]): PairingProblem[] {
  const indexed = (isArray(items) ? items : []).map((item, index) => ({ item, index }));
  const calls = indexed.filter(({ item }) => isPortableCompletedCall(item));
  const outputs = indexed.filter(({ item }) => readField(item, "type") === "function_call_output");
  const problems: PairingProblem[] = [];
  const callIndexById = new Map<unknown, number>();
  for (const { item: call, index } of calls) {
    const id = readField(call, "call_id");
    const first = callIndexById.get(id);
    if (first !== undefined) {
      problems.push({
        kind: "duplicate_call_id",
        index,
        call_id: id,
        message: `[${index}] call_id ${describeValue(id)} is already used by the call at [${first}]`,
      });
      continue;
    }
    callIndexById.set(id, index);
    const answers = outputs.filter(({ item }) => readField(item, "call_id") === id).map(({ index: at }) => at);
    if (answers.length === 0) {
      problems.push({
        kind: "unanswered",
        index,
        call_id: id,
        message: `[${index}] ${describeValue(readField(call, "name"), 60)} call_id ${describeValue(id)} has no function_call_output`,
      });
    } else if (answers.length > 1) {
      problems.push({
        kind: "duplicate_output",
        index,
        call_id: id,
        message: `[${index}] call_id ${describeValue(id)} has ${answers.length} outputs (at [${answers.join(", ")}])`,
      });
    }
  }
  for (const { item: output, index } of outputs) {
    const id = readField(output, "call_id");
    if (!callIndexById.has(id)) {
      problems.push({
        kind: "orphan_output",
        index,
        call_id: id,
        message: `[${index}] function_call_output call_id ${describeValue(id)} answers no completed, portable function_call`,
      });
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}

export interface PortabilityProblem {
  index: number;
  rule: "namespaced" | "missing_type" | "chat_tool_calls" | "chat_tool_role" | "not_an_item";
  message: string;
}

/** Items that cannot move to another Open Responses provider, each with its rule. */
export function portabilityProblems(items: readonly unknown[]): PortabilityProblem[] {
  const problems: PortabilityProblem[] = [];
  (isArray(items) ? items : []).forEach((item, index) => {
    const problem = portabilityProblem(item, index);
    if (problem) problems.push(problem);
  });
  return problems;
}

function portabilityProblem(item: unknown, index: number): PortabilityProblem | undefined {
  if (!isRecord(item))
    return { index, rule: "not_an_item", message: `[${index}] is not an item object: ${describeValue(item, 60)}` };
  if (isArray(readField(item, "tool_calls"))) {
    return {
      index,
      rule: "chat_tool_calls",
      message: `[${index}] has a Chat Completions tool_calls array; use function_call items`,
    };
  }
  const role = readField(item, "role");
  if (role === "tool") {
    return {
      index,
      rule: "chat_tool_role",
      message: `[${index}] is a Chat Completions role: "tool" message; use a function_call_output item`,
    };
  }
  const type = readField(item, "type");
  if (typeof type === "string") {
    return type.includes(":")
      ? { index, rule: "namespaced", message: `[${index}] type ${describeValue(type)} is a provider extension` }
      : undefined;
  }
  // An easy input message ({ role, content }) may omit its type.
  if (type === undefined && typeof role === "string") return undefined;
  return { index, rule: "missing_type", message: `[${index}] has no string type: ${describeValue(item, 60)}` };
}
