export { replayGate, replayReason, compileGate, checkPortableCall, parseJson, type CompiledGate } from "./gate.js";
export { checkPair, pendingCalls, orphanResults, callsOf, outputsOf } from "./pairing.js";
export { validatorFor, validateArguments, compiledSchemaCount, draftOf, ToolSchemaError } from "./schema.js";
export { resolveTools, isToolDefinition, ToolSpecError } from "./tools.js";
export { describeValue, truncate } from "./describe.js";
export { compareTools, type ToolChange } from "./contract.js";
export { pairingProblems, portabilityProblems, type PairingProblem, type PortabilityProblem } from "./transcript.js";
export { GATE_REASONS, PAIR_REASONS } from "./types.js";
export type * from "./types.js";
