import { createRequire } from "node:module";
import { installLateBoundFetch, providePlaceholderKey } from "../fixtures/msw/kit/lateBoundFetch.js";
import { agentMatchers } from "./index.js";
import type { AgentAsymmetricMatchers, AgentMatchers } from "./types.js";

interface Extendable {
  extend(matchers: Record<string, unknown>): void;
}

/** Jest's `expect`: the global one, or `@jest/globals`' when globals are not injected. */
function jestExpect(): Extendable {
  const global = (globalThis as { expect?: Partial<Extendable> }).expect;
  if (global && typeof global.extend === "function") return global as Extendable;
  const require = createRequire(import.meta.url);
  return (require("@jest/globals") as { expect: Extendable }).expect;
}

jestExpect().extend(agentMatchers);
// Before any test file loads: clients built at a file's top level still reach MSW, and
// `new OpenAI()` needs no key (see lateBoundFetch.ts).
installLateBoundFetch();
providePlaceholderKey();

// Keeps the `expect` package in the program of a project that only uses `@types/jest`, so that
// the augmentation below always has a module to merge into.
export type { MatcherState as JestMatcherState } from "expect";

// Jest 29 and 30: `@jest/globals` types come from the `expect` package; `@types/jest` from the
// global `jest` namespace. Augment both.
declare module "expect" {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends AgentMatchers<R> {}
  interface AsymmetricMatchers extends AgentAsymmetricMatchers {}
}

declare global {
  namespace jest {
    // biome-ignore lint/complexity/noBannedTypes: the declaration merges with the runner's own, whose default is `{}`
    interface Matchers<R, T = {}> extends AgentMatchers<R> {}
    interface Expect extends AgentAsymmetricMatchers {}
    interface InverseAsymmetricMatchers extends AgentAsymmetricMatchers {}
  }
}
