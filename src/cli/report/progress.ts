import type { Writable } from "node:stream";

export interface ProgressOptions {
  stream: Writable & { isTTY?: boolean };
  /** Milliseconds, for tests; defaults to the monotonic clock. */
  now?: () => number;
  /** Least time between two lines in a log that is not a terminal (default 5 s). */
  logIntervalMs?: number;
}

/** Least time between two redraws on a terminal. */
const TTY_INTERVAL_MS = 200;
const DEFAULT_LOG_INTERVAL_MS = 5000;

/**
 * Progress of a long check on stderr. On a terminal, one line redrawn in place; in a CI log (no
 * TTY), a new line every few seconds at most, so a log of any size gets a handful of lines. A
 * check that ends before the first interval prints nothing.
 */
export function progressReporter(options: ProgressOptions) {
  const now = options.now ?? (() => performance.now());
  const tty = options.stream.isTTY === true;
  const interval = tty ? TTY_INTERVAL_MS : (options.logIntervalMs ?? DEFAULT_LOG_INTERVAL_MS);
  const started = now();
  let last = started;
  let redrawn = false;
  return {
    update(lines: number): void {
      const at = now();
      if (at - last < interval) return;
      last = at;
      if (tty) {
        options.stream.write(`\r${lines} lines checked…`);
        redrawn = true;
      } else {
        options.stream.write(
          `agent-testkit check: ${lines.toLocaleString("en-US")} lines checked in ${Math.round((at - started) / 1000)} s\n`,
        );
      }
    },
    /** Ends the redrawn line on a terminal, with the final count. */
    done(lines: number): void {
      if (redrawn) options.stream.write(`\r${lines} lines checked\n`);
    },
  };
}
