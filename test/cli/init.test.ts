// `agent-testkit init`: the setup entry added to an existing Vitest or Jest config in the forms
// their docs write, a config written where there is none, and nothing changed when it is there.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { run } from "./run.js";

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "init-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
const read = (dir: string, name: string) => readFileSync(join(dir, name), "utf8");
const pkg = (deps: Record<string, string>, extra: object = {}) =>
  JSON.stringify({ name: "app", devDependencies: deps, ...extra }, null, 2);

/** The syntax errors of a JS/TS file (none: it still parses). */
function syntaxErrors(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  );
}

/** The config object a file's text holds, evaluated (the edit must give the runner this). */
function evaluated(text: string): Record<string, unknown> {
  const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const defineConfig = (config: unknown) => config;
  new Function("module", "exports", "require", js)(module, module.exports, (name: string) =>
    name === "vitest/config" ? { defineConfig } : {},
  );
  return (module.exports.default ?? module.exports) as Record<string, unknown>;
}

describe("Vitest", () => {
  test.each([
    [
      "a test section with setupFiles",
      `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { setupFiles: ["./setup.ts"] } });\n`,
      ["agent-testkit/vitest", "./setup.ts"],
    ],
    [
      "an empty setupFiles",
      `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { setupFiles: [] } });\n`,
      ["agent-testkit/vitest"],
    ],
    [
      "setupFiles as one string",
      `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { setupFiles: "./setup.ts" } });\n`,
      ["agent-testkit/vitest", "./setup.ts"],
    ],
    [
      "a test section without setupFiles",
      `import { defineConfig } from "vitest/config";\nexport default defineConfig({\n  test: {\n    environment: "node",\n  },\n});\n`,
      ["agent-testkit/vitest"],
    ],
    [
      "no test section",
      `import { defineConfig } from "vitest/config";\nexport default defineConfig({ resolve: {} });\n`,
      ["agent-testkit/vitest"],
    ],
  ])("%s: the entry is added, and the config still parses and holds it", async (_, config, expected) => {
    const dir = project({ "package.json": pkg({ vitest: "^5" }), "vitest.config.ts": config });
    const { code, out } = await run(["init", "--dir", dir]);
    expect(code).toBe(0);
    expect(out).toContain('added "agent-testkit/vitest" to setupFiles in vitest.config.ts');
    const edited = read(dir, "vitest.config.ts");
    expect(syntaxErrors("vitest.config.ts", edited)).toEqual([]);
    expect((evaluated(edited).test as { setupFiles: unknown }).setupFiles).toEqual(expected);
    // again: nothing changes
    expect((await run(["init", "--dir", dir])).out).toContain("has agent-testkit/vitest already; nothing changed");
    expect(read(dir, "vitest.config.ts")).toBe(edited);
  });

  test("no config: one is written (TypeScript when the project has a tsconfig.json)", async () => {
    const dir = project({ "package.json": pkg({ vitest: "^5" }), "tsconfig.json": "{}" });
    expect((await run(["init", "--dir", dir])).out).toContain("wrote vitest.config.ts");
    expect((evaluated(read(dir, "vitest.config.ts")).test as { setupFiles: unknown }).setupFiles).toEqual([
      "agent-testkit/vitest",
    ]);
  });

  test("no config and no tsconfig.json: an ESM config is written", async () => {
    const dir = project({ "package.json": pkg({ vitest: "^5" }) });
    expect((await run(["init", "--dir", dir])).out).toContain("wrote vitest.config.mjs");
    expect((evaluated(read(dir, "vitest.config.mjs")).test as { setupFiles: unknown }).setupFiles).toEqual([
      "agent-testkit/vitest",
    ]);
  });

  test("a config it cannot edit safely is left alone, and the line to add is printed", async () => {
    const config = `import { defineConfig } from "vitest/config";\nconst files = ["./a.ts"];\nexport default defineConfig({ test: { setupFiles: files } });\n`;
    const dir = project({ "package.json": pkg({ vitest: "^5" }), "vitest.config.ts": config });
    const { code, err } = await run(["init", "--dir", dir]);
    expect(code).toBe(1);
    expect(err).toContain("its setupFiles is not an array literal");
    expect(err).toContain('setupFiles: ["agent-testkit/vitest"]');
    expect(read(dir, "vitest.config.ts")).toBe(config);
  });
});

