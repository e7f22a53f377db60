// Issue 36 (8): `check --tools` and `diff` take a module that exports the tools (`.js`, `.mjs`,
// `.cjs`, `.ts`; named `tools` or default) — a `.ts` one on Node 20 too, compiled with the
// TypeScript the project has, and in a CommonJS package on Node 24 — so docs/ci.md's recipe needs
// no `tools.json` on either branch. Run as a user's CI runs it: the built CLI, in a project folder,
// on the machine's Node and on the pinned one.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, test } from "vitest";
import { requireFreshBuild, root } from "../build.js";
import { fc_001, salesTool } from "../core/samples.js";

/** The Node of the machine (20 here) and the pinned one running this suite. */
function nodes(): [string, string][] {
  const pinned: [string, string] = ["pinned", process.execPath];
  const system = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.includes(`node_modules${"/"}.bin`))
    .map((dir) => join(dir, "node"))
    .find((candidate) => existsSync(candidate));
  return system && system !== process.execPath ? [pinned, ["machine's", system]] : [pinned];
}

const narrowed = {
  ...salesTool,
  parameters: { ...salesTool.parameters, properties: { region: { type: "string", enum: ["apac", "emea"] } } },
};

/** A project folder (CommonJS: no "type"), with the repository's TypeScript installed in it. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-tools-module-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true }));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(join(root, "node_modules/typescript"), join(dir, "node_modules/typescript"), "dir");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, "calls.jsonl"), `${JSON.stringify(fc_001)}\n`);
  return dir;
}

function cli(node: string, dir: string, ...args: string[]) {
  const run = spawnSync(node, [join(root, "dist/cli.js"), ...args], { cwd: dir, encoding: "utf8" });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

const modules: [string, string][] = [
  ["tools.ts", `import type { Tool } from "./types";\nexport const tools: Tool[] = ${JSON.stringify([salesTool])};\n`],
  ["tools.mjs", `export default ${JSON.stringify([salesTool])};\n`],
  ["tools.cjs", `module.exports = { tools: ${JSON.stringify([salesTool])} };\n`],
  ["tools.js", `exports.tools = ${JSON.stringify([salesTool])};\n`],
];

describe.each(nodes())("on the %s Node", (_name, node) => {
  test.each(modules)("check --tools %s reads the tools it exports", (file, text) => {
    requireFreshBuild("cli.js");
    const dir = project({ [file]: text, "types.ts": "export type Tool = Record<string, unknown>;\n" });
    const { code, out, err } = cli(node, dir, "check", "calls.jsonl", "--tools", file);
    expect(err).toBe("");
    expect(out).toMatch(/ok\s+1/);
    expect(code).toBe(0);
    // the compiled copy of a TypeScript module is gone
    expect(readdirSync(dir).filter((name) => name.includes("agent-testkit"))).toEqual([]);
  });

  test("diff of two TypeScript modules (the base branch's, from git show): the breaking change, no line", () => {
    requireFreshBuild("cli.js");
    const dir = project({
      "tools.base.ts": `export const tools = ${JSON.stringify([salesTool])};\n`,
      "tools.ts": `export const tools = ${JSON.stringify([narrowed])} as const;\n`,
    });
    const { code, out } = cli(node, dir, "diff", "tools.base.ts", "tools.ts", "--format", "github");
    expect(code).toBe(1);
    expect(out).toMatch(/^::error file=tools\.ts,title=breaking change%3A enum_value_removed/m);
  });

  // Issue 52 (14): a tools module that imports the project's own files, written as a TypeScript
  // project writes them (no extension, or `.js` for a `.ts`), a folder's index, a value from another file
  test("check --tools agent.ts whose imports are the project's own TypeScript files", () => {
    requireFreshBuild("cli.js");
    const dir = project({
      "agent.ts": [
        'import { salesTool } from "./src/tools";',
        'import { region } from "./src/region.js";',
        'import { names } from "./src/lib";',
        "export const tools = [{ ...salesTool, parameters: { ...salesTool.parameters, properties: { region } } }];",
        "export const used = names;",
        "",
      ].join("\n"),
    });
    mkdirSync(join(dir, "src/lib"), { recursive: true });
    writeFileSync(
      join(dir, "src/tools.ts"),
      `import type { Tool } from "./types";\nexport const salesTool: Tool = ${JSON.stringify(salesTool)};\n`,
    );
    writeFileSync(join(dir, "src/types.ts"), "export type Tool = Record<string, any>;\n");
    writeFileSync(
      join(dir, "src/region.ts"),
      'export const region: { type: string; enum: string[] } = { type: "string", enum: ["apac", "emea", "amer"] };\n',
    );
    writeFileSync(join(dir, "src/lib/index.ts"), 'export const names: string[] = ["get_latest_sales_report"];\n');
    const { code, out, err } = cli(node, dir, "check", "calls.jsonl", "--tools", "agent.ts");
    expect(err).toBe("");
    expect(out).toMatch(/ok\s+1/);
    expect(code).toBe(0);
  });

  test("a module that exports no tools, or fails to load, is a usage error naming it", () => {
    requireFreshBuild("cli.js");
    const dir = project({
      "none.mjs": "export const other = 1;\n",
      "broken.ts": "export const tools = [;\n",
      // the compiler would recover `[;` as `[]`: an imported file that does not parse is refused too
      "imports.ts": 'import { names } from "./helper";\nexport const tools = names;\n',
      "helper.ts": "export const names = [;\n",
    });
    const none = cli(node, dir, "check", "calls.jsonl", "--tools", "none.mjs");
    expect(none.code).toBe(2);
    expect(none.err).toContain("none.mjs exports no tools: export them as `tools` or as the default export");
    const broken = cli(node, dir, "check", "calls.jsonl", "--tools", "broken.ts");
    expect(broken.code).toBe(2);
    expect(broken.err).toContain("cannot import tools module");
    const imports = cli(node, dir, "check", "calls.jsonl", "--tools", "imports.ts");
    expect(imports.code).toBe(2);
    expect(imports.err).toMatch(/cannot import tools module .*imports\.ts.*helper\.ts/);
  });
});
