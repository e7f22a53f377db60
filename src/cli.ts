#!/usr/bin/env node
import { main } from "./cli/main.js";

// A reader that stops early (`check … | head -1`) closes stdout: end the run quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

main(process.argv.slice(2)).then(
  (code: number) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agent-testkit: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
