import { PassThrough, Readable } from "node:stream";
import type { Io } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";

/** Runs the CLI in-process, capturing stdout and stderr. */
export async function run(argv: string[], stdin = "", isTTY = false, progress?: Io["progress"]) {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY });
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => (out += chunk));
  stderr.on("data", (chunk) => (err += chunk));
  const code = await main(argv, { stdin: Readable.from([stdin]), stdout, stderr, ...(progress ? { progress } : {}) });
  return { code, out, err };
}
