import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, with a trailing slash. */
export const root = fileURLToPath(new URL("../", import.meta.url));

const SOURCES = ["src", "matchers", "fixtures", "tsup.config.ts", "package.json"];

function newest(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Why `dist/` cannot be trusted for a test that runs the build (`undefined` when it can): it is
 * missing, or a source file changed after it was built. Tests on `dist/` fail with this message
 * rather than pass on a stale build.
 */
export function staleBuild(files: readonly string[], base = root): string | undefined {
  const missing = files.filter((file) => !existsSync(join(base, "dist", file)));
  if (missing.length > 0) return `dist/${missing[0]} is missing: run npm run build (npm test does)`;
  const built = Math.min(...files.map((file) => statSync(join(base, "dist", file)).mtimeMs));
  const changed = SOURCES.find((source) => existsSync(join(base, source)) && newest(join(base, source)) > built);
  return changed === undefined ? undefined : `dist/ is older than ${changed}: run npm run build (npm test does)`;
}

/** Throws unless `dist/` holds `files`, built after the last change to the sources. */
export function requireFreshBuild(...files: string[]): void {
  const problem = staleBuild(files);
  if (problem) throw new Error(problem);
}
