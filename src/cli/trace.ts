import { existsSync } from "node:fs";
import type { TraceSpanLacking } from "../traceCalls.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { defuseText } from "./report/logSafe.js";

export const TRACE_USAGE = `Usage: agent-testkit trace <trace.json> --out <dir> [--name NAME]

Turns a trace into a regression test: an OTLP/JSON export of GenAI spans whose chat spans captured
their messages, or @openai/agents' spans written with their span data (a response span's _input and
_response; generation spans keep theirs in toJSON()). Writes into DIR:
  NAME.cassette.jsonl        each model call's answer, for the Responses fake (or, from generation
                             spans, the Chat Completions fake) to replay, redacted as every
                             cassette is
  NAME.trajectory.test.ts    a Vitest test that replays the calls and asserts the trajectory the
                             trace took, gated (toBeReplayable, toHaveAllCallsPaired): put your
                             app's call where it says
NAME defaults to the trace file's name. A model span without its messages is named, with how to
capture them, and nothing is written (exit 1).

Options:
  --out DIR     where the files go (created if missing)
  --name NAME   the files' base name
  -h, --help    this help`;

/** What the writer module (dist/trace-test.js) offers the command. */
interface TraceTestModule {
  writeTraceTest(options: {
    file: string;
    out: string;
    name?: string;
  }): Promise<
    | { written: true; cassette: string; test: string; calls: number; steps: number }
    | { written: false; lacking: readonly TraceSpanLacking[] }
  >;
  TraceFileError: new (...args: never[]) => Error;
}

export async function runTrace(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, flags } = parseArgs(argv, ["out", "name"], ["help"]);
  if (flags.has("help")) {
    io.stdout.write(`${TRACE_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError("trace takes one trace file");
  const out = flags.get("out");
  if (typeof out !== "string") throw new UsageError("--out <dir> is required");
  const name = flags.get("name");
  if (typeof name === "string" && !/^[\w.-]+$/.test(name))
    throw new UsageError(`--name takes letters, digits, '.', '_' and '-'; got ${JSON.stringify(name)}`);
  // the cassette and the fakes are not the CLI's: the writer is its own module of the build, loaded by path
  const modulePath = new URL("./trace-test.js", import.meta.url);
  if (!existsSync(modulePath)) throw new Error(`the trace module is missing beside the CLI (${modulePath.pathname})`);
  const { writeTraceTest, TraceFileError } = (await import(modulePath.href)) as TraceTestModule;
  const file = positionals[0]!;
  let result: Awaited<ReturnType<TraceTestModule["writeTraceTest"]>>;
  try {
    result = await writeTraceTest({ file, out, ...(typeof name === "string" ? { name } : {}) });
  } catch (error) {
    if (!(error instanceof TraceFileError)) throw error;
    io.stderr.write(`${defuseText(`agent-testkit trace: ${error.message}`)}\n`);
    return 1;
  }
  if (!result.written) {
    const lines = [
      `agent-testkit trace: ${file}: ${result.lacking.length} model span(s) lack their messages; nothing written.`,
      ...result.lacking.map((span) => `  ${span.label}: no ${span.lacks}`),
      `To capture them: ${result.lacking[0]!.capture}.`,
    ];
    io.stderr.write(`${defuseText(lines.join("\n"))}\n`);
    return 1;
  }
  io.stdout.write(
    `${defuseText(`agent-testkit trace: ${result.calls} model call(s), ${result.steps} step(s)\n  ${result.cassette}\n  ${result.test}`)}\n`,
  );
  return 0;
}
