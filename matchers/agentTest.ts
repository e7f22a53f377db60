import { AsyncLocalStorage } from "node:async_hooks";
import { basename, dirname, resolve } from "node:path";
import { afterAll, test } from "vitest";
import type { AgentsFake, AgentsFakeOptions } from "../fixtures/msw/agents/index.js";
import type { CassetteOptions } from "../fixtures/msw/cassette/cassette.js";
import type { AcceptSocket } from "../fixtures/msw/kit/socket.js";
import type { Dispatch } from "../fixtures/msw/kit/transports.js";
import { unhandledGuard } from "../fixtures/msw/kit/unhandledGuard.js";
import type { ResponsesFake, ResponsesFakeOptions } from "../fixtures/msw/responses/index.js";
import { perTest } from "../src/internal/running.js";

/** The fixtures `agentTest` gives each test. */
export interface AgentFixtures {
  /** A Responses API fake, installed on an MSW server, fresh for this test. */
  responses: ResponsesFake;
  /** An Agents API sessions fake, installed on an MSW server, fresh for this test. */
  agents: AgentsFake;
}

interface MswServer {
  use(...handlers: unknown[]): void;
  listen(options?: unknown): void;
}

export interface AgentTestOptions {
  /** Your own MSW server (`setupServer()` from `msw/node`), already listening. Default: one of ours. */
  server?: MswServer;
  /** Options for every test's Responses fake. */
  responses?: ResponsesFakeOptions;
  /** Options for every test's Agents fake (its `baseUrl` must match the Responses fake's). */
  agents?: AgentsFakeOptions;
  /**
   * Both fakes answer from cassettes: one file per test file (`__cassettes__/<test file>.jsonl`
   * beside it, or in `dir`, relative to the test file), a section per test and fake. The mode
   * comes from `AGENT_TESTKIT_RECORD` unless given (see the fakes' `cassette` option).
   */
  cassette?: true | AgentTestCassetteOptions;
}

/** The cassette options of {@link AgentTestOptions}: a fake's, less the path and section agentTest chooses. */
export type AgentTestCassetteOptions = Omit<CassetteOptions, "path" | "section"> & {
  dir?: string;
  /**
   * After a test file in which every test ran and passed: what to do with the cassette's sections no test used
   * (a renamed or deleted test's recordings). `"warn"` (the default) lists them on the console, `"fail"` fails the
   * file listing them, `"off"` says nothing.
   */
  unused?: "warn" | "fail" | "off";
};

interface TaskLike {
  name: string;
  suite?: TaskLike;
  tasks?: TaskLike[];
  file?: TaskLike & { filepath: string };
  mode?: string;
  result?: { state?: string };
}

/** A test's name with its suites', as `describe > test`. */
function fullName(task: TaskLike): string {
  const names: string[] = [];
  for (let t: TaskLike | undefined = task; t?.name && !("filepath" in t); t = t.suite) names.unshift(t.name);
  return names.join(" > ");
}

/** Which of the file's tests with this test's full name it is (0 for the first): each gets its own section. */
function sameNameIndex(task: TaskLike, name: string): number {
  let index = 0;
  const stack: TaskLike[] = [...(task.file?.tasks ?? [])].reverse();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === task) return index;
    if (next.tasks) stack.push(...[...next.tasks].reverse());
    else if (fullName(next) === name) index++;
  }
  return 0;
}

/** The owners of sections: one per test, so that a retry of a test records its section again. */
const sectionOwners = new WeakMap<TaskLike, { label: string }>();

/**
 * The cassette of one test's fake: the test file's cassette, the test's own section. Tests with
 * the same name (a loop, `test.each` without `%s`) get sections of their own: `name (2) [fake]`.
 */
function cassetteFor(
  option: AgentTestOptions["cassette"],
  task: TaskLike,
  fake: "responses" | "agents",
  files: Map<string, TaskLike>,
): CassetteOptions | undefined {
  if (option === undefined) return undefined;
  const settings = option === true ? {} : option;
  const file = task.file?.filepath;
  if (!file || !task.file)
    throw new Error("agent-testkit: agentTest's cassette option needs Vitest's task.file (Vitest ≥ 4)");
  files.set(file, task.file);
  const name = fullName(task);
  const index = sameNameIndex(task, name);
  let owner = sectionOwners.get(task);
  if (!owner) sectionOwners.set(task, (owner = { label: name }));
  const { dir: _dir, unused: _unused, ...rest } = settings;
  return {
    ...rest,
    owner,
    path: cassettePath(settings, file),
    section: `${name}${index === 0 ? "" : ` (${index + 1})`} [${fake}]`,
  };
}

