// Builds the two docs projects from README.md and docs/*.md (see snippets.mjs): one on Vitest 5
// (ESM, MSW 3, openai 7), one on Jest 30 in CommonJS with no flags (the newest MSW 2: MSW 3 is
// ESM-only).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { blocksOf, lint, moduleName, runnersOf, testModule } from "./snippets.mjs";

/** The docs pages, relative to the repository root. */
export function docsPages(root) {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs.sort()];
}

/** The repository's own pin of a dev dependency: the docs run on what its tests run on (one place to bump). */
const pinned = (name) => {
  const version = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).devDependencies[
    name
  ];
  if (typeof version !== "string") throw new Error(`${name} is no dev dependency of the repository`);
  return version;
};

const VERSIONS = {
  typescript: pinned("typescript"),
  "@types/node": pinned("@types/node"),
  openai: pinned("openai"),
  ws: "8.23.0",
  // the third-party clients docs/responses-fake.md runs (the AI SDK only in Vitest: it is ESM-only)
  "@langchain/openai": pinned("@langchain/openai"),
  "@langchain/core": pinned("@langchain/core"),
  // docs/openai-agents.md (the SDK ships CommonJS too: it runs in both projects)
  "@openai/agents": pinned("@openai/agents"),
  zod: pinned("zod"),
  // docs/providers.md
  "@anthropic-ai/sdk": pinned("@anthropic-ai/sdk"),
  "@langchain/anthropic": pinned("@langchain/anthropic"),
  // docs/gemini.md
  "@google/genai": pinned("@google/genai"),
  // docs/bedrock.md (the AWS SDK ships CommonJS too: it runs in both projects)
  "@aws-sdk/client-bedrock-runtime": pinned("@aws-sdk/client-bedrock-runtime"),
  // docs/mcp.md
  "@modelcontextprotocol/sdk": pinned("@modelcontextprotocol/sdk"),
  // docs/trajectories.md's trace
  "@opentelemetry/api": pinned("@opentelemetry/api"),
  "@opentelemetry/sdk-trace-base": pinned("@opentelemetry/sdk-trace-base"),
};

// What `tsc --init` (TypeScript 5.9) turns on beyond `strict`: every block compiles under it.
const INIT_DEFAULTS = {
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  isolatedModules: true,
  noUncheckedSideEffectImports: true,
  moduleDetection: "force",
};

const TSCONFIG_VITEST = {
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    ...INIT_DEFAULTS,
    verbatimModuleSyntax: true,
    noEmit: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    types: ["node", "agent-testkit/vitest"],
  },
  include: ["**/*.ts"],
  exclude: ["node_modules"],
};

// CommonJS: `verbatimModuleSyntax` would refuse every `import` (tsc --init's projects are ESM).
const TSCONFIG_JEST = {
  compilerOptions: {
    target: "ES2022",
    module: "Node16",
    moduleResolution: "Node16",
    strict: true,
    ...INIT_DEFAULTS,
    outDir: "build",
    skipLibCheck: true,
    resolveJsonModule: true,
    types: ["node", "agent-testkit/jest"],
  },
  include: ["**/*.ts"],
  exclude: ["node_modules", "build"],
};

/**
 * Writes `docs-vitest` and `docs-jest` under `work`; returns their names. Throws, listing them,
 * when a block cannot be checked at all.
 */
