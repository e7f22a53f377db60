export { replayGate, replayReason, compileGate, type CompiledGate } from "./gate.js";
export { checkPair, pendingCalls, orphanResults } from "./pairing.js";
export { validatorFor, validateArguments, compiledSchemaCount, ToolSchemaError } from "./schema.js";
export { resolveTools, ToolSpecError } from "./tools.js";
export { compareTools, type ToolChange } from "./contract.js";
export { pairingProblems, portabilityProblems, type PairingProblem, type PortabilityProblem } from "./transcript.js";
export { GATE_REASONS, PAIR_REASONS } from "./types.js";
export type * from "./types.js";
