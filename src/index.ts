export { compareTools, type ToolChange } from "./contract.js";
export { type CustomInputVerdict, checkCustomInput } from "./customTools.js";
export { type CompiledGate, compileGate, replayGate, replayReason } from "./gate.js";
export { checkPair, orphanResults, pendingCalls } from "./pairing.js";
export {
  type CacheShare,
  type PrefixBreak,
  type PrefixOptions,
  type PrefixReport,
  promptPrefixReport,
} from "./promptCache.js";
export {
  type SchemaValidator,
  ToolSchemaError,
  validateArguments,
  validatorFor,
} from "./schema.js";
export { resolveTools, ToolSpecError } from "./tools.js";
export { type ExpectedStep, type TrajectoryStep, trajectoryOf } from "./trajectory.js";
export { type PairingProblem, type PortabilityProblem, pairingProblems, portabilityProblems } from "./transcript.js";
export type * from "./types.js";
export { GATE_REASONS, PAIR_REASONS } from "./types.js";
