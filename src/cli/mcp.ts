import { existsSync, readFileSync } from "node:fs";
import { isRecord } from "../internal/read.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";

export const MCP_USAGE = `Usage: agent-testkit mcp --script FILE [--calls FILE] [--lax]

A fake MCP server over stdio, for clients that spawn their server (the SDK's StdioClientTransport,
@openai/agents' MCPServerStdio): { "command": "npx", "args": ["agent-testkit", "mcp", "--script",
"mcp.json"] }. stdout carries the protocol only.

The script file is JSON: { "tools": [{ "name", "inputSchema", "description"? }],
"replies": { "<tool>": "text" | { "content": [...], "isError"? } | [reply, …] },
"resources"?: [...], "resourceTemplates"?: [{ "uriTemplate", "name", "text" }], "prompts"?: [...] }.
A list of replies is answered in order, the last one standing. A fault is { "fault": "error",
"code", "message" }, { "fault": "delay", "ms", "then" } or { "fault": "reconnect", "then" }; an
ask of the client is { "ask": "sampling" | "elicitation", "params" } (the tool answers with what
the client answered).

Options:
  --script FILE   the server's tools, replies, resources and prompts (JSON)
  --calls FILE    append each tools/call the server answered to FILE, a JSON line each
  --lax           answer calls to undeclared tools, and arguments their inputSchema refuses, from
                  the replies (strict by default: an isError result, as the official server answers)
  -h, --help      this help`;

/** What the server module (dist/mcp-stdio.js) offers the command. */
interface StdioModule {
  serveStdio(options: { script: unknown; strict: boolean; callsPath?: string }): Promise<void>;
}

export async function runMcp(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, flags } = parseArgs(argv, ["script", "calls"], ["lax", "help"]);
  if (flags.has("help")) {
    io.stdout.write(`${MCP_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`mcp takes no arguments; got ${positionals.join(" ")}`);
  const scriptPath = flags.get("script");
  if (typeof scriptPath !== "string") throw new UsageError("--script FILE is required");
  const script = readScript(scriptPath);
  const calls = flags.get("calls");
  const modulePath = new URL("./mcp-stdio.js", import.meta.url);
  if (!existsSync(modulePath))
    throw new Error(`the MCP server module is missing beside the CLI (${modulePath.pathname})`);
  const { serveStdio } = (await import(modulePath.href)) as StdioModule;
  await serveStdio({ script, strict: !flags.has("lax"), ...(typeof calls === "string" ? { callsPath: calls } : {}) });
  return 0;
}

/** The script file, read and checked for its shape (a tool without a name or an object inputSchema is named). */
function readScript(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read the script ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let script: unknown;
  try {
    script = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the script ${path} is not JSON: ${(error as Error).message}`);
  }
  const tools = isRecord(script) ? script.tools : undefined;
  if (!Array.isArray(tools)) throw new UsageError(`the script ${path} has no "tools" list`);
  tools.forEach((tool, i) => {
    if (!isRecord(tool) || typeof tool.name !== "string" || !isRecord(tool.inputSchema))
      throw new UsageError(`the script's tools[${i}] needs a "name" and an object "inputSchema"`);
  });
  if (isRecord(script) && script.replies !== undefined && !isRecord(script.replies))
    throw new UsageError(`the script's "replies" is an object of replies by tool name`);
  for (const [tool, reply] of Object.entries(isRecord(script) && isRecord(script.replies) ? script.replies : {}))
    for (const each of Array.isArray(reply) ? reply : [reply])
      if (
        isRecord(each) &&
        each.fault === "delay" &&
        !(typeof each.ms === "number" && Number.isFinite(each.ms) && each.ms >= 0)
      )
        throw new UsageError(`the script's replies.${tool}: a delay's "ms" is a finite number of milliseconds ≥ 0`);
      else if (
        isRecord(each) &&
        "ask" in each &&
        !(["sampling", "elicitation"].includes(String(each.ask)) && isRecord(each.params))
      )
        throw new UsageError(
          `the script's replies.${tool}: an ask is "sampling" or "elicitation", with its "params" object`,
        );
  const templates = isRecord(script) ? script.resourceTemplates : undefined;
  if (
    templates !== undefined &&
    !(
      Array.isArray(templates) &&
      templates.every((t) => isRecord(t) && typeof t.uriTemplate === "string" && typeof t.name === "string")
    )
  )
    throw new UsageError(`the script's "resourceTemplates" is a list of { "uriTemplate", "name", "text" }`);
  return script;
}
