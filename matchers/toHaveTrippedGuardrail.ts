import { guardrailVerdicts } from "../src/agentRuns.js";
import {
  boundedList,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  received,
  receivedText,
} from "./print.js";

const EXPECTED =
  "an @openai/agents RunResult, or the tripwire error a run rejects with (InputGuardrailTripwireTriggered, …)";

/**
 * `expect(result).toHaveTrippedGuardrail("abuse")`: a guardrail of that name (any, without one)
 * tripped. Received: an `@openai/agents` `RunResult` (its input, output and tool guardrails'
 * verdicts), or the tripwire error a tripped run rejects with:
 * `await expect(run(agent, text)).rejects.toHaveTrippedGuardrail("abuse")`. A guardrail's verdict
 * is never on the wire: a fake cannot tell it.
 */
export function toHaveTrippedGuardrail(this: MatcherContext, value: unknown, ...rest: [name?: string]): MatcherResult {
  const label = rest.length > 0 ? "name" : "";
  const verdicts = guardrailVerdicts(value);
  if (verdicts === undefined) matcherError(this, "toHaveTrippedGuardrail", label, "received", EXPECTED, value);
  const name = rest[0];
  if (rest.length > 0 && (typeof name !== "string" || name === ""))
    matcherError(this, "toHaveTrippedGuardrail", label, "name", "a guardrail's name", name);
  const pass = verdicts.some((verdict) => verdict.tripped && (name === undefined || verdict.name === name));
  return {
    pass,
    message: () => {
      const wanted = name === undefined ? "a guardrail" : `the guardrail ${JSON.stringify(name)}`;
      return [
        hint(this, "toHaveTrippedGuardrail", label),
        "",
        `Expected: ${expectedText(this, `${wanted} ${this.isNot ? "not " : ""}to trip`)}`,
        `Received: ${receivedText(this, verdicts.length === 0 ? "no guardrail ran" : `${verdicts.length} guardrail verdict${verdicts.length === 1 ? "" : "s"}:`)}`,
        ...(verdicts.length > 0
          ? [
              boundedList(
                verdicts.map(
                  (v) =>
                    `${v.kind} ${JSON.stringify(v.name)}: ${v.tripped ? "tripped" : "passed"}${v.info === undefined ? "" : ` ${received(this, v.info, 120)}`}`,
                ),
              ),
            ]
          : []),
      ].join("\n");
    },
  };
}
