import type { GateReason, ToolSpec } from "../src/types.js";
import type { KeepPrefixOptions } from "./toKeepPromptCachePrefix.js";
import type { RequiredActionPattern } from "./toRequireAction.js";

/**
 * The agent-testkit matchers, independent of the runner. `R` is what the runner's assertion
 * returns (`void` in Jest and Vitest, `Promise<void>` after `.resolves`).
 */
export interface AgentMatchers<R = unknown> {
  /**
   * Passes when the replay gate accepts the item: a portable, completed `function_call` whose
   * `arguments` is a JSON string that parses and, when `tools` is given, passes the tool's schema.
   *
   * @example
   * expect(item).toBeReplayable(tools);
   * expect(logged).not.toBeReplayable();
   * expect(response.output).toContainEqual(expect.toBeReplayable(tools));
   */
  toBeReplayable(tools?: ToolSpec): R;

  /**
   * Passes when the replay gate returns exactly `reason` for the item.
   *
   * @example
   * expect(invalid.truncated().item).toHaveReplayReason("status");
   * expect(fc_009).toHaveReplayReason("arguments_schema", regionSchema);
   */
  toHaveReplayReason(reason: GateReason, tools?: ToolSpec): R;

  /**
   * Passes when the received result answers `call`: a `function_call_output` with the call's
   * `call_id`, or an Agents API `agent.session.input.tool_result` with its `turn_id` and `call_id`.
   *
   * @example
   * expect({ type: "function_call_output", call_id: "call_123", output: "ok" }).toPairWithCall(fc_001);
   * expect(toolResult).toPairWithCall(session.required_actions[0]);
   * expect(agents.toolResults[0]).toPairWithCall(agents.items(id).find((i) => i.type === "function_call"));
   * // a call that is undefined (a find() that matched nothing) is a matcher error that says so
   */
  toPairWithCall(call: object | null | undefined): R;

  /**
   * Passes when `arguments` is a string that parses as JSON and, when `expected` is given,
   * the parsed value equals it (asymmetric matchers work inside).
   *
   * @example
   * expect(call).toHaveStringArguments({ region: "apac" });
   * expect(call).toHaveStringArguments({ order_id: expect.stringMatching(/^[A-Z]-\d{4}$/) });
   */
  toHaveStringArguments(expected?: unknown): R;

  /**
   * Passes when every completed, portable `function_call` in the list has exactly one
   * `function_call_output` with its `call_id`, and no output is orphaned.
   *
   * @example
   * expect([...response.output, ...nextInput]).toHaveAllCallsPaired();
   */
  toHaveAllCallsPaired(): R;

  /**
   * Passes when every item is portable: no provider-prefixed `type`, and no Chat Completions
   * envelope (`tool_calls` arrays, `role: "tool"` messages) mixed in.
   *
   * @example
   * expect(request.input).toBePortable();
   */
  toBePortable(): R;

  /**
   * Passes when nothing of the history (Open Responses items, Chat Completions messages,
   * Anthropic Messages or Gemini contents) would be refused by that wire when the app switches
   * providers: no provider's own item types, no reasoning another model made, no ids only the first
   * provider stored, no call unfinished or unanswered, arguments of the kind the wire takes; for
   * Gemini and Bedrock Converse, each turn's calls answered in the turn right after it, and on
   * Gemini the current turn's calls signed.
   *
   * @example
   * expect(result.history).toBePortableTo("anthropic");
   */
  toBePortableTo(wire: "responses" | "chat-completions" | "anthropic" | "gemini" | "bedrock"): R;

  /**
   * Passes when the Agents API session (or an event carrying one) has a pending action in
   * `required_actions` of the pattern's `type` (default `function_call`) with each field the
   * pattern gives (compared with `equals`): a function call's `name` and `arguments`, an approval
   * request's `request`, an environment connection's `environment_id`.
   *
   * @example
   * expect(session).toRequireAction({ name: "lookup_order", arguments: { order_id: "A-1042" } });
   * expect(session).toRequireAction({ type: "computer_use_approval_request", request: expect.objectContaining({ type:
   * "browser_origin_access" }) });
   */
  toRequireAction(action?: RequiredActionPattern): R;

  /**
   * Passes when the session's `required_actions` is empty: nothing is still due.
   *
   * @example
   * expect(await client.beta.agents.sessions.retrieve(id)).toHaveNoPendingActions();
   */
  toHaveNoPendingActions(): R;

  /**
   * Passes when this tool set has no breaking change against `previousTools` (a removed or
   * renamed tool, a newly required property, a removed enum value, a narrowed type, tightened
   * limits…). The message lists each breaking change with its path.
   *
   * @example
   * expect(tools).toBeCompatibleWith(JSON.parse(readFileSync("contract/tools.json", "utf8")));
   */
  toBeCompatibleWith(previousTools: ToolSpec | { tools: unknown[] }): R;

  /**
   * Passes when the model called `name` — with parsed arguments equal to `args` when given
   * (asymmetric matchers work inside). Received: a response object, an item list, an Agents
   * session or its items, or a fake (every response it answered).
   *
   * @example
   * expect(responses).toHaveCalledTool("lookup_order", { order_id: "A-1042" });
   * expect(response).not.toHaveCalledTool("refund_order");
   */
  toHaveCalledTool(name: string, args?: unknown): R;