/** The cassette of a test file: `__cassettes__/<test file>.jsonl` beside it, or in `dir`. */
function cassettePath(settings: AgentTestCassetteOptions, file: string): string {
  return resolve(dirname(file), settings.dir ?? "__cassettes__", `${basename(file)}.jsonl`);
}

/** Whether every test under `task` ran and passed (no skip, `.only`, `-t` filter, todo or failure). */
function allPassed(task: TaskLike): boolean {
  if (task.tasks) return task.tasks.every(allPassed);
  return task.result?.state === "pass";
}

/**
 * At the end of a test file whose tests all ran and passed: the cassette's sections no fake of the
 * run used, listed (or failing the file), so that a renamed test's recordings can be pruned.
 */
function reportUnused(option: AgentTestOptions["cassette"], files: Map<string, TaskLike>): void {
  const settings = option === true ? {} : (option ?? {});
  const policy = settings.unused ?? "warn";
  if (option === undefined || policy === "off") return;
  afterAll(async () => {
    const [{ unusedSections }, { cassetteMode }] = await Promise.all([
      import("../fixtures/msw/cassette/store.js"),
      import("../fixtures/msw/cassette/cassette.js"),
    ]);
    const seen = [...files.entries()];
    files.clear();
    for (const [filepath, file] of seen) {
      const path = cassettePath(settings, filepath);
      if (!allPassed(file) || cassetteMode(settings.mode, path) === "passthrough") continue;
      const unused = unusedSections(path);
      if (unused.length === 0) continue;
      const list = unused.map(
        (u) =>
          `- ${JSON.stringify(u.section)} (line ${u.line}, ${u.recordings} recording${u.recordings === 1 ? "" : "s"})`,
      );
      const message = `agent-testkit: ${unused.length === 1 ? "1 section" : `${unused.length} sections`} of ${path} ${unused.length === 1 ? "was" : "were"} used by no test of this file, all of whose tests ran and passed: a renamed or deleted test left ${unused.length === 1 ? "it" : "them"}. Delete ${unused.length === 1 ? "its lines" : "their lines"}, or re-record the file (AGENT_TESTKIT_RECORD=record).\n${list.join("\n")}`;
      if (policy === "fail") throw new Error(message);
      console.warn(message);
    }
  });
}

/**
 * A Vitest `test` whose context carries fresh fakes, installed on an MSW server and routed per
 * test, so that `agentTest.concurrent` tests never see each other's state. msw and faker load on
 * first use, not when this module is imported.
 *
 * @example
 * agentTest("looks up sales", async ({ responses }) => {
 *   responses.reply(turn.functionCall("get_latest_sales_report", { region: "apac" }), turn.message("Up 4%."));
 *   expect(await answer("How are APAC sales?")).toBe("Up 4%.");
 * });
 */
