#!/usr/bin/env node
import { main } from "./cli/main.js";

main(process.argv.slice(2)).then(
  (code: number) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agent-testkit: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
