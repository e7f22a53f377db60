import { geminiThinks } from "./gemini.js";
import { isArray, isRecord, readField } from "./internal/read.js";

// Gemini's calls and answers read once, whatever the value holds: each part becomes a plain snapshot
// (a getter that throws, or answers once, a revoked Proxy: read as nothing), and the items it stands for.

/** A Gemini `functionCall` part, read: its call's fields and whether it carries a thought signature. */
export interface GeminiCall {
  readonly id: unknown;
  readonly name: string;
  readonly args: unknown;
  readonly signed: boolean;
}

/** A `functionCall` part (`{ functionCall: { id?, name, args? }, thoughtSignature? }`) read once; else undefined. */
export function geminiCallOf(value: unknown): GeminiCall | undefined {
  if (!isRecord(value) || readField(value, "type") !== undefined) return undefined;
  const call = readField(value, "functionCall");
  const name = readField(call, "name");
  if (!isRecord(call) || typeof name !== "string") return undefined;
  const signature = readField(value, "thoughtSignature");
  return {
    id: readField(call, "id"),
    name,
    args: readField(call, "args"),
    signed: typeof signature === "string" && signature !== "",
  };
}

/** A `functionResponse` part (`{ functionResponse: { id?, name, response } }`) read once; else undefined. */
export function geminiResponsePartOf(value: unknown): { id: unknown; name: string; response: unknown } | undefined {
  const response = readField(value, "functionResponse");
  const name = readField(response, "name");
  if (!isRecord(response) || typeof name !== "string") return undefined;
  return { id: readField(response, "id"), name, response: readField(response, "response") };
}

/** The call id a Gemini call without one is read under (by name and order). */
export function geminiId(name: string, n: number): string {
  return `gemini:${name}:${n}`;
}

/** The calls read from a signed Gemini part (the item carries nothing of it: the set remembers). */
const signedCalls = new WeakSet<object>();

/** Whether a call read as an item came from a Gemini part that carried its thought signature. */
export function isSignedCall(item: unknown): boolean {
  return isRecord(item) && signedCalls.has(item);
}

/** A Gemini call as the `function_call` it stands for, under `id` (its own, else by name and order): `args` as JSON. */
export function geminiCallItem(call: GeminiCall, id: string): Record<string, unknown> {
  const item = {
    type: "function_call",
    call_id: id,
    name: call.name,
    arguments: call.args === undefined ? "{}" : isRecord(call.args) ? JSON.stringify(call.args) : call.args,
    status: "completed",
  };
  if (call.signed) signedCalls.add(item);
  return item;
}

/** A Gemini call's item under its own id, or the first of its name's. */
export function geminiCallAlone(call: GeminiCall): Record<string, unknown> {
  return geminiCallItem(call, typeof call.id === "string" ? call.id : geminiId(call.name, 1));
}

/**
 * The calls of a Gemini answer (a `GenerateContentResponse`, each candidate's content) or of a model
 * content, as the gate judges them: a content's first call as its part (a thinking model signs it;
 * the gate asks for the signature), the calls after it, which carry none, as the calls they stand
 * for. A model that does not think (by the answer's `modelVersion`) signs nothing. Undefined for
 * anything else.
 */
export function geminiGatedCalls(value: unknown): unknown[] | undefined {
  const candidates = readField(value, "candidates");
  const model = readField(value, "modelVersion");
  const contents = isArray(candidates)
    ? candidates.map((candidate) => readField(candidate, "content"))
    : readField(value, "role") === "model"
      ? [value]
      : undefined;
  if (contents === undefined) return undefined;
  const thinks = typeof model !== "string" || geminiThinks(model);
  return contents.flatMap((content) => {
    const parts = readField(content, "parts");
    const made = new Map<string, number>();
    const gated: unknown[] = [];
    for (const part of isArray(parts) ? parts : []) {
      const call = geminiCallOf(part);
      if (call === undefined) continue;
      const n = (made.get(call.name) ?? 0) + 1;
      made.set(call.name, n);
      gated.push(
        gated.length === 0 && thinks
          ? part
          : geminiCallItem(call, typeof call.id === "string" ? call.id : geminiId(call.name, n)),
      );
    }
    return gated;
  });
}
