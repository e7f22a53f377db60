import * as written from "./all.js";
import { guardedMatchers } from "./guard.js";

export type { MatcherContext, MatcherResult } from "./print.js";
export type { CallPattern } from "./toHaveCalledToolBefore.js";
export type { KeepPrefixOptions } from "./toKeepPromptCachePrefix.js";
export type { TrajectoryArgs, TrajectoryOptions, TrajectoryOrder } from "./toMatchTrajectory.js";
export type { RequiredActionPattern } from "./toRequireAction.js";
export type { AgentAsymmetricMatchers, AgentMatchers } from "./types.js";

/**
 * Every agent-testkit matcher, for `expect.extend(agentMatchers)`; each guarded (guard.ts): a
 * received value whose reading throws is a matcher error, never its own exception.
 */
export const agentMatchers = guardedMatchers({ ...written });

export const {
  toBeCompatibleWith,
  toBePortable,
  toBePortableTo,
  toBeReplayable,
  toHaveAgentCalledTool,
  toHaveAllCallsPaired,
  toHaveAnsweredCall,
  toHaveCalledTool,
  toHaveCalledToolBefore,
  toHaveCalledToolTimes,
  toHaveHandedOffTo,
  toHaveNoPendingActions,
  toHaveReceivedNthRequest,
  toHaveReceivedRequest,
  toHaveReplayReason,
  toHaveStringArguments,
  toHaveTrippedGuardrail,
  toKeepPromptCachePrefix,
  toMatchTrajectory,
  toPairWithCall,
  toRequireAction,
} = agentMatchers;
