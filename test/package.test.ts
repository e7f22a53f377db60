// What the published package holds: maps a user's debugger can follow, and where to find the
// sources, examples and issues.
import { readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { expect, test } from "vitest";
import { requireFreshBuild, root } from "./build.js";

test("every source map in dist/ holds relative paths and embeds its sources", () => {
  requireFreshBuild("index.js", "index.cjs");
  const maps = readdirSync(join(root, "dist")).filter((name) => name.endsWith(".map"));
  expect(maps.length).toBeGreaterThan(0);
  for (const name of maps) {
    const map = JSON.parse(readFileSync(join(root, "dist", name), "utf8")) as {
      sources: string[];
      sourcesContent?: Array<string | null>;
    };
    expect(
      map.sources.filter((source) => isAbsolute(source) || source.includes(":")),
      name,
    ).toEqual([]);
    expect(map.sourcesContent?.length ?? 0, `${name} embeds every source`).toBe(map.sources.length);
    expect(
      (map.sourcesContent ?? []).filter((content) => typeof content !== "string"),
      name,
    ).toEqual([]);
  }
});

test("package.json says where the repository, its examples and its issues are", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, { url?: string } | string>;
  expect(pkg.repository).toMatchObject({
    type: "git",
    url: expect.stringMatching(/^git\+https:\/\/github\.com\/.+\.git$/),
  });
  expect(pkg.homepage).toMatch(/^https:\/\//);
  expect(pkg.bugs).toMatchObject({ url: expect.stringMatching(/^https:\/\/.+\/issues$/) });
});

test("the CommonJS build bundles faker (ESM-only) and ships its license beside it", () => {
  requireFreshBuild("factories.cjs", "faker.LICENSE.txt");
  expect(readFileSync(join(root, "dist/faker.LICENSE.txt"), "utf8")).toContain("MIT");
  const cjs = readdirSync(join(root, "dist"))
    .filter((name) => name.endsWith(".cjs"))
    .map((name) => readFileSync(join(root, "dist", name), "utf8"));
  expect(cjs.some((text) => /require\(["']@faker-js\/faker["']\)/.test(text))).toBe(false);
  expect(readFileSync(join(root, "dist/factories.d.cts"), "utf8")).toContain(
    `import type { Faker } from '@faker-js/faker' with { "resolution-mode": "import" };`,
  );
});

test("the version the CLI reports (SARIF, HTML) is package.json's, and the docs links point at the repository", async () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; homepage: string };
  const { VERSION } = await import("../src/version.js");
  const { DOCS_URL } = await import("../src/cli/report/outcomes.js");
  expect(VERSION).toBe(pkg.version);
  expect(DOCS_URL.startsWith(pkg.homepage.replace(/#readme$/, ""))).toBe(true);
});

/** Every name an entry's declarations export (values and types), read by the TypeScript compiler. */
async function exportedNames(entry: string): Promise<string[]> {
  const ts = (await import("typescript")).default;
  const file = join(root, "dist", `${entry}.d.ts`);
  // one program over every entry: the declarations share their chunks, so they are read once
  program ??= ts.createProgram(
    ENTRIES.map((name) => join(root, "dist", `${name}.d.ts`)),
    {
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    },
  );
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (symbol === undefined) throw new Error(`no module symbol for ${file}`);
  return checker.getExportsOfModule(symbol).map((s) => s.getName());
}
let program: import("typescript").Program | undefined;

const ENTRIES = ["index", "matchers", "vitest", "vitest4", "jest", "factories", "msw", "mcp"];

/** docs/api.md's sections by the entries each heading names (`agent-testkit/msw`, …): the text under each. */
function apiSections(): Map<string, string> {
  const sections = new Map<string, string>();
  const text = readFileSync(join(root, "docs/api.md"), "utf8");
  for (const part of text.split(/^## /m).slice(1)) {
    const [heading = "", ...body] = part.split("\n");
    for (const [, entry] of heading.matchAll(/`(agent-testkit(?:\/[\w-]+)?)`/g)) sections.set(entry!, body.join("\n"));
  }
  return sections;
}

test.each(ENTRIES)(
  "every name agent-testkit's %s entry exports is listed in its own section of docs/api.md",
  async (entry) => {
    requireFreshBuild(`${entry}.d.ts`);
    const section = apiSections().get(entry === "index" ? "agent-testkit" : `agent-testkit/${entry}`);
    expect(section, `docs/api.md has no section for the ${entry} entry`).toBeDefined();
    const names = await exportedNames(entry);
    expect(names.length).toBeGreaterThan(0);
    // as code (`Name`), in the entry's own section: a word met elsewhere in the docs documents nothing
    expect(names.filter((name) => !section!.includes(`\`${name}\``))).toEqual([]);
  },
  60_000,
);

test("docs/api.md lists no name that no entry exports", async () => {
  const exported = new Set<string>();
  for (const entry of ENTRIES) for (const name of await exportedNames(entry)) exported.add(name);
  // code spans that look like exports (PascalCase or camelCase), but for an option and the platform's Response
  const notes = new Set(["streamTiming", "Response"]);
  const api = readFileSync(join(root, "docs/api.md"), "utf8");
  const listed = [...api.matchAll(/`([A-Za-z_]\w*)`/g)].map(([, name]) => name!);
  const looksExported = (name: string) => /^[A-Z_]|^[a-z]+[A-Z]/.test(name);
  expect(listed.filter((name) => looksExported(name) && !exported.has(name) && !notes.has(name))).toEqual([]);
}, 60_000);

test("each name comes from one entry (/vitest4 is /vitest for Vitest 4)", async () => {
  const from = new Map<string, string[]>();
  for (const entry of ENTRIES.filter((e) => e !== "vitest4"))
    for (const name of await exportedNames(entry)) from.set(name, [...(from.get(name) ?? []), entry]);
  expect([...from].filter(([, entries]) => entries.length > 1)).toEqual([]);
}, 60_000);

test("no declaration the package ships names Ajv's types", () => {
  requireFreshBuild("index.d.ts");
  const declarations = readdirSync(join(root, "dist")).filter((name) => /\.d\.c?ts$/.test(name));
  expect(declarations.length).toBeGreaterThan(0);
  expect(
    declarations.filter((name) =>
      /from ["']ajv["']|import\(["']ajv["']\)/.test(readFileSync(join(root, "dist", name), "utf8")),
    ),
  ).toEqual([]);
});

test("/vitest4 exports what /vitest does", async () => {
  expect((await exportedNames("vitest4")).sort()).toEqual((await exportedNames("vitest")).sort());
}, 60_000);
