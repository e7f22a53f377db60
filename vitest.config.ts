import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const INCLUDE = ["test/**/*.test.ts", "examples/**/*.test.ts"];
const EXCLUDE = ["test/consumer/**", "test/jest/**", "node_modules/**"];

/**
 * What changes a worker for the files after it: agentTest's process-wide MSW server and guard,
 * mocked modules, stubbed globals or environment, fake timers, an environment variable set, an
 * MSW server of the file's own (it patches the global fetch). A
 * file that does any of it runs in a fresh module graph (Vitest's isolation); every other file
 * shares its worker's, which halves the suite's time (importing the SDKs once per worker, not
 * once per file). Found by reading the files, so that a new test needs no list kept by hand.
 */
const WORLD_CHANGING =
  /import\s*(type\s*)?\{[^}]*\bagentTest\b[^}]*\}\s*from|vi\.mock\(|vi\.stub(Global|Env)|useFakeTimers|process\.env\.\w+\s*=[^=]|setupServer\(/;

function isolatedFiles(): string[] {
  const files: string[] = [];
  for (const root of ["test", "examples"])
    for (const entry of readdirSync(here(`./${root}`), { recursive: true, encoding: "utf8" })) {
      const path = `${root}/${entry.replaceAll("\\", "/")}`;
      if (!path.endsWith(".test.ts") || path.startsWith("test/consumer/") || path.startsWith("test/jest/")) continue;
      // test/vitest/ tests the setup entries themselves: what they install for a whole file
      if (path.startsWith("test/vitest/") || WORLD_CHANGING.test(readFileSync(here(`./${path}`), "utf8")))
        files.push(path);
    }
  return files;
}

const isolated = isolatedFiles();

export default defineConfig({
  // The examples import the package by name, as users do; point those names at the sources.
  resolve: {
    alias: [
      { find: /^agent-testkit$/, replacement: here("./src/index.ts") },
      { find: /^agent-testkit\/vitest$/, replacement: here("./matchers/vitest.ts") },
      { find: /^agent-testkit\/matchers$/, replacement: here("./matchers/index.ts") },
      { find: /^agent-testkit\/factories$/, replacement: here("./fixtures/factories/index.ts") },
      { find: /^agent-testkit\/msw$/, replacement: here("./fixtures/msw/index.ts") },
    ],
  },
  test: {
    setupFiles: ["./test/setup.ts"],
    // A test's timeout guards against a hang, never measures speed (that is `npm run bench`): tests that
    // spawn the CLI or a client take seconds on a loaded CI machine, past Vitest's default of 5.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "isolated", include: isolated, exclude: EXCLUDE, isolate: true } },
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: [...EXCLUDE, ...isolated], isolate: false } },
    ],
    // `npm run coverage`: what the unit tests reach of the sources (no thresholds: read the report)
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts", "matchers/**/*.ts", "fixtures/**/*.ts"],
      reporter: ["text-summary", "text", "html"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
    },
  },
});
