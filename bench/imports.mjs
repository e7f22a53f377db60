// Cold import time of `agent-testkit/vitest` (Vitest itself stubbed: only our graph is loaded)
// next to importing ajv alone, each in a fresh Node process, best of several.
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

export function benchImports() {
  const ajv = coldImport('const t = performance.now(); await import("ajv"); await import("ajv-formats"); console.log(JSON.stringify({ ms: performance.now() - t }))');
  const entry = coldImport(
    'const t = performance.now(); await import("./dist/vitest.js"); const ms = performance.now() - t; console.log(JSON.stringify({ ms, resolved: globalThis.__resolvedNow() }))',
    ["--import", "./bench/lib/stub-vitest.mjs"],
  );
  const heavy = entry.resolved.filter((url) => /@faker-js|\/msw\//.test(url));
  if (heavy.length > 0) throw new Error(`agent-testkit/vitest loaded ${heavy.join(", ")}`);
  return {
    name: "cold import",
    ms: { "agent-testkit/vitest (vitest stubbed)": +entry.ms.toFixed(1), "ajv + ajv-formats alone": +ajv.ms.toFixed(1) },
    loadsFakerOrMsw: false,
    ratios: [{ name: "agent-testkit/vitest / ajv alone", value: entry.ms / ajv.ms }],
  };
}
