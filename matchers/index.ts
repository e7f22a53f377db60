import { guardedMatcher } from "./guard.js";
import { toBeCompatibleWith as toBeCompatibleWithUnguarded } from "./toBeCompatibleWith.js";
import { toBePortable as toBePortableUnguarded } from "./toBePortable.js";
import { toBePortableTo as toBePortableToUnguarded } from "./toBePortableTo.js";
import { toBeReplayable as toBeReplayableUnguarded } from "./toBeReplayable.js";
import { toHaveAgentCalledTool as toHaveAgentCalledToolUnguarded } from "./toHaveAgentCalledTool.js";
import { toHaveAllCallsPaired as toHaveAllCallsPairedUnguarded } from "./toHaveAllCallsPaired.js";
import { toHaveAnsweredCall as toHaveAnsweredCallUnguarded } from "./toHaveAnsweredCall.js";
import { toHaveCalledTool as toHaveCalledToolUnguarded } from "./toHaveCalledTool.js";
import { toHaveCalledToolTimes as toHaveCalledToolTimesUnguarded } from "./toHaveCalledToolTimes.js";
import { toHaveHandedOffTo as toHaveHandedOffToUnguarded } from "./toHaveHandedOffTo.js";
import { toHaveNoPendingActions as toHaveNoPendingActionsUnguarded } from "./toHaveNoPendingActions.js";
import {
  toHaveReceivedNthRequest as toHaveReceivedNthRequestUnguarded,
  toHaveReceivedRequest as toHaveReceivedRequestUnguarded,
} from "./toHaveReceivedRequest.js";
import { toHaveReplayReason as toHaveReplayReasonUnguarded } from "./toHaveReplayReason.js";
import { toHaveStringArguments as toHaveStringArgumentsUnguarded } from "./toHaveStringArguments.js";
import { toHaveTrippedGuardrail as toHaveTrippedGuardrailUnguarded } from "./toHaveTrippedGuardrail.js";
import {
  type KeepPrefixOptions,
  toKeepPromptCachePrefix as toKeepPromptCachePrefixUnguarded,
} from "./toKeepPromptCachePrefix.js";
import { toPairWithCall as toPairWithCallUnguarded } from "./toPairWithCall.js";
import { toRequireAction as toRequireActionUnguarded } from "./toRequireAction.js";

const toBeCompatibleWith = guardedMatcher("toBeCompatibleWith", toBeCompatibleWithUnguarded);
const toBePortable = guardedMatcher("toBePortable", toBePortableUnguarded);
const toBePortableTo = guardedMatcher("toBePortableTo", toBePortableToUnguarded);
const toBeReplayable = guardedMatcher("toBeReplayable", toBeReplayableUnguarded);
const toHaveAgentCalledTool = guardedMatcher("toHaveAgentCalledTool", toHaveAgentCalledToolUnguarded);
const toHaveAllCallsPaired = guardedMatcher("toHaveAllCallsPaired", toHaveAllCallsPairedUnguarded);
const toHaveAnsweredCall = guardedMatcher("toHaveAnsweredCall", toHaveAnsweredCallUnguarded);
const toHaveCalledTool = guardedMatcher("toHaveCalledTool", toHaveCalledToolUnguarded);
const toHaveCalledToolTimes = guardedMatcher("toHaveCalledToolTimes", toHaveCalledToolTimesUnguarded);
const toHaveHandedOffTo = guardedMatcher("toHaveHandedOffTo", toHaveHandedOffToUnguarded);
const toHaveNoPendingActions = guardedMatcher("toHaveNoPendingActions", toHaveNoPendingActionsUnguarded);
const toHaveReceivedNthRequest = guardedMatcher("toHaveReceivedNthRequest", toHaveReceivedNthRequestUnguarded);
const toHaveReceivedRequest = guardedMatcher("toHaveReceivedRequest", toHaveReceivedRequestUnguarded);
const toHaveReplayReason = guardedMatcher("toHaveReplayReason", toHaveReplayReasonUnguarded);
const toHaveStringArguments = guardedMatcher("toHaveStringArguments", toHaveStringArgumentsUnguarded);
const toHaveTrippedGuardrail = guardedMatcher("toHaveTrippedGuardrail", toHaveTrippedGuardrailUnguarded);
const toKeepPromptCachePrefix = guardedMatcher("toKeepPromptCachePrefix", toKeepPromptCachePrefixUnguarded);
const toPairWithCall = guardedMatcher("toPairWithCall", toPairWithCallUnguarded);
const toRequireAction = guardedMatcher("toRequireAction", toRequireActionUnguarded);

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