  /**
   * Passes when the run took the expected path: its tool calls (with their arguments), handoffs and
   * — where the expected path names any — the assistant's messages, held to `expected` in the order
   * `options.order` says (`strict`, `unordered`, `subset`, `superset`), arguments as `options.args`
   * says (`exact`, `subset`, `superset`, `ignore`; per tool in `options.tools`). A failure names the
   * first step where the run left the path. Received: anything the conversation matchers read.
   *
   * @example
   * expect(result).toMatchTrajectory(["lookup_order", { handoff: "Billing" }, { tool: "refund", args: { id: "A1" } }]);
   * expect(steps).toMatchTrajectory([{ tool: "search", args: { q: expect.any(String) } }], { order: "superset" });
   */
  toMatchTrajectory(
    expected: ReadonlyArray<
      | string
      | { tool: string; args?: unknown; agent?: string }
      | { handoff: string; agent?: string }
      | { message: string | RegExp; agent?: string }
    >,
    options?: {
      order?: "strict" | "unordered" | "subset" | "superset";
      args?: "exact" | "subset" | "superset" | "ignore";
      tools?: Record<
        string,
        { args?: "exact" | "subset" | "superset" | "ignore"; compare?: (actual: unknown, expected: unknown) => boolean }
      >;
    },
  ): R;

  /**
   * Passes when some call to `first` (with its `args`, when given) came before some call to `second`.
   *
   * @example
   * expect(result).toHaveCalledToolBefore("lookup_order", { tool: "refund_order", args: { id: "A1" } });
   */
  toHaveCalledToolBefore(
    first: string | { tool: string; args?: unknown },
    second: string | { tool: string; args?: unknown },
  ): R;

  /**
   * Passes when the model called `name` exactly `times` times.
   *
   * @example
   * expect(agents).toHaveCalledToolTimes("lookup_order", 2);
   */
  toHaveCalledToolTimes(name: string, times: number): R;

  /**
   * Passes when an agent handed the conversation off to the agent of that name: the model called
   * its handoff tool as `@openai/agents` renders it (`transfer_to_Billing`). Received: a `RunResult`
   * (or its items), a fake, or any conversation.
   *
   * @example
   * expect(result).toHaveHandedOffTo("Billing");
   */
  toHaveHandedOffTo(agent: string): R;

  /**
   * Passes when the agent of that name called `tool` — with parsed arguments equal to `args` when
   * given. Received: an `@openai/agents` `RunResult` (each call's agent is the SDK's) or its
   * `newItems`, or a Responses fake or its request log (an agent is known there by the handoff that
   * reached it: the first agent's name is not on the wire). An agent is named, or told by what it
   * sends: its `instructions` (a string or a RegExp) and `tools` it offers.
   *
   * @example
   * expect(result).toHaveAgentCalledTool("Billing", "lookup_invoice", { invoice: "INV-7" });
   * expect(fake).toHaveAgentCalledTool({ instructions: /Route/ }, "transfer_to_Billing");
   */
  toHaveAgentCalledTool(
    agent: string | { instructions?: string | RegExp; tools?: readonly string[] },
    tool: string,
    args?: unknown,
  ): R;

  /**
   * Passes when a guardrail of that name (any, without a name) tripped. Received: an
   * `@openai/agents` `RunResult`, or the tripwire error a tripped run rejects with.
   *
   * @example
   * await expect(run(triage, "You are useless!")).rejects.toHaveTrippedGuardrail("abuse");
   * expect(result).not.toHaveTrippedGuardrail();
   */
  toHaveTrippedGuardrail(name?: string): R;

  /**
   * Passes when the app answered the call exactly once — a `function_call_output` (Responses) or
   * a `tool_result` (Agents) — with `output` when given (a string compared as it is, anything else
   * with the output parsed as JSON). Received: a fake or its request log.
   *
   * @example
   * expect(responses).toHaveAnsweredCall(call, { status: "paid" });
   * expect(agents).toHaveAnsweredCall("call_3c91");
   */
  toHaveAnsweredCall(call: object | string | undefined, output?: unknown): R;

  /**
   * Passes when some request the fake received has a body that matches `partialBody`, as
   * `toMatchObject` does.
   *
   * @example
   * expect(responses).toHaveReceivedRequest({ model: "gpt-5", tools: [expect.objectContaining({ name: "lookup_order"
   * })] });
   */
  toHaveReceivedRequest(partialBody: unknown): R;

  /**
   * Passes when the `n`th request (from 1) the fake received has a body that matches `partialBody`.
   *
   * @example
   * expect(responses).toHaveReceivedNthRequest(2, { previous_response_id: expect.any(String) });
   */
  toHaveReceivedNthRequest(n: number, partialBody: unknown): R;

  /**
   * Passes when every request extends the prompt of the one before it in its conversation
   * (tools, instructions, then the input), so that the provider's prompt cache is kept; with
   * `minCachedShare`, when each also reads at least that share of its prompt from the cache.
   * Received: a Responses fake, its request log, cassette interactions, or request bodies.
   *
   * @example
   * expect(responses).toKeepPromptCachePrefix();
   * expect(responses.requests).toKeepPromptCachePrefix({ minCachedShare: 0.8 });
   */
  toKeepPromptCachePrefix(options?: KeepPrefixOptions): R;
}

/** The same matchers in asymmetric form (`expect.toBeReplayable()`), usable inside `toEqual`. */
// biome-ignore lint/suspicious/noExplicitAny: an asymmetric matcher returns whatever the runner's expect does
export type AgentAsymmetricMatchers = AgentMatchers<any>;
