// Reading values of unknown shape without ever throwing: the project's one safe reader.
/**
 * Reads a property without ever throwing: getters that throw, proxies and
 * non-objects all read as `undefined`.
 */
export function readField(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object") return undefined;
  try {
    return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a property, own or inherited (a framework's result class keeps its fields behind getters),
 * without ever throwing: a getter that throws reads as `undefined`.
 */
export function readInherited(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object") return undefined;
  try {
    return key in value ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** `Array.isArray` that never throws (a revoked Proxy throws there): such a value is not an array. */
export function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** Whether `value` is a plain-ish object (not null, not an array, not a revoked Proxy). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false; // a revoked Proxy: nothing can be read from it
  }
}

/**
 * The final response an answer carries (a log entry's or a recording's `response`): its JSON body
 * when that is a response, else the response of its last event that has one (a stream's
 * `response.completed`, `.incomplete`, `.failed`).
 */
export function finalResponse(answer: unknown): Record<string, unknown> | undefined {
  const body = readField(answer, "body");
  if (isRecord(body) && body.object === "response") return body;
  const events = readField(answer, "events");
  if (!isArray(events)) return undefined;
  for (let i = events.length - 1; i >= 0; i--) {
    const response = readField(events[i], "response");
    if (isRecord(response) && response.object === "response") return response;
  }
  return undefined;
}

/** A JSON text parsed, or the value as it is (not a string, or not JSON). */
export function parsedJson(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
