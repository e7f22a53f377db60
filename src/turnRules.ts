import { isSignedCall } from "./geminiParts.js";
import { readField } from "./internal/read.js";
import { describeValue } from "./internal/render.js";

/**
 * What the Gemini API and Bedrock Converse refuse of a history's turns, beyond what every wire
 * refuses: each pairs a model turn's calls with the answers of the turn right after it (Gemini by id
 * where the call had one, else by name and order; Converse by `toolUseId`), as many as there were
 * calls; and on Gemini 3, each step of the current turn (after the last user prompt) sends its first
 * call back with the thought signature the model gave it. Reads Open Responses items (another wire's
 * history read as items, element by element).
 */

export type TurnRule = "unpaired_turn" | "unsigned_call";

export interface TurnProblem {
  index: number;
  rule: TurnRule;
  message: string;
}

/** The wires whose turns these rules are. */
export type TurnWire = "gemini" | "bedrock";

const PAIRING: Readonly<Record<TurnWire, string>> = {
  gemini:
    "the Gemini API pairs a turn's calls with the function responses of the next turn, as many as there were calls",
  bedrock: "Bedrock Converse wants every toolUse answered by a toolResult in the user message right after it",
};

/** An item of the history, with the index of the element it came from. */
export interface IndexedItem {
  item: unknown;
  index: number;
}

interface Step {
  index: number;
  calls: Array<{ id: unknown; name: unknown; signed: boolean }>;
  answers: unknown[];
  closed: boolean;
}

/** The model steps that call, each with the answers right after it; and where the current turn's steps begin. */
function stepsOf(entries: readonly IndexedItem[]): { steps: Step[]; current: number } {
  const steps: Step[] = [];
  let step: Step | undefined;
  let current = 0;
  for (const { item, index } of entries) {
    const type = readField(item, "type");
    if (type === "function_call") {
      if (step === undefined || step.closed || step.answers.length > 0) {
        step = { index, calls: [], answers: [], closed: false };
        steps.push(step);
      }
      step.calls.push({ id: readField(item, "call_id"), name: readField(item, "name"), signed: isSignedCall(item) });
    } else if (type === "function_call_output") {
      if (step !== undefined && !step.closed) step.answers.push(readField(item, "call_id"));
    } else if (!(type === "reasoning" && step !== undefined && step.answers.length === 0)) {
      // anything else ends the step (reasoning before its calls is the same model turn)
      if (step !== undefined) step.closed = true;
      if (readField(item, "role") === "user") current = steps.length;
    }
  }
  return { steps, current };
}

/**
 * The turns the wire would refuse: a step whose calls are not answered, as many, in the turn right
 * after it (`unpaired_turn`; a call never answered at all is left to `unanswered_call`, at the
 * indexes given), and on Gemini a current step whose first call carries no signature (`unsigned_call`).
 */
export function turnProblems(
  entries: readonly IndexedItem[],
  unanswered: ReadonlySet<number>,
  wire: TurnWire,
): TurnProblem[] {
  const { steps, current } = stepsOf(entries);
  const problems: TurnProblem[] = [];
  for (const [n, step] of steps.entries()) {
    const answers = new Set(step.answers);
    const paired = step.answers.length === step.calls.length && step.calls.every((call) => answers.has(call.id));
    if (!paired && !unanswered.has(step.index)) {
      const calls = step.calls.length;
      problems.push({
        index: step.index,
        rule: "unpaired_turn",
        message:
          `[${step.index}] ${calls} call${calls === 1 ? "" : "s"} (${step.calls.map((c) => describeValue(c.name)).join(", ")}) ` +
          `answered by ${step.answers.length} answer${step.answers.length === 1 ? "" : "s"} right after: ${PAIRING[wire]}`,
      });
    }
    const first = step.calls[0];
    if (wire === "gemini" && n >= current && first !== undefined && !first.signed)
      problems.push({
        index: step.index,
        rule: "unsigned_call",
        message:
          `[${step.index}] the call ${describeValue(first.name)} is in the current turn without a thoughtSignature: ` +
          'Gemini 3 refuses it ("Function call is missing a thought_signature in functionCall parts"); a call another ' +
          "model made can carry Google's documented dummy signature instead",
      });
  }
  return problems;
}
