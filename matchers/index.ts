import { toBeCompatibleWith } from "./toBeCompatibleWith.js";
import { toBePortable } from "./toBePortable.js";
import { toBeReplayable } from "./toBeReplayable.js";
import { toHaveAllCallsPaired } from "./toHaveAllCallsPaired.js";
import { toHaveReplayReason } from "./toHaveReplayReason.js";
import { toHaveStringArguments } from "./toHaveStringArguments.js";
import { toHaveNoPendingActions } from "./toHaveNoPendingActions.js";
import { toPairWithCall } from "./toPairWithCall.js";
import { toRequireAction } from "./toRequireAction.js";
import { toHaveCalledTool } from "./toHaveCalledTool.js";
import { toHaveCalledToolTimes } from "./toHaveCalledToolTimes.js";
import { toHaveAnsweredCall } from "./toHaveAnsweredCall.js";
import { toHaveReceivedNthRequest, toHaveReceivedRequest } from "./toHaveReceivedRequest.js";

export { toBeCompatibleWith, toBePortable, toBeReplayable, toHaveAllCallsPaired, toHaveNoPendingActions, toHaveReplayReason, toHaveStringArguments, toPairWithCall, toRequireAction };
export { toHaveCalledTool, toHaveCalledToolTimes, toHaveAnsweredCall, toHaveReceivedRequest, toHaveReceivedNthRequest };
export type { RequiredActionPattern } from "./toRequireAction.js";
export type { AgentMatchers, AgentAsymmetricMatchers } from "./types.js";
export type { MatcherContext, MatcherResult } from "./context.js";

/** Every agent-testkit matcher, for `expect.extend(agentMatchers)`. */
export const agentMatchers = {
  toBeReplayable,
  toHaveReplayReason,
  toPairWithCall,
  toHaveStringArguments,
  toHaveAllCallsPaired,
  toBePortable,
  toRequireAction,
  toHaveNoPendingActions,
  toBeCompatibleWith,
  toHaveCalledTool,
  toHaveCalledToolTimes,
  toHaveAnsweredCall,
  toHaveReceivedRequest,
  toHaveReceivedNthRequest,
};
