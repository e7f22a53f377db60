import { afterEach, beforeEach, expect } from "vitest";
import { installLateBoundFetch, providePlaceholderKey } from "../fixtures/msw/kit/lateBoundFetch.js";
import { testEnded, testStarted } from "../src/internal/running.js";
import { agentMatchers } from "./index.js";
import type { AgentAsymmetricMatchers, AgentMatchers } from "./types.js";

expect.extend(agentMatchers);
// Before any test file loads: clients built at a file's top level still reach MSW, and
// `new OpenAI()` needs no key (see lateBoundFetch.ts).
installLateBoundFetch();
providePlaceholderKey();
// Counts the tests running at once, for the fakes' hint about a fake shared by concurrent tests.
beforeEach(testStarted);
afterEach(testEnded);

// Vitest 5 reads custom matchers from `Matchers<R, T>`; Vitest 4 reads them from the global
// `jest.Matchers<R, T>`; both read asymmetric ones from `AsymmetricMatchersContaining`.
declare module "vitest" {
  interface Matchers<R, T> extends AgentMatchers<R> {}
  interface AsymmetricMatchersContaining extends AgentAsymmetricMatchers {}
}

declare global {
  namespace jest {
    // biome-ignore lint/complexity/noBannedTypes: the declaration merges with the runner's own, whose default is `{}`
    interface Matchers<R, T = {}> extends AgentMatchers<R> {}
  }
}

export {
  type AgentFixtures,
  type AgentTestCassetteOptions,
  type AgentTestOptions,
  agentTest,
  createAgentTest,
} from "./agentTest.js";
