// `import "agent-testkit/vitest"` must stay light: it must not load @faker-js/faker or msw (they
// load on first use of agentTest's fakes). Checked on the build, in a fresh Node process.
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";

test("the vitest entry loads neither faker nor msw", () => {
  requireFreshBuild("vitest.js");
  const script = 'await import("./dist/vitest.js"); console.log(JSON.stringify(globalThis.__resolvedNow()))';
  const run = spawnSync(
    process.execPath,
    ["--import", "./bench/lib/stub-vitest.mjs", "--input-type=module", "-e", script],
    { cwd: root, encoding: "utf8" },
  );
  expect(run.stderr).toBe("");
  const resolved = JSON.parse(run.stdout) as string[];
  expect(resolved.length).toBeGreaterThan(3);
  expect(resolved.filter((l) => /@faker-js|\/msw\//.test(l))).toEqual([]);
  expect(resolved.some((l) => l.includes("/ajv/"))).toBe(true); // the check does see packages
});

test("reading a trace loads no OpenTelemetry package (they are optional peers, for the app's own spans)", () => {
  requireFreshBuild("index.js", "msw.js", "vitest.js");
  const otlp = {
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              {
                spanId: "s1",
                name: "execute_tool lookup_order",
                attributes: [
                  { key: "gen_ai.operation.name", value: { stringValue: "execute_tool" } },
                  { key: "gen_ai.tool.name", value: { stringValue: "lookup_order" } },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const script = [
    'const { trajectoryOf } = await import("./dist/index.js");',
    'await import("./dist/msw.js"); await import("./dist/vitest.js");',
    `const steps = trajectoryOf(${JSON.stringify(otlp)});`,
    "console.log(JSON.stringify({ steps, resolved: globalThis.__resolvedNow() }));",
  ].join("\n");
  const run = spawnSync(
    process.execPath,
    ["--import", "./bench/lib/stub-vitest.mjs", "--input-type=module", "-e", script],
    { cwd: root, encoding: "utf8" },
  );
  expect(run.stderr).toBe("");
  const { steps, resolved } = JSON.parse(run.stdout) as { steps: Array<{ tool?: string }>; resolved: string[] };
  expect(steps.map((step) => step.tool)).toEqual(["lookup_order"]);
  expect(resolved.some((l) => l.includes("/ajv/"))).toBe(true); // the check does see packages
  expect(resolved.filter((l) => l.includes("@opentelemetry"))).toEqual([]);
});
