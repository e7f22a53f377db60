// Every matcher as its file writes it, unguarded: index.ts guards them all (guard.ts) and exports
// what the runners register.
export { toBeCompatibleWith } from "./toBeCompatibleWith.js";
export { toBePortable } from "./toBePortable.js";
export { toBePortableTo } from "./toBePortableTo.js";
export { toBeReplayable } from "./toBeReplayable.js";
export { toHaveAgentCalledTool } from "./toHaveAgentCalledTool.js";
export { toHaveAllCallsPaired } from "./toHaveAllCallsPaired.js";
export { toHaveAnsweredCall } from "./toHaveAnsweredCall.js";
export { toHaveCalledTool } from "./toHaveCalledTool.js";
export { toHaveCalledToolBefore } from "./toHaveCalledToolBefore.js";
export { toHaveCalledToolTimes } from "./toHaveCalledToolTimes.js";
export { toHaveHandedOffTo } from "./toHaveHandedOffTo.js";
export { toHaveNoPendingActions } from "./toHaveNoPendingActions.js";
export { toHaveReceivedNthRequest, toHaveReceivedRequest } from "./toHaveReceivedRequest.js";
export { toHaveReplayReason } from "./toHaveReplayReason.js";
export { toHaveStringArguments } from "./toHaveStringArguments.js";
export { toHaveTrippedGuardrail } from "./toHaveTrippedGuardrail.js";
export { toKeepPromptCachePrefix } from "./toKeepPromptCachePrefix.js";
export { toMatchTrajectory } from "./toMatchTrajectory.js";
export { toPairWithCall } from "./toPairWithCall.js";
export { toRequireAction } from "./toRequireAction.js";
