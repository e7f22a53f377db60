// How many tests are running at this moment, as the setup entries count them (a beforeEach and an
// afterEach of their own): a fake shared between concurrent tests says so when its script runs dry,
// since nothing else points at the cause. Kept on globalThis: every build and chunk sees one count.
const RUNNING = Symbol.for("agent-testkit.runningTests");
type Holder = { [RUNNING]?: number };

/** The option that marks a fake made for one test (agentTest's): it is never shared. */
export const PER_TEST: unique symbol = Symbol.for("agent-testkit.perTest");

/** `options`, marked as a fake's made for one test. */
export function perTest<T extends object>(options: T): T {
  return { ...options, [PER_TEST]: true };
}

/** Whether a fake's options say it belongs to one test. */
export function isPerTest(options: object): boolean {
  return (options as { [PER_TEST]?: boolean })[PER_TEST] === true;
}

export function testStarted(): void {
  (globalThis as Holder)[RUNNING] = runningTests() + 1;
}

export function testEnded(): void {
  (globalThis as Holder)[RUNNING] = Math.max(0, runningTests() - 1);
}

export function runningTests(): number {
  return (globalThis as Holder)[RUNNING] ?? 0;
}

/** What to add to a "nothing scripted" message when tests overlap on a shared fake ("" otherwise). */
export function overlapHint(perTest: boolean): string {
  const running = runningTests();
  if (perTest || running < 2) return "";
  return ` ${running} tests were running at once: a fake shared by concurrent tests (test.concurrent) takes their scripts and requests in whatever order they come. Give each test its own fake: agentTest (agent-testkit/vitest), or a fake made inside the test.`;
}
