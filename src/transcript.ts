import { isArray, isRecord, readField } from "./internal/read.js";
import { describeValue } from "./internal/render.js";
import { answerKey, answerPinOf, answerTypeOf, callKey, callPinOf, callsOf, callTypeOf, outputsOf } from "./pairing.js";

export interface PairingProblem {
  kind: "unanswered" | "duplicate_output" | "orphan_output" | "duplicate_call_id";
  index: number;
  call_id: unknown;
  message: string;
}

/**
 * Every pairing problem of an Open Responses item list: calls that owe an answer (completed
 * portable function calls, completed calls of client-executed tools, MCP approval requests)
 * without one or with several, answers that answer no such call, and ids used by two calls.
 */
export function pairingProblems(items: readonly unknown[]): PairingProblem[] {
  const list = isArray(items) ? items : [];
  const owing = new Set(callsOf(list));
  const answering = new Set(outputsOf(list));
  const indexed = list.map((item, index) => ({ item, index }));
  const calls = indexed.filter(({ item }) => owing.has(item));
  const outputs = indexed.filter(({ item }) => answering.has(item));
  const problems: PairingProblem[] = [];
  // each output's key read once: a call finds its answers in the map, not by a pass over every output
  const answersByKey = new Map<string, number[]>();
  for (const { item, index } of outputs) {
    const key = answerKey(item);
    const at = answersByKey.get(key);
    if (at) at.push(index);
    else answersByKey.set(key, [index]);
  }
  const callIndexByKey = new Map<string, number>();
  for (const { item: call, index } of calls) {
    const key = callKey(call);
    const pin = callPinOf(call);
    const id = readField(call, pin);
    const first = callIndexByKey.get(key);
    if (first !== undefined) {
      problems.push({
        kind: "duplicate_call_id",
        index,
        call_id: id,
        message: `[${index}] call_id ${describeValue(id)} is already used by the call at [${first}]`,
      });
      continue;
    }
    callIndexByKey.set(key, index);
    const answers = answersByKey.get(key) ?? [];
    if (answers.length === 0) {
      const name = readField(call, "name");
      const what = typeof name === "string" ? describeValue(name, 60) : String(readField(call, "type"));
      problems.push({
        kind: "unanswered",
        index,
        call_id: id,
        message: `[${index}] ${what} ${pin} ${describeValue(id)} has no ${answerTypeOf(call)}`,
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
    if (callIndexByKey.has(answerKey(output))) continue;
    const type = String(readField(output, "type"));
    const pin = answerPinOf(type);
    const id = readField(output, pin);
    problems.push({
      kind: "orphan_output",
      index,
      call_id: id,
      message:
        type === "function_call_output"
          ? `[${index}] function_call_output call_id ${describeValue(id)} answers no completed, portable function_call`
          : `[${index}] ${type} ${pin} ${describeValue(id)} answers no completed ${callTypeOf(type)}`,
    });
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
