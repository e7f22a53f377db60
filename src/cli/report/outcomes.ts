import { GATE_REASONS, type GateReason } from "../../types.js";

/** Outcomes the log check counts besides the gate's reasons. */
export type LineOutcome = GateReason | "malformed_line" | "empty_response";
export const LINE_OUTCOMES: readonly LineOutcome[] = [...GATE_REASONS, "malformed_line", "empty_response"];
/** The outcomes that can fail a run: every one but `ok`. */
export const FAILING_OUTCOMES: readonly LineOutcome[] = LINE_OUTCOMES.filter((outcome) => outcome !== "ok");

/** What each outcome means, in a sentence: the rule descriptions of the SARIF and HTML reports. */
export const OUTCOME_DESCRIPTIONS: Record<LineOutcome, string> = {
  namespaced:
    "The item's type is missing, not a string, or names a provider extension (it contains a colon): it is not portable.",
  not_function_call: "A portable item that is not a function_call.",
  status: 'The call\'s status is not "completed": it may have been cut short.',
  arguments_type: "The call's arguments are not a JSON string (an object is the classic mistake).",
  arguments_parse: "The call's arguments are not valid JSON.",
  unknown_tool: "The tools file has no tool of the call's name.",
  arguments_schema: "The parsed arguments fail the tool's JSON Schema.",
  missing_signature:
    "A Gemini functionCall part without its thoughtSignature: a thinking model's call must go back with it.",
  ok: "The call may be replayed and its tool run.",
  malformed_line: "The log line is not valid JSON, or is a Chat Completions message rather than an item.",
  empty_response: "The line is a response object with no output items.",
};

/** Where the docs explain the gate's reasons and the contract's rules. */
export const DOCS_URL = "https://github.com/agent-testkit/agent-testkit/blob/main/docs";
