import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { staleBuild } from "./build.js";

// The repository stands on its own: a fresh clone with no sibling folders must pass `npm ci &&
// npm test`, so no tracked file may read or name a path above the repository root.

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** The files git tracks (or, outside a checkout, every file but the installed and built ones). */
function trackedFiles(): string[] {
  try {
    return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  } catch {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (["node_modules", "dist", ".git"].includes(name)) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else out.push(relative(root, path));
      }
    };
    walk(root);
    return out;
  }
}

/** `../` runs (not part of `.../`) followed by the rest of a path, as they appear in any text. */
const RELATIVE_PATH = /(?<![.\w])((?:\.\.\/)+)([\w.@-]*)/g;

/** Every place in `text` (a file at `file`, relative to the root) that names a path above the root. */
export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    for (const match of line.matchAll(RELATIVE_PATH)) {
      const target = resolve(root, dirname(file), match[1]!, match[2]!);
      if (target !== root && !target.startsWith(root + sep)) found.push(`${file}:${index + 1}: ${match[0]}`);
    }
    if (/(?<![\w.-])\/work\/|\bshared\/(spec|seeds|design\.md|hooks)\b/.test(line) && !file.startsWith("vendor/")) {
      found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
    }
  });
  return found;
}

describe("the repository stands on its own", () => {
  test("no tracked file refers to a path above the repository root", () => {
    const offenders = trackedFiles()
      .filter((file) => !file.endsWith("package-lock.json"))
      .flatMap((file) => {
        const bytes = readFileSync(join(root, file));
        if (bytes.includes(0)) return []; // binary
        return outsideReferences(file, bytes.toString("utf8"));
      });
    expect(offenders).toEqual([]);
  });

  test("the check finds the kinds of reference it is there for", () => {
    // Built from pieces, so that this file does not name such paths itself.
    const up = "../";
    expect(
      outsideReferences(
        "test/fixtures/openapi.ts",
        `new URL("${up}${up}${up}${"shared"}/spec/openapi.json", import.meta.url)`,
      ),
    ).toHaveLength(2);
    expect(outsideReferences("reference.py", `"""see ${up}${"shared"}/seeds/article.txt"""`)).toHaveLength(2);
    expect(outsideReferences("README.md", `cp ${up}secrets.json .`)).toHaveLength(1);
    expect(outsideReferences("README.md", `cat /${"work"}/x/y`)).toHaveLength(1);
    expect(outsideReferences("test/fixtures/openapi.ts", `import x from "${up}${up}src/gate.js"; [...rest]`)).toEqual(
      [],
    );
  });

  test("the vendored Open Responses document is the recorded copy, with its license beside it", () => {
    const dir = join(root, "vendor/open-responses");
    const digest = createHash("sha256")
      .update(readFileSync(join(dir, "openapi.json")))
      .digest("hex");
    expect(digest).toBe("693f26090d206230ed22b336681f547a2882cf5b131e86743966cf71bbdeedab");
    expect(readFileSync(join(dir, "LICENSE"), "utf8")).toContain("Apache License");
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain("92c12d96d7b61d6d15e2214daa5e9c6000ab6e1c");
  });
});

describe("tests on dist/ never pass on a stale build", () => {
  test("a missing file or a source newer than the build is named", () => {
    const base = mkdtempSync(join(tmpdir(), "agent-testkit-stale-"));
    mkdirSync(join(base, "dist"));
    mkdirSync(join(base, "src"));
    writeFileSync(join(base, "src/gate.ts"), "");
    writeFileSync(join(base, "dist/cli.js"), "");
    expect(staleBuild(["check-worker.js"], base)).toBe(
      "dist/check-worker.js is missing: run npm run build (npm test does)",
    );
    utimesSync(join(base, "dist/cli.js"), new Date(2026, 0, 1), new Date(2026, 0, 1));
    expect(staleBuild(["cli.js"], base)).toBe("dist/ is older than src: run npm run build (npm test does)");
    utimesSync(join(base, "dist/cli.js"), new Date(), new Date(Date.now() + 60_000));
    expect(staleBuild(["cli.js"], base)).toBeUndefined();
  });
});

describe("docs/architecture.md is the map", () => {
  const map = readFileSync(join(root, "docs/architecture.md"), "utf8");
  const modules = trackedFiles().filter(
    (file) =>
      /^(src|matchers|fixtures)\//.test(file) &&
      file.endsWith(".ts") &&
      !file.endsWith("/index.ts") &&
      file !== "src/cli.ts",
  );
  /** How the map names a module: its folder and name (`responses/context.ts`, `src/gate.ts`), never the name alone. */
  const named = (file: string) => file.split("/").slice(-2).join("/");

  test("it names every module of src/, matchers/ and fixtures/ by its folder and name", () => {
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((file) => !map.includes(named(file)))).toEqual([]);
  });

  test("every module it names is there", () => {
    const known = new Set(modules.map(named));
    const mentioned = [...map.matchAll(/(?<![\w/.-])((?:[\w-]+\/)+[\w.-]+\.ts)\b/g)]
      .map(([, path]) => path!)
      .filter((path) => !/^(test|bench|scripts|examples)\//.test(path) && !path.endsWith(".test.ts"));
    expect(mentioned.length).toBeGreaterThan(50);
    expect(mentioned.filter((path) => !known.has(named(path)))).toEqual([]);
  });
});

// Lines wrap at the formatter's width (120, biome.jsonc). What it cannot wrap is one literal: a
// message, a template, a pattern, kept whole so that it can be searched for as it is printed.
test("a line over 120 columns is code around one literal the formatter cannot break", { timeout: 30_000 }, () => {
  const offenders: string[] = [];
  // vendor/ holds other projects' files as they wrote them
  for (const file of trackedFiles().filter((f) => /\.(ts|mjs|cjs|js)$/.test(f) && !f.startsWith("vendor/"))) {
    const text = readFileSync(join(root, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const literals: Array<[number, number]> = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node) ||
        ts.isRegularExpressionLiteral(node)
      )
        literals.push([node.getStart(source), node.end]);
      else ts.forEachChild(node, visit);
    };
    visit(source);
    let start = 0;
    text.split("\n").forEach((line, i) => {
      const end = start + line.length;
      if (line.length > 120) {
        const covered = Math.max(0, ...literals.map(([a, b]) => Math.min(b, end) - Math.max(a, start)));
        if (line.length - covered > 120) offenders.push(`${file}:${i + 1}`);
      }
      start = end + 1;
    });
  }
  expect(offenders).toEqual([]);
});
