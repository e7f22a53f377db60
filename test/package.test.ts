// What the published package holds: maps a user's debugger can follow, and where to find the
// sources, examples and issues.
import { readFileSync, readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { expect, test } from "vitest";
import { requireFreshBuild, root } from "./build.js";

test("every source map in dist/ holds relative paths and embeds its sources", () => {
  requireFreshBuild("index.js", "index.cjs");
  const maps = readdirSync(join(root, "dist")).filter((name) => name.endsWith(".map"));
  expect(maps.length).toBeGreaterThan(0);
  for (const name of maps) {
    const map = JSON.parse(readFileSync(join(root, "dist", name), "utf8")) as { sources: string[]; sourcesContent?: Array<string | null> };
    expect(map.sources.filter((source) => isAbsolute(source) || source.includes(":")), name).toEqual([]);
    expect(map.sourcesContent?.length ?? 0, `${name} embeds every source`).toBe(map.sources.length);
    expect((map.sourcesContent ?? []).filter((content) => typeof content !== "string"), name).toEqual([]);
  }
});

test("package.json says where the repository, its examples and its issues are", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, { url?: string } | string>;
  expect(pkg.repository).toMatchObject({ type: "git", url: expect.stringMatching(/^git\+https:\/\/github\.com\/.+\.git$/) });
  expect(pkg.homepage).toMatch(/^https:\/\//);
  expect(pkg.bugs).toMatchObject({ url: expect.stringMatching(/^https:\/\/.+\/issues$/) });
});

test("the CommonJS build bundles faker (ESM-only) and ships its license beside it", () => {
  requireFreshBuild("factories.cjs", "faker.LICENSE.txt");
  expect(readFileSync(join(root, "dist/faker.LICENSE.txt"), "utf8")).toContain("MIT");
  const cjs = readdirSync(join(root, "dist")).filter((name) => name.endsWith(".cjs")).map((name) => readFileSync(join(root, "dist", name), "utf8"));
  expect(cjs.some((text) => /require\(["']@faker-js\/faker["']\)/.test(text))).toBe(false);
  expect(readFileSync(join(root, "dist/factories.d.cts"), "utf8")).toContain(`import type { Faker } from '@faker-js/faker' with { "resolution-mode": "import" };`);
});

test("the version the CLI reports (SARIF, HTML) is package.json's, and the docs links point at the repository", async () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; homepage: string };
  const { VERSION } = await import("../src/version.js");
  const { DOCS_URL } = await import("../src/cli/report/outcomes.js");
  expect(VERSION).toBe(pkg.version);
  expect(DOCS_URL.startsWith(pkg.homepage.replace(/#readme$/, ""))).toBe(true);
});
