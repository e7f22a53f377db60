// Docs are code: every fenced block of README.md and docs/*.md is extracted into consumer
// projects that install the packed tarball (one on Vitest, one on Jest in CommonJS with no
// flags), type-checked and run. This module only reads Markdown and writes test sources; the
// projects are built by project.mjs.
//
// How a block is read (the words after the language are its options):
//   ```ts                 a test module (it calls test/describe/agentTest) or statements, which
//                         become one test; run on both runners unless it says `vitest` or `jest`
//                         (a block that uses agent-testkit/vitest or agentTest is Vitest-only).
//                         Statements say so on their first line (STATEMENTS): pasted as a whole
//                         file, they would be "No test suite found"
//   ```ts file=tools.ts   a file of the project that other blocks import ("./tools")
//   ```ts fails           statements that must fail; the ```text block right after it is the
//                         exact message (colours stripped)
//   `expr; // → value`    inside a block: `expr` must equal `value` (objects: contain it)
//   ```sh run             commands run in the project (after the tests); `exit=1` if expected;
//                         a ```text block right after it must appear in their output
//   ```sh                 install commands only (npm install / npm i / npm ci); anything else fails
//   ```json file=x.json   a data file of the project (also jsonl and yaml)
//   ```js file=jest.config.cjs / ```ts file=vitest.config.ts   the runner's config, used as is
//   ```text / ```         output shown after a block; on its own, prose (not run)

const FENCE = /^```(\S*)\s*(.*)$/;

/** The first line of a block of statements: where a reader puts them. */
export const STATEMENTS = "// Inside a test (the imports at the top of its file):";

/** Whether a ts/js block is a whole test module (it calls test/describe/agentTest at the top level). */
export function isTestModule(code) {
  return /^(test|it|describe|agentTest)(\.\w+)?\(/m.test(code);
}

/** The fenced blocks of a Markdown text, with their language, options, line and body. */
export function blocksOf(markdown, page) {
  const lines = markdown.split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !lines[i].startsWith("```"); i++) body.push(lines[i]);
    const options = Object.fromEntries(
      open[2]
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => (word.includes("=") ? word.split(/=(.*)/s, 2) : [word, true])),
    );
    blocks.push({ page, line: start + 1, lang: open[1] || "text", options, code: body.join("\n"), endLine: i + 1 });
  }
  // A text block right after a code block (only blank lines between) is that block's output.
  for (let k = 0; k + 1 < blocks.length; k++) {
    const next = blocks[k + 1];
    const between = lines.slice(blocks[k].endLine, next.line - 1);
    if (next.lang === "text" && between.every((l) => l.trim() === "")) {
      blocks[k].output = next.code;
      next.isOutput = true;
    }
  }
  return blocks;
}

const RUNNABLE = new Set(["ts", "js", "sh", "json", "jsonl", "yaml", "text"]);

/** Problems with a page's blocks that no run would find: unknown languages, shell that is not an install. */
export function lint(blocks) {
  const problems = [];
  for (const block of blocks) {
    const where = `${block.page}:${block.line}`;
    if (!RUNNABLE.has(block.lang))
      problems.push(
        `${where}: a \`\`\`${block.lang} block cannot be checked (use ts, js, sh, json, jsonl, yaml or text)`,
      );
    if (block.lang === "sh" && !block.options.run) {
      const commands = block.code
        .split("\n")
        .map((l) => l.replace(/#.*$/, "").trim())
        .filter(Boolean);
      const notInstall = commands.filter((c) => !/^npm (install|i|ci)\b/.test(c));
      if (notInstall.length > 0)
        problems.push(`${where}: a shell block that is not an install must say \`run\` (found: ${notInstall[0]})`);
    }
    if (
      (block.lang === "ts" || block.lang === "js") &&
      !block.options.file &&
      !block.isOutput &&
      !isTestModule(block.code) &&
      !block.code.startsWith(STATEMENTS)
    )
      problems.push(`${where}: statements, not a test file: start the block with \`${STATEMENTS}\``);
    if (block.options.fails && block.output === undefined)
      problems.push(`${where}: a \`fails\` block needs the expected message in a \`\`\`text block right after it`);
    if ((block.lang === "json" || block.lang === "jsonl" || block.lang === "yaml") && !block.options.file)
      problems.push(`${where}: a ${block.lang} block needs file=NAME`);
  }
  return problems;
}

/** Which runners a block is for. */
export function runnersOf(block) {
  if (block.options.vitest) return ["vitest"];
  if (block.options.jest) return ["jest"];
  if (/agent-testkit\/vitest|\bagentTest\b|from "vitest\/config"/.test(block.code)) return ["vitest"];
  if (/module\.exports|setupFilesAfterEnv/.test(block.code)) return ["jest"];
  return ["vitest", "jest"];
}

const IMPORT = /^import\s[\s\S]*?from\s+["'][^"']+["'];?\s*$|^import\s+["'][^"']+["'];?\s*$/;

/** Splits a snippet into its import lines and the rest. */
function splitImports(code) {
  const imports = [];
  const body = [];
  for (const line of code.split("\n")) (IMPORT.test(line) ? imports : body).push(line);
  return { imports, body };
}

/** `expr; // → value` lines become assertions. */
export function assertArrows(code) {
  return code
    .split("\n")
    .map((line) => {
      const arrow = /^(\s*)(.*?);?\s*\/\/ → (.+)$/.exec(line);
      if (!arrow) return line;
      const [, indent, statement, shown] = arrow;
      const declared = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=/.exec(statement);
      if (declared) return `${indent}${statement}; __shows(${declared[1]}, ${shown});`;
      return `${indent}__shows(${statement.replace(/^await\s+/, "await ")}, ${shown});`;
    })
    .join("\n");
}

const HELPERS = (
  runner,
) => `import { expect as __expect, test as __test } from "${runner === "jest" ? "@jest/globals" : "vitest"}";
import { stripVTControlCharacters as __strip } from "node:util";
function __shows(actual: unknown, shown: unknown): void {
  if (shown !== null && typeof shown === "object" && !Array.isArray(shown)) __expect(actual).toMatchObject(shown as object);
  else __expect(actual).toEqual(shown);
}
async function __fails(run: () => unknown, message: string): Promise<void> {
  let thrown: unknown;
  try {
    await run();
  } catch (error) {
    thrown = error;
  }
  __expect(thrown).toBeDefined();
  __expect(__strip(thrown instanceof Error ? thrown.message : String(thrown)).trim()).toBe(message.trim());
}
void __shows; void __fails; void __test;
`;

/** The test module a ts block becomes for `runner`. */
export function testModule(block, runner) {
  const name = `${block.page}:${block.line}`;
  let code = block.code;
  if (runner === "jest") code = code.replace(/from "vitest"/g, 'from "@jest/globals"');
  const { imports, body } = splitImports(code);
  const text = assertArrows(body.join("\n"));
  const isModule = isTestModule(text);
  let main;
  if (block.options.fails)
    main = `__test(${JSON.stringify(name)}, async () => {\n  await __fails(async () => {\n${text}\n  }, ${JSON.stringify(block.output)});\n});`;
  else if (isModule) main = text;
  else main = `__test(${JSON.stringify(name)}, async () => {\n${text}\n});`;
  return `// ${name} (extracted from the docs; edit the docs, not this file)\n${imports.join("\n")}\n${HELPERS(runner)}\n${main}\n`;
}

/** A file name for a block's test module. */
export function moduleName(block) {
  return `${block.page.replace(/[^\w]+/g, "_")}_${block.line}.test.ts`;
}
