import { answersIn, callIdOf, distinctAnswers, type FoundAnswer, isFrameworkList } from "../src/conversation.js";
import { isRecord, readField } from "../src/internal/read.js";
import { alignedWith, diffOf, MODEL_FAKE_KINDS, requireConversation } from "./conversation.js";
import { expected, hint, type MatcherContext, type MatcherResult, matcherError, receivedJson } from "./print.js";

const MUST_BE =
  "a fake, its request log (fake.requests), or a framework's result or messages (a RunResult, generateText's, AI SDK UI or model messages, LangChain messages)";

/**
 * `expect(fake).toHaveAnsweredCall(call | callId, output?)`: the app sent a `function_call_output`
 * (Responses) or a `tool_result` (Agents) for that call, exactly once — with `output` when given
 * (a string compared as it is; anything else compared with the output parsed as JSON). An output
 * re-sent unchanged in later requests (history, as frameworks send it) is the same answer.
 */
export function toHaveAnsweredCall(
  this: MatcherContext,
  log: unknown,
  call: unknown,
  ...rest: [output?: unknown]
): MatcherResult {
  const label = rest.length > 0 ? "call, output" : "call";
  requireConversation(
    this,
    "toHaveAnsweredCall",
    label,
    log,
    isFrameworkList(log) ? undefined : [...MODEL_FAKE_KINDS, "requests", "framework", "trace"],
    MUST_BE,
  );
  const callId = callIdOf(call);
  if (typeof callId !== "string")
    matcherError(this, "toHaveAnsweredCall", label, "call", "a call with a string call_id, or a call_id", call);
  const turnId = isRecord(call) ? readField(call, "turn_id") : undefined;
  const ofCall = (answer: FoundAnswer) =>
    answer.call_id === callId && (turnId === undefined || answer.turn_id === undefined || answer.turn_id === turnId);
  const answers = distinctAnswers(answersIn(log).filter(ofCall));
  const outputMatches = (answer: FoundAnswer) =>
    rest.length === 0 || this.equals(comparable(answer.output, rest[0]), rest[0], this.customTesters);
  const pass = answers.length === 1 && outputMatches(answers[0]!);
  return {
    pass,
    message: () => {
      const lines = [hint(this, "toHaveAnsweredCall", label), ""];
      const wanted = rest.length > 0 ? ` with output ${expected(this, rest[0], 200)}` : "";
      lines.push(`Expected: ${this.isNot ? "not " : ""}one answer to call_id ${JSON.stringify(callId)}${wanted}`);
      if (answers.length === 0) lines.push("Received: the call was never answered");
      else if (answers.length > 1)
        lines.push(
          `Received: the call was answered ${answers.length} times: ${answers.map((a) => receivedJson(this, a.output, 80)).join(", ")}`,
        );
      else {
        lines.push(`Received: answered with ${receivedJson(this, answers[0]!.output, 200)}`);
        if (!this.isNot && rest.length > 0) {
          const diff = diffOf(
            this,
            rest[0],
            alignedWith(this, comparable(answers[0]!.output, rest[0]), rest[0], false),
          );
          if (diff) lines.push("", diff);
        }
      }
      return lines.join("\n");
    },
  };
}

/** The output as the expected value wants it: as sent for a string, parsed JSON otherwise. */
function comparable(output: unknown, wanted: unknown): unknown {
  if (typeof wanted === "string" || typeof output !== "string") return output;
  try {
    return JSON.parse(output);
  } catch {
    return output;
  }
}
