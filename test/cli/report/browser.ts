import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether the browser tests run. Without Chromium they are skipped on a developer's machine, but
 * in CI (CI=true) a missing browser fails them: .ci/run installs it.
 */
export const browserAvailable = existsSync(CHROMIUM) || process.env.CI === "true";

/** Headless Chromium with a fresh profile, kept off the network (this machine has none to give). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
