import { expect } from "vitest";
import { installLateBoundFetch, providePlaceholderKey } from "../fixtures/msw/kit/lateBoundFetch.js";
import { agentMatchers } from "./index.js";
import type { AgentAsymmetricMatchers, AgentMatchers } from "./types.js";

expect.extend(agentMatchers);
// Before any test file loads: clients built at a file's top level still reach MSW, and
// `new OpenAI()` needs no key (see lateBoundFetch.ts).
installLateBoundFetch();
providePlaceholderKey();

// Vitest 4 only, for projects with `skipLibCheck: false`: Vitest 4 reads custom matchers from the
// global `jest.Matchers<R, T>`, and its own `Matchers<T>` has one type parameter where Vitest 5's
// has two, so the default entry's Vitest 5 augmentation cannot type-check there without skipLibCheck.
declare module "vitest" {
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
