import type { Readable, Writable } from "node:stream";
import type { ProgressOptions } from "./report/progress.js";

/** What a command reads and writes: the process's streams, or a test's. */
export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  /** The progress clock and interval, for tests. */
  progress?: Pick<ProgressOptions, "now" | "logIntervalMs">;
}
