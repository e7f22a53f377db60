// `npm run drift`: do the fakes still follow the SDKs npm serves today? Copies the repository into
// a scratch folder, installs it from the lockfile, moves `openai` and `@openai/agents` to their
// newest releases there, and runs the SDK-shape, SDK-coverage and SDK type tests against them.
// The repository itself is never changed: CI's `npm test` stays on the locked versions.
// Exit: 0 when the newest SDKs pass, 1 when they do not (what failed is printed above), 2 when the
// scratch project could not be set up.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const SKIPPED = new Set(["node_modules", "dist", ".git", "coverage"]);
const TESTS = [
  "test/msw/responses.sdk-shapes.test.ts",
  "test/msw/agents.sdk-shapes.test.ts",
  "test/msw/sdk-coverage.test.ts",
  "test/msw/providers.sdk-shapes.test.ts",
];

const scratch = mkdtempSync(join(tmpdir(), "agent-testkit-drift-"));
const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { cwd: scratch, stdio: "inherit" }).status ?? 1;
};
const versionOf = (name) =>
  JSON.parse(readFileSync(join(scratch, "node_modules", name, "package.json"), "utf8")).version;

cpSync(root, scratch, {
  recursive: true,
  filter: (source) =>
    !relative(root, source)
      .split(/[\\/]/)
      .some((part) => SKIPPED.has(part)),
});
const SDKS = ["openai", "@openai/agents", "@anthropic-ai/sdk"];
const setUp = () => {
  if (run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]) !== 0) return undefined;
  const locked = SDKS.map(versionOf);
  const newest = SDKS.map((name) => `${name}@latest`);
  if (run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", ...newest]) !== 0)
    return undefined;
  return locked;
};
const locked = setUp();
if (!locked) {
  console.error(`drift: the scratch project in ${scratch} could not be set up`);
  process.exit(2);
}
for (const [i, name] of SDKS.entries())
  console.log(`drift: ${name} ${locked[i]} (locked) → ${versionOf(name)} (newest)`);
const status =
  run("npm", ["run", "build"]) ||
  run("npx", ["vitest", "run", ...TESTS]) ||
  run("npx", ["tsc", "-p", "test/types/tsconfig.factories.json"]);
if (status === 0) {
  rmSync(scratch, { recursive: true, force: true });
  console.log("\ndrift: the fakes follow the newest openai, @openai/agents and @anthropic-ai/sdk");
} else {
  console.error(`\ndrift: the newest SDKs fail the tests above (the scratch project is kept in ${scratch})`);
}
process.exitCode = status === 0 ? 0 : 1;
