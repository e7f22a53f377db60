import { toBeCompatibleWith } from "./toBeCompatibleWith.js";
import { toBePortable } from "./toBePortable.js";
import { toBePortableTo } from "./toBePortableTo.js";
import { toBeReplayable } from "./toBeReplayable.js";
import { toHaveAgentCalledTool } from "./toHaveAgentCalledTool.js";
import { toHaveAllCallsPaired } from "./toHaveAllCallsPaired.js";
import { toHaveAnsweredCall } from "./toHaveAnsweredCall.js";
import { toHaveCalledTool } from "./toHaveCalledTool.js";
import { toHaveCalledToolTimes } from "./toHaveCalledToolTimes.js";
import { toHaveHandedOffTo } from "./toHaveHandedOffTo.js";
import { toHaveNoPendingActions } from "./toHaveNoPendingActions.js";
import { toHaveReceivedNthRequest, toHaveReceivedRequest } from "./toHaveReceivedRequest.js";
import { toHaveReplayReason } from "./toHaveReplayReason.js";
import { toHaveStringArguments } from "./toHaveStringArguments.js";
import { toHaveTrippedGuardrail } from "./toHaveTrippedGuardrail.js";
import { type KeepPrefixOptions, toKeepPromptCachePrefix } from "./toKeepPromptCachePrefix.js";
import { toPairWithCall } from "./toPairWithCall.js";
import { toRequireAction } from "./toRequireAction.js";

export type { MatcherContext, MatcherResult } from "./print.js";
export type { RequiredActionPattern } from "./toRequireAction.js";
export type { AgentAsymmetricMatchers, AgentMatchers } from "./types.js";
export type { KeepPrefixOptions };
export {
  toBeCompatibleWith,
  toBePortable,
  toBePortableTo,
  toBeReplayable,
  toHaveAgentCalledTool,
  toHaveAllCallsPaired,
  toHaveAnsweredCall,
  toHaveCalledTool,
  toHaveCalledToolTimes,
  toHaveHandedOffTo,
  toHaveNoPendingActions,
  toHaveReceivedNthRequest,
  toHaveReceivedRequest,
  toHaveReplayReason,
  toHaveStringArguments,
  toHaveTrippedGuardrail,
  toKeepPromptCachePrefix,
  toPairWithCall,
  toRequireAction,
};

/** Every agent-testkit matcher, for `expect.extend(agentMatchers)`. */
export const agentMatchers = {
  toBeReplayable,
  toHaveReplayReason,
  toPairWithCall,
  toHaveStringArguments,
  toHaveAllCallsPaired,
  toBePortable,
  toBePortableTo,
  toRequireAction,
  toHaveNoPendingActions,
  toBeCompatibleWith,
  toHaveCalledTool,
  toHaveCalledToolTimes,
  toHaveHandedOffTo,
  toHaveAgentCalledTool,
  toHaveTrippedGuardrail,
  toHaveAnsweredCall,
  toHaveReceivedRequest,
  toHaveReceivedNthRequest,
  toKeepPromptCachePrefix,
};
