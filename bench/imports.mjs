// Cold import time of each entry, each in a fresh Node process, best of several: `agent-testkit/vitest`
// (Vitest itself stubbed: only our graph is loaded) next to ajv alone, and every other entry next to
// `msw/node` + `openai` imported together (what a test file of a user of the fakes loads anyway).
import { spawnSync } from "node:child_process";

function coldImport(code, args = []) {
  let best = Infinity;
  let resolved = [];
  for (let i = 0; i < 7; i++) {
    const run = spawnSync(process.execPath, [...args, "--input-type=module", "-e", code], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(run.stderr);
    const out = JSON.parse(run.stdout);
    best = Math.min(best, out.ms);
    resolved = out.resolved ?? resolved;
  }
  return { ms: best, resolved };
}

/**
 * On its own, an entry of the fakes costs about what a user of them loads anyway (msw/node +
 * openai, most of it the msw core they share): reported. On top of it, the fakes add at most half
 * as much again; the factories alone stay under half of it.
 */
const TARGETS = { added: 0.5, "agent-testkit/factories": 0.5 };

export function benchImports() {
  const ajv = coldImport(
    'const t = performance.now(); await import("ajv"); await import("ajv-formats"); console.log(JSON.stringify({ ms: performance.now() - t }))',
  );
  const entry = coldImport(
    'const t = performance.now(); await import("./dist/vitest.js"); const ms = performance.now() - t; console.log(JSON.stringify({ ms, resolved: globalThis.__resolvedNow() }))',
    ["--import", "./bench/lib/stub-vitest.mjs"],
  );
  const heavy = entry.resolved.filter((url) => /@faker-js|\/msw\//.test(url));
  if (heavy.length > 0) throw new Error(`agent-testkit/vitest loaded ${heavy.join(", ")}`);
  const timed = (specifiers) =>
    coldImport(
      `const t = performance.now(); ${specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(" ")} console.log(JSON.stringify({ ms: performance.now() - t }))`,
    ).ms;
  const baseline = timed(["msw/node", "openai"]);
  const entries = {
    "agent-testkit": "./dist/index.js",
    "agent-testkit/matchers": "./dist/matchers.js",
    "agent-testkit/factories": "./dist/factories.js",
    "agent-testkit/msw": "./dist/msw.js",
  };
  const each = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, timed([file])]));
  // What a test file of a user of the fakes pays on top of what it loads anyway.
  const added = coldImport(
    'await import("msw/node"); await import("openai"); const t = performance.now(); await import("./dist/msw.js"); console.log(JSON.stringify({ ms: performance.now() - t }))',
  ).ms;
  return {
    name: "cold import",
    ms: {
      "agent-testkit/vitest (vitest stubbed)": +entry.ms.toFixed(1),
      "ajv + ajv-formats alone": +ajv.ms.toFixed(1),
      "msw/node + openai": +baseline.toFixed(1),
      ...Object.fromEntries(Object.entries(each).map(([name, ms]) => [name, +ms.toFixed(1)])),
      "agent-testkit/msw after msw/node + openai": +added.toFixed(1),
    },
    loadsFakerOrMsw: false,
    ratios: [
      { name: "agent-testkit/vitest / ajv alone", value: entry.ms / ajv.ms },
      {
        name: "agent-testkit/msw after msw/node + openai / msw/node + openai",
        value: added / baseline,
        target: TARGETS.added,
      },
      ...Object.entries(each).map(([name, ms]) => ({
        name: `${name} / msw/node + openai`,
        value: ms / baseline,
        ...(TARGETS[name] === undefined ? {} : { target: TARGETS[name] }),
      })),
    ],
  };
}
