// The docs extractor: how a block of README.md / docs/*.md becomes a test, and that every page's
// blocks can be checked. (The generated projects themselves run in `npm run test:consumer`.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { root } from "../build.js";
// @ts-expect-error -- plain ESM helpers without declarations
import { docsPages } from "./project.mjs";
// @ts-expect-error -- plain ESM helpers without declarations
import { assertArrows, blocksOf, lint, runnersOf, STATEMENTS, testModule } from "./snippets.mjs";

type Block = {
  page: string;
  line: number;
  lang: string;
  options: Record<string, string | true>;
  code: string;
  output?: string;
  isOutput?: boolean;
};

const page = [
  "# Page",
  "",
  "```ts fails",
  STATEMENTS,
  "expect(1).toBe(2);",
  "```",
  "",
  "```text",
  "expected message",
  "```",
  "",
  "```sh",
  "npm test",
  "```",
  "",
  "```ts",
  STATEMENTS,
  'import { x } from "./x";',
  "x(); // → 3",
  "```",
].join("\n");

describe("reading blocks", () => {
  const blocks = blocksOf(page, "page.md") as Block[];

  test("language, options, line, and the output right after a block", () => {
    expect(blocks.map((b) => [b.lang, b.line])).toEqual([
      ["ts", 3],
      ["text", 8],
      ["sh", 12],
      ["ts", 16],
    ]);
    expect(blocks[0]!.options).toEqual({ fails: true });
    expect(blocks[0]!.output).toBe("expected message");
    expect(blocks[1]!.isOutput).toBe(true);
  });

  test("a shell block that is not an install must say run; a fails block needs its message", () => {
    expect(lint(blocks)).toEqual(["page.md:12: a shell block that is not an install must say `run` (found: npm test)"]);
    expect(lint(blocksOf(`\`\`\`ts fails\n${STATEMENTS}\nx\n\`\`\``, "p.md"))).toEqual([
      "p.md:1: a `fails` block needs the expected message in a ```text block right after it",
    ]);
    expect(lint(blocksOf("```python\nx\n```", "p.md"))[0]).toMatch(/cannot be checked/);
  });

  test("statements say so on their first line; a whole test file and a project file need not", () => {
    expect(lint(blocksOf("```ts\nconst a = 1;\n```", "p.md"))).toEqual([
      `p.md:1: statements, not a test file: start the block with \`${STATEMENTS}\``,
    ]);
    expect(lint(blocksOf('```ts\ntest("t", () => {});\n```', "p.md"))).toEqual([]);
    expect(lint(blocksOf("```ts file=tools.ts\nexport const tools = [];\n```", "p.md"))).toEqual([]);
  });

  test("`expr; // → value` becomes an assertion, a declaration asserts its name", () => {
    expect(assertArrows("x(); // → 3")).toBe("__shows(x(), 3);");
    expect(assertArrows("const r = f(); // → { ok: true }")).toBe("const r = f(); __shows(r, { ok: true });");
    expect(assertArrows("  await g(); // → 1")).toBe("  __shows(await g(), 1);");
  });

  test("statements become one test; imports stay on top; Jest gets @jest/globals", () => {
    const block = blocks[3]!;
    const vitest = testModule(block, "vitest") as string;
    expect(vitest).toMatch(/^\/\/ page\.md:16[^\n]*\nimport \{ x \} from "\.\/x";\n/);
    expect(vitest).toContain(`__test("page.md:16", async () => {\n${STATEMENTS}\n__shows(x(), 3);\n});`);
    const jest = testModule({ ...block, code: `import { expect } from "vitest";\n${block.code}` }, "jest") as string;
    expect(jest).toContain('import { expect } from "@jest/globals";');
    expect(jest).not.toContain('from "vitest"');
    expect(testModule(blocks[0]!, "vitest")).toContain(
      `await __fails(async () => {\n${STATEMENTS}\nexpect(1).toBe(2);\n  }, "expected message");`,
    );
  });

  test("agentTest and Vitest config blocks run on Vitest only; module.exports configs on Jest only", () => {
    expect(runnersOf({ options: {}, code: 'import { agentTest } from "agent-testkit/vitest";' })).toEqual(["vitest"]);
    expect(runnersOf({ options: {}, code: "module.exports = { setupFilesAfterEnv: [] };" })).toEqual(["jest"]);
    expect(runnersOf({ options: { vitest: true }, code: "" })).toEqual(["vitest"]);
    expect(runnersOf({ options: {}, code: "replayGate(x);" })).toEqual(["vitest", "jest"]);
  });
});

test("every block of the README and docs/ can be checked", () => {
  const pages = docsPages(root) as string[];
  expect(pages).toEqual(
    expect.arrayContaining([
      "README.md",
      "docs/gate.md",
      "docs/matchers.md",
      "docs/factories.md",
      "docs/responses-fake.md",
      "docs/agents-fake.md",
      "docs/contracts.md",
      "docs/cli.md",
    ]),
  );
  const blocks = pages.flatMap((p) => blocksOf(readFileSync(join(root, p), "utf8"), p) as Block[]);
  expect(lint(blocks)).toEqual([]);
  expect(blocks.filter((b) => b.lang === "ts" && !b.options.file).length).toBeGreaterThan(25);
});