export function writeDocsProjects(root, work) {
  const blocks = docsPages(root).flatMap((page) => blocksOf(readFileSync(join(root, page), "utf8"), page));
  const problems = lint(blocks);
  if (problems.length > 0) throw new Error(`docs blocks that cannot be checked:\n${problems.join("\n")}`);
  const projects = { vitest: join(work, "docs-vitest"), jest: join(work, "docs-jest") };
  for (const dir of Object.values(projects)) mkdirSync(dir, { recursive: true });
  const write = (runner, file, text) => {
    const path = join(projects[runner], file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const shell = [];
  let tests = 0;
  for (const block of blocks) {
    if (block.isOutput || block.lang === "text") continue;
    if (block.lang === "sh") {
      if (block.options.run) shell.push(block);
      continue;
    }
    for (const runner of runnersOf(block)) {
      if (block.options.file) write(runner, block.options.file, `${block.code}\n`);
      else if (block.lang === "ts" || block.lang === "js") {
        write(runner, moduleName(block), testModule(block, runner));
        tests++;
      }
    }
  }
  writeVitestProject(projects.vitest, shell);
  writeJestProject(projects.jest);
  console.log(
    `docs: ${blocks.length} blocks in ${docsPages(root).length} pages → ${tests} snippet tests, ${shell.length} shell runs`,
  );
  return ["docs-vitest", "docs-jest"];
}

function json(value) {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function writeVitestProject(dir, shell) {
  writeFileSync(join(dir, "tsconfig.json"), json(TSCONFIG_VITEST));
  const script = shell.map((block) => shellCheck(block)).join("\n");
  writeFileSync(join(dir, "shell.sh"), `set -u\ncd "$(dirname "$0")"\nfailed=0\n${script}\nexit $failed\n`);
  writeFileSync(
    join(dir, "package.json"),
    json({
      name: "docs-vitest",
      private: true,
      type: "module",
      scripts: { test: "tsc -p . && vitest run && bash shell.sh" },
      devDependencies: {
        vitest: pinned("vitest"),
        vite: pinned("vite"),
        msw: pinned("msw"),
        ai: pinned("ai"),
        "@ai-sdk/openai": pinned("@ai-sdk/openai"),
        "@ai-sdk/anthropic": pinned("@ai-sdk/anthropic"),
        // docs/bedrock.md's AI SDK block (ESM-only)
        "@ai-sdk/amazon-bedrock": pinned("@ai-sdk/amazon-bedrock"),
        // docs/mcp.md's AI SDK block (ESM-only, Node ≥ 22)
        "@ai-sdk/mcp": pinned("@ai-sdk/mcp"),
        ...VERSIONS,
      },
    }),
  );
  // The docs' own vitest.config.ts is used when they show one.
  try {
    readFileSync(join(dir, "vitest.config.ts"));
  } catch {
    writeFileSync(
      join(dir, "vitest.config.ts"),
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { setupFiles: ["agent-testkit/vitest"] } });\n',
    );
  }
}

function writeJestProject(dir) {
  writeFileSync(join(dir, "tsconfig.json"), json(TSCONFIG_JEST));
  // The docs' jest.config.cjs, run on the compiled tests (no transform, no flags).
  let config;
  try {
    config = readFileSync(join(dir, "jest.config.cjs"), "utf8");
  } catch {
    config = 'module.exports = { setupFilesAfterEnv: ["agent-testkit/jest"] };\n';
  }
  writeFileSync(join(dir, "jest.config.cjs"), config);
  writeFileSync(
    join(dir, "package.json"),
    json({
      name: "docs-jest",
      private: true,
      scripts: { test: 'tsc -p . && jest --config jest.config.cjs --roots "<rootDir>/build"' },
      // the newest MSW 2, compiled as docs/matchers.md shows (babel-jest, @babel/preset-env)
      devDependencies: {
        jest: "30.5.2",
        "@jest/globals": "30.5.2",
        msw: "^2.11.3",
        "@babel/preset-env": "^7.29.0",
        ...VERSIONS,
      },
    }),
  );
}

/** One `sh run` block: its commands, its exit code, and its output shown after it. */
function shellCheck(block) {
  const where = `${block.page}:${block.line}`;
  const expectedExit = Number(block.options.exit ?? 0);
  const quoted = (text) => `'${text.replace(/'/g, "'\\''")}'`;
  const lines = [
    `out=$( { ${block.code
      .split("\n")
      .filter((l) => l.trim() && !l.trim().startsWith("#"))
      .join("; ")}; } 2>&1 ); code=$?`,
    `if [ "$code" != ${expectedExit} ]; then echo ${quoted(`${where}: exit`)} "$code", expected ${expectedExit}; echo "$out"; failed=1; fi`,
  ];
  if (block.output !== undefined) {
    lines.push(`expected=${quoted(block.output.trim())}`);
    lines.push(
      `case "$out" in *"$expected"*) ;; *) echo ${quoted(`${where}: the output shown is not what the commands print. They printed:`)}; echo "$out"; failed=1;; esac`,
    );
  }
  return lines.join("\n");
}
