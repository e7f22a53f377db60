import { existsSync, readFileSync } from "node:fs";
import type { ToolSpec } from "../types.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { readToolsFile } from "./toolsFile.js";

export const SERVE_USAGE = `Usage: agent-testkit serve [--port N] [--host H] [--strict | --lax] [--tools FILE] [--cassette-dir DIR]
       agent-testkit serve --recipe pytest > conftest.py

Serves every fake (the Responses API with its files, vector stores, containers and conversations;
the Agents API; Chat Completions; Anthropic Messages) on one HTTP server, for tests in any language:
point a client's base URL at {url}/v1 (or a session's {url}/s/{id}/v1; an Anthropic client's at
{url}/s/{id}: it adds /v1). The control API is under {url}/_testkit/ (sessions, scripts, rules,
logs, matchers; its OpenAPI document at {url}/_testkit/openapi.json).

The first line on stdout is JSON: {"url": "http://HOST:PORT"}. SIGINT and SIGTERM close the server,
cassettes saved, exit 0.

Options:
  --port N            the port (default 0: a free one)
  --host H            the interface (default 127.0.0.1; 0.0.0.0 in a container)
  --strict            check scripted calls against the tools in play (the default)
  --lax               do not
  --tools FILE        tool definitions every session checks calls against (JSON, or a module)
  --cassette-dir DIR  record and replay each session's traffic in DIR (responses.jsonl,
                      agents.jsonl, chat.jsonl, anthropic.jsonl), a section per session; the mode
                      from AGENT_TESTKIT_RECORD, the keys from OPENAI_API_KEY and ANTHROPIC_API_KEY
  --recipe pytest     print the pytest fixtures (a conftest.py: the server, a session per test,
                      OPENAI_BASE_URL and ANTHROPIC_BASE_URL set) and exit
  -h, --help          this help`;

/** What the server module (dist/serve.js) offers the command. */
interface ServeModule {
  startServer(options: {
    port?: number;
    host?: string;
    strict: boolean;
    tools?: ToolSpec;
    cassetteDir?: string;
  }): Promise<{ url: string; close(): Promise<string[]> }>;
}

/** The signals that end the server, as the process delivers them (a test hands its own). */
export interface Signals {
  once(signal: "SIGINT" | "SIGTERM", listener: () => void): unknown;
}

export async function runServe(argv: readonly string[], io: Io, signals: Signals = process): Promise<number> {
  const { positionals, flags } = parseArgs(
    argv,
    ["port", "host", "tools", "cassette-dir", "recipe"],
    ["strict", "lax", "help"],
  );
  if (flags.has("help")) {
    io.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  const recipe = flags.get("recipe");
  if (recipe !== undefined) {
    if (recipe !== "pytest") throw new UsageError(`--recipe takes pytest; got ${String(recipe)}`);
    io.stdout.write(readFileSync(new URL("./recipes/pytest-conftest.py", import.meta.url), "utf8"));
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments; got ${positionals.join(" ")}`);
  if (flags.has("strict") && flags.has("lax")) throw new UsageError("--strict and --lax: one or the other");
  const portFlag = flags.get("port");
  const port = portFlag === undefined ? 0 : Number(portFlag);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port takes a port from 0 to 65535; got ${String(portFlag)}`);
  const host = flags.get("host");
  const toolsPath = flags.get("tools");
  const cassetteDir = flags.get("cassette-dir");
  const tools = typeof toolsPath === "string" ? await readToolsFile(toolsPath) : undefined;
  // the fakes are not the CLI's: the server is its own module of the build, loaded by path
  const modulePath = new URL("./serve.js", import.meta.url);
  if (!existsSync(modulePath)) throw new Error(`the server module is missing beside the CLI (${modulePath.pathname})`);
  const { startServer } = (await import(modulePath.href)) as ServeModule;
  const server = await startServer({
    port,
    ...(typeof host === "string" ? { host } : {}),
    strict: !flags.has("lax"),
    ...(tools === undefined ? {} : { tools }),
    ...(typeof cassetteDir === "string" ? { cassetteDir } : {}),
  });
  io.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  io.stderr.write(
    `agent-testkit serve: the fakes are at ${server.url}/v1, the control API at ${server.url}/_testkit/ (Ctrl-C stops)\n`,
  );
  await new Promise<void>((resolve) => {
    signals.once("SIGINT", resolve);
    signals.once("SIGTERM", resolve);
  });
  const unsaved = await server.close();
  for (const line of unsaved) io.stderr.write(`agent-testkit serve: not saved: ${line}\n`);
  return unsaved.length === 0 ? 0 : 1;
}