describe("Jest", () => {
  test.each([
    ["module.exports", `module.exports = {\n  testEnvironment: "node",\n};\n`, "jest.config.js"],
    [
      "a typed config (jest --init's TypeScript form)",
      `import type { Config } from "jest";\n\nconst config: Config = {\n  verbose: true,\n};\n\nexport default config;\n`,
      "jest.config.ts",
    ],
    ["export default", `export default { setupFilesAfterEnv: ["./setup.js"] };\n`, "jest.config.mjs"],
  ])("%s: the entry is added, and the config still holds it", async (_, config, name) => {
    const dir = project({ "package.json": pkg({ jest: "^30" }), [name]: config });
    const { code, out } = await run(["init", "--dir", dir]);
    expect(code).toBe(0);
    expect(out).toContain(`added "agent-testkit/jest" to setupFilesAfterEnv in ${name}`);
    expect(out).toContain('"types": ["node", "jest", "agent-testkit/jest"]');
    const edited = read(dir, name);
    expect(syntaxErrors(name, edited)).toEqual([]);
    const js = edited.replace(/^import type .*\n/m, "").replace(/: Config/, "");
    expect(evaluated(js).setupFilesAfterEnv).toEqual(expect.arrayContaining(["agent-testkit/jest"]));
  });

  test("the entry is laid out as the object is: on its own line in a multi-line object", async () => {
    const dir = project({
      "package.json": pkg({ jest: "^30" }),
      "jest.config.ts": `import type { Config } from "jest";\n\nconst config: Config = {\n  verbose: true,\n};\n\nexport default config;\n`,
    });
    await run(["init", "--dir", dir]);
    expect(read(dir, "jest.config.ts")).toContain(
      'const config: Config = {\n  setupFilesAfterEnv: ["agent-testkit/jest"],\n  verbose: true,\n};',
    );
    const flat = project({ "package.json": pkg({ jest: "^30" }), "jest.config.cjs": "module.exports = {};\n" });
    await run(["init", "--dir", flat]);
    expect(read(flat, "jest.config.cjs")).toBe('module.exports = { setupFilesAfterEnv: ["agent-testkit/jest"] };\n');
  });

  test("package.json's jest section, its indentation kept", async () => {
    const dir = project({
      "package.json": JSON.stringify({ devDependencies: { jest: "^29" }, jest: { verbose: true } }, null, 4),
    });
    expect((await run(["init", "--dir", dir])).code).toBe(0);
    const json = read(dir, "package.json");
    expect(JSON.parse(json).jest).toEqual({ verbose: true, setupFilesAfterEnv: ["agent-testkit/jest"] });
    expect(json).toContain('\n    "jest": {');
  });

  test("no config: jest.config.cjs is written (it loads in CommonJS and in type-module projects)", async () => {
    const dir = project({ "package.json": pkg({ jest: "^30" }) });
    expect((await run(["init", "--dir", dir])).out).toContain("wrote jest.config.cjs");
    expect(evaluated(read(dir, "jest.config.cjs"))).toEqual({ setupFilesAfterEnv: ["agent-testkit/jest"] });
  });
});

describe("which runner", () => {
  test("the one the project depends on; --runner when it is both or neither", async () => {
    const both = project({ "package.json": pkg({ jest: "^30", vitest: "^5" }) });
    const ambiguous = await run(["init", "--dir", both]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.err).toContain("depends on both vitest and jest: say which with --runner");
    expect((await run(["init", "--dir", both, "--runner", "jest"])).out).toContain("wrote jest.config.cjs");
    const neither = project({ "package.json": pkg({}) });
    expect((await run(["init", "--dir", neither])).err).toContain("depends on neither vitest nor jest");
    expect((await run(["init", "--dir", neither, "--runner", "mocha"])).err).toContain(
      '--runner must be vitest or jest, not "mocha"',
    );
  });

  test("--help and the command list say what it does", async () => {
    expect((await run(["init", "--help"])).out).toContain("Usage: agent-testkit init");
    expect((await run(["--help"])).out).toContain("init [--runner vitest|jest]");
  });
});

// Issue 36's adversarial round: init said "added" (or "already there") and the entry did nothing.
describe("the config's syntax tree, not its text", () => {
  test("test: shared (options in a variable) is left for the user, not given a second test key", async () => {
    const config = `import { defineConfig } from "vitest/config";\nconst shared = { globals: true };\nexport default defineConfig({ test: shared });\n`;
    const dir = project({ "package.json": pkg({ vitest: "^5" }), "vitest.config.ts": config });
    const { code, err } = await run(["init", "--dir", dir]);
    expect(code).toBe(1);
    expect(err).toContain("its test options are not an object literal (shared)");
    expect(read(dir, "vitest.config.ts")).toBe(config);
  });

  test("a comment mentioning test: { does not receive the entry; the config's own test section does", async () => {
    const config = `import { defineConfig } from "vitest/config";\n// test: { setupFiles: [] } is where it goes\nexport default defineConfig({\n  test: { environment: "node" },\n});\n`;
    const dir = project({ "package.json": pkg({ vitest: "^5" }), "vitest.config.ts": config });
    expect((await run(["init", "--dir", dir])).code).toBe(0);
    const edited = read(dir, "vitest.config.ts");
    expect(edited).toContain("// test: { setupFiles: [] } is where it goes");
    expect((evaluated(edited).test as { setupFiles: unknown }).setupFiles).toEqual(["agent-testkit/vitest"]);
  });

  test("a comment mentioning agent-testkit/jest is not 'already there'", async () => {
    const config = `// see agent-testkit/jest's docs\nmodule.exports = {\n  testEnvironment: "node",\n};\n`;
    const dir = project({ "package.json": pkg({ jest: "^30" }), "jest.config.js": config });
    const { code, out } = await run(["init", "--dir", dir]);
    expect(code).toBe(0);
    expect(out).toContain('added "agent-testkit/jest" to setupFilesAfterEnv in jest.config.js');
    expect(evaluated(read(dir, "jest.config.js")).setupFilesAfterEnv).toEqual(["agent-testkit/jest"]);
  });

  test("a repeated key: the last one, the one the runner reads, gets the entry", async () => {
    const config = `export default {\n  test: { setupFiles: ["./old.ts"] },\n  test: { setupFiles: ["./new.ts"] },\n};\n`;
    const dir = project({ "package.json": pkg({ vitest: "^5" }), "vitest.config.mjs": config });
    expect((await run(["init", "--dir", dir])).code).toBe(0);
    expect((evaluated(read(dir, "vitest.config.mjs")).test as { setupFiles: unknown }).setupFiles).toEqual([
      "agent-testkit/vitest",
      "./new.ts",
    ]);
  });
});
