// Rendering any value for a message: bounded, on one line, never throwing.
import { isArray } from "./read.js";

/** Longest rendering of a received value inside a one-line message. */
export const MAX_VALUE_CHARS = 120;

/** Cuts a string to `max` characters, saying how much was left out. */
export function truncate(text: string, max = MAX_VALUE_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more chars)`;
}

const ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A user-supplied string made safe for a one-line message: control characters (newlines
 * included) escaped as in JSON, and cut to `max` characters. A log line cannot forge a line of
 * the report this way.
 */
export function oneLine(text: string, max = 1000): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = cut.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return text.length > max ? `${escaped}… (${text.length - max} more chars)` : escaped;
}

/**
 * Renders any value on one bounded line: JSON where possible, cycles shown as
 * `[Circular]`, never throwing, never longer than `max` (plus the truncation note).
 */
export function describeValue(value: unknown, max = MAX_VALUE_CHARS): string {
  try {
    return describeAny(value, max);
  } catch {
    return "[unprintable]"; // a revoked Proxy, a throwing toJSON or getter
  }
}

function describeAny(value: unknown, max: number): string {
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol" || typeof value === "function") return safeString(value);
  if (typeof value === "string") {
    if (value.length <= max) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, max))}… (${value.length} chars)`;
  }
  return truncate(boundedJson(value, max * 2), max);
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "[unprintable]";
  }
}

/** JSON.stringify that survives cycles, BigInt and throwing getters, and stops early on huge values. */
function boundedJson(value: unknown, budget: number): string {
  const seen = new WeakSet<object>();
  let spent = 0;
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (spent > budget) return undefined;
      if (typeof v === "bigint") return `${v}n`;
      if (typeof v === "string") spent += v.length;
      if (v !== null && typeof v === "object") {
        if (seen.has(v)) return "[Circular]";
        seen.add(v);
        spent += 2;
      }
      return v;
    });
    return text ?? safeString(value);
  } catch {
    return isArray(value) ? "[array]" : "[object]";
  }
}

/** A value as JSON for a message, or as a string when JSON cannot hold it (a cycle, a BigInt). */
export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
