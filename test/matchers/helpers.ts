import { stripVTControlCharacters } from "node:util";

/** Runs an assertion that must fail and returns its message without ANSI colours. */
export function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return stripVTControlCharacters(error instanceof Error ? error.message : String(error));
  }
  throw new Error("expected the assertion to fail, but it passed");
}