export function createAgentTest(options: AgentTestOptions = {}) {
  const baseUrl = (options.responses?.baseUrl ?? "https://api.openai.com/v1").replace(/\/+$/, "");
  let ready: Promise<MswServer> | undefined;
  /** The test files whose tests used this agentTest's cassettes, for the report of unused sections. */
  const files = new Map<string, TaskLike>();
  reportUnused(options.cassette, files);

  const install = () =>
    (ready ??= (async () => {
      const [{ dispatchingHandlers }, { ACCEPT_SOCKET, linkHandlers }, { responsesRoutes }, { agentsRoutes }, server] =
        await Promise.all([
          import("../fixtures/msw/kit/transports.js"),
          import("../fixtures/msw/kit/socket.js"),
          import("../fixtures/msw/responses/routes.js"),
          import("../fixtures/msw/agents/routes.js"),
          options.server ?? ownServer(),
        ]);
      // the paths each fake's route table serves
      server.use(
        ...dispatchingHandlers(baseUrl, responsesRoutes.prefixes, () =>
          dispatchTo(current.getStore(), owned, "responses"),
        ),
        ...dispatchingHandlers(baseUrl, agentsRoutes.prefixes, () => dispatchTo(current.getStore(), owned, "agents")),
        // WebSocket mode for clients on the global WebSocket, routed like the HTTP requests
        ...linkHandlers(
          baseUrl,
          "/responses",
          () => (current.getStore()?.responses as { [ACCEPT_SOCKET]?: AcceptSocket } | undefined)?.[ACCEPT_SOCKET],
        ),
      );
      return server;
    })());

  const agentTest = test.extend<AgentFixtures & { agentTestGuard: undefined }>({
    // Installed for every agentTest test, whatever fixtures it names: the server and its guard
    // against unhandled requests, so that a test naming no fixture never reaches the network.
    agentTestGuard: [
      async ({ task }, use) => {
        await install();
        owned.add(task);
        await use(undefined);
      },
      { auto: true },
    ],
    // Each fake names the guard, so that Vitest sets it up first (the server is installed).
    responses: async ({ task, agentTestGuard }, use) => {
      void agentTestGuard;
      const { fakeResponses } = await import("../fixtures/msw/responses/index.js");
      const cassette = cassetteFor(options.cassette, task as unknown as TaskLike, "responses", files);
      const fake = fakeResponses(perTest({ ...options.responses, ...(cassette ? { cassette } : {}) }));
      await use(fake);
      fake.reset();
      await fake.cassette?.saved(); // a recording that could not be saved fails the test, saying why
      await fake.cassette?.verified(); // so does a recording that has drifted, in verify mode
    },
    agents: async ({ task, agentTestGuard }, use) => {
      void agentTestGuard;
      const { fakeAgents } = await import("../fixtures/msw/agents/index.js");
      const cassette = cassetteFor(options.cassette, task as unknown as TaskLike, "agents", files);
      const fake = fakeAgents(perTest({ ...options.agents, baseUrl, ...(cassette ? { cassette } : {}) }));
      await use(fake);
      fake.reset();
      await fake.cassette?.saved();
      await fake.cassette?.verified();
    },
  });

  // Every request a test makes runs inside this context, so the shared MSW handler can find
  // the test's own fake even when tests run concurrently.
  // Fixtures are created lazily: only the ones a test asks for exist in its context.
  // (Vitest wants the context destructured; the fixtures are read through task.context so that
  // this hook does not create them itself.) Vitest runs this hook for every test of the file,
  // agentTest's or not: only the tests whose guard fixture ran are `owned`.
  agentTest.aroundEach(async (runTest, { task }) => {
    const context = (task as { context?: Partial<AgentFixtures> }).context ?? {};
    const fakes: TestFakes = { task };
    Object.defineProperty(fakes, "responses", { get: () => context.responses });
    Object.defineProperty(fakes, "agents", { get: () => context.agents });
    await current.run(fakes, runTest);
  });
  return agentTest;
}

/** The running test and its fakes. */
type TestFakes = Partial<AgentFixtures> & { task: object };

/** Where a request of the test in `fakes` goes: its fake; blocked, saying why; `undefined` outside every test. */
function dispatchTo(fakes: TestFakes | undefined, owned: WeakSet<object>, name: keyof AgentFixtures): Dispatch {
  if (!fakes) return undefined;
  if (!owned.has(fakes.task))
    return {
      blocked:
        "this test is not an agentTest test: agentTest's server serves agentTest's tests; in the other tests, install a fake's own handlers on a server of your own",
    };
  return (
    fakes[name]?.handle ?? {
      blocked: `this test asked for no ${name} fake (name the \`${name}\` fixture in the test's arguments)`,
    }
  );
}

// One test context, one set of tests and one server for every agentTest of the process: two
// instances in one file (the default and a createAgentTest with other options) each had a server,
// and each server's handlers answered the other's requests as coming from outside its tests.
const current = new AsyncLocalStorage<TestFakes>();
/** The tests an agentTest made (its guard fixture ran for them). */
const owned = new WeakSet<object>();
let shared: Promise<MswServer> | undefined;

function ownServer(): Promise<MswServer> {
  shared ??= (async () => {
    const { setupServer } = await import("msw/node");
    const server = setupServer();
    server.listen(unhandledGuard(/(^|\.)openai\.com$/) as never);
    return server as unknown as MswServer;
  })();
  return shared;
}

/**
 * `test` with fresh `responses` and `agents` fakes per test, on the MSW server every agentTest of the process shares.
 * See {@link createAgentTest}.
 */
export const agentTest = createAgentTest();
