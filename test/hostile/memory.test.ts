// Issue 36 (9): reset() gives back what the requests took. A fake that served thousands of requests
// and had its log read held its log's copies after reset() (50,000 requests: 190 MB of 228 MB);
// after reset() a fake holds what a new one holds. Measured in a process of its own with
// --expose-gc (bench/lib/reset-memory.mjs, which `npm run bench` also runs at 50,000 requests).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { requireFreshBuild } from "../build.js";

const root = join(import.meta.dirname, "../..");

function measure(count: number, kind: "responses" | "agents" | "chat" | "anthropic") {
  requireFreshBuild("msw.js");
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", join(root, "bench/lib/reset-memory.mjs"), String(count), kind],
    { encoding: "utf8" },
  );
  return JSON.parse(out.trim()) as { withNew: number; loaded: number; afterReset: number };
}

// Issue 51 (16): module-level tables (the log's settled set, the sent bodies, the validators by
// schema identity) kept a size set by the most requests ever logged: +2.2 MB after 50,000 requests,
// after reset(). The warm-up is small, so that what the measured round leaves behind shows.
test("after 50,000 requests and reset(), a fake holds no more than a new one (within 5%)", { timeout: 120_000 }, () => {
  const { withNew, afterReset } = measure(50_000, "chat");
  expect(afterReset / withNew).toBeLessThanOrEqual(1.05);
});

test.each(["responses", "agents", "chat", "anthropic"] as const)(
  "the %s fake holds no more after reset() than a new one",
  // 5,000 requests in a process of its own: seconds on a loaded machine, never a measure of speed
  { timeout: 60_000 },
  (kind) => {
    const { withNew, loaded, afterReset } = measure(5_000, kind);
    expect(loaded).toBeGreaterThan(withNew * 1.2); // the requests took something to give back
    expect(afterReset).toBeLessThanOrEqual(withNew * 1.1);
  },
);
