import { oneLine } from "../internal/render.js";
import { VERSION } from "../version.js";
import { UsageError } from "./args.js";
import { CHECK_USAGE, runCheck } from "./check/command.js";
import { DIFF_USAGE, runDiff } from "./diff/command.js";
import { INIT_USAGE, runInit } from "./init.js";
import type { Io } from "./io.js";
import { MCP_USAGE, runMcp } from "./mcp.js";
import { defuseText } from "./report/logSafe.js";
import { runServe, SERVE_USAGE } from "./serve.js";
import { runTrace, TRACE_USAGE } from "./trace.js";

export const USAGE = `Usage: agent-testkit <command> [options]

Commands:
  check <log.jsonl | ->  --tools <tools.json>   replay a JSONL log through the gate
  diff <old-tools.json> <new-tools.json>       breaking changes between two tool sets
  init [--runner vitest|jest]                 add the setup entry to the project's test config
  mcp --script <mcp.json>                     a fake MCP server over stdio (needs @modelcontextprotocol/sdk)
  serve [--port N] [--host H]                 every fake on one server, for tests in any language
  trace <trace.json> --out <dir>              a trace as a cassette and a test of its trajectory

Run agent-testkit <command> --help for a command's options; agent-testkit --version prints the version.`;

const COMMANDS: Record<string, { usage: string; run: (argv: readonly string[], io: Io) => Promise<number> }> = {
  check: { usage: CHECK_USAGE, run: runCheck },
  diff: { usage: DIFF_USAGE, run: runDiff },
  init: { usage: INIT_USAGE, run: runInit },
  mcp: { usage: MCP_USAGE, run: runMcp },
  serve: { usage: SERVE_USAGE, run: (argv, io) => runServe(argv, io) },
  trace: { usage: TRACE_USAGE, run: runTrace },
};

/** Runs the CLI; resolves to the exit code. */
export async function main(
  argv: readonly string[],
  io: Io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    (command === undefined ? io.stderr : io.stdout).write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === "--version" || command === "-v") {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!entry) {
    io.stderr.write(
      `${defuseText(`agent-testkit: unknown command ${JSON.stringify(oneLine(command, 100))}`)}\n\n${USAGE}\n`,
    );
    return 2;
  }
  try {
    return await entry.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${defuseText(`agent-testkit ${command}: ${error.message}`)}\n\n${entry.usage}\n`);
      return 2;
    }
    throw error;
  }
}
