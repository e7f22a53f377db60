import { isRecord, readField } from "./internal/read.js";
import { describeValue, oneLine } from "./internal/render.js";
import { linearRegExp } from "./linearRegExp.js";

/** What a custom tool's grammar says of a call's free-form input. */
export type CustomInputVerdict =
  /** The input fits the grammar (or the tool takes any text). */
  | { ok: true; checked: boolean; message: string }
  /** The input does not match the tool's `regex` grammar. */
  | { ok: false; checked: true; message: string };

/** Compiled regex grammars, by definition (a tool set is checked again and again). */
const compiled = new Map<string, { test(input: string): boolean } | Error>();
const MAX_COMPILED = 256;

/**
 * Checks a `custom_tool_call`'s `input` against its tool's `format`: a `regex` grammar must match
 * the whole input (run on the linear-time engine; a grammar it cannot run — lookaround,
 * backreferences, over 20,000 states — is not checked, and says so); a `lark` grammar cannot be
 * checked here and says so (`checked: false`); a `text` format (or none) takes any string.
 *
 * @example
 * const format = { type: "grammar", syntax: "regex", definition: "[A-Z]-\\d{4}" };
 * const tool = { type: "custom", name: "order_id", format };
 * checkCustomInput(tool, "A-1042").ok; // → true
 * checkCustomInput(tool, "a1042").ok; // → false: the input "a1042" does not match the regex grammar of "order_id"
 */
export function checkCustomInput(tool: unknown, input: unknown): CustomInputVerdict {
  const name = describeValue(readField(tool, "name"), 60);
  if (typeof input !== "string")
    return {
      ok: false,
      checked: true,
      message: `the input of ${name} must be a string, received ${describeValue(input)}`,
    };
  const format = readField(tool, "format");
  if (!isRecord(format) || format.type !== "grammar")
    return { ok: true, checked: true, message: `${name} takes any text` };
  const definition = format.definition;
  if (typeof definition !== "string")
    return { ok: true, checked: false, message: `${name} declares a grammar without a definition: not checked` };
  if (format.syntax !== "regex")
    return {
      ok: true,
      checked: false,
      message: `${name} declares a ${describeValue(format.syntax)} grammar, which agent-testkit cannot check: the input is not checked`,
    };
  const matcher = regexOf(definition);
  if (matcher === NEEDS_BACKTRACKING)
    return {
      ok: true,
      checked: false,
      message: `the regex grammar of ${name} needs backtracking (lookaround, a backreference, or more than 20,000 states once its counted repeats are copied out), which cannot run in linear time: the input is not checked`,
    };
  if (matcher instanceof Error)
    return {
      ok: true,
      checked: false,
      message: `the regex grammar of ${name} does not compile as a JavaScript pattern (${matcher.message}): the input is not checked`,
    };
  return matcher.test(input)
    ? { ok: true, checked: true, message: `the input matches the regex grammar of ${name}` }
    : {
        ok: false,
        checked: true,
        message: `the input ${describeValue(input, 80)} does not match the regex grammar of ${name} (${oneLine(definition, 80)})`,
      };
}

/** A grammar the linear engine cannot run: never handed to the backtracking one (seconds on 29 characters). */
const NEEDS_BACKTRACKING = new Error("needs backtracking");

function regexOf(definition: string): { test(input: string): boolean } | Error {
  let found = compiled.get(definition);
  if (!found) {
    try {
      const matcher = linearRegExp(`^(?:${definition})$`);
      found = matcher instanceof RegExp ? NEEDS_BACKTRACKING : matcher;
    } catch (error) {
      found = error instanceof Error ? error : new Error(String(error));
    }
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(definition, found);
  }
  return found;
}
