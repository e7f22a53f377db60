// The import rules of .dependency-cruiser.cjs: the repository keeps them, and they catch what they
// name (a type-only circle, each layer importing one above it, a fake importing another fake).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** The violations the repository's rules find under `cwd` (its own tsconfig.json and tree). */
function violations(cwd: string): Violation[] {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [cli, "--config", join(root, ".dependency-cruiser.cjs"), "--output-type", "json", "src", "fixtures", "matchers"],
      { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    // exit 1 with violations: the report is still on stdout
    out = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

test("the repository has no import circle and no layer break", () => {
  expect(violations(root).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
}, 60_000);

describe("the rules catch what they name", () => {
  const dir = mkdtempSync(join(tmpdir(), "agent-testkit-imports-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  copyFileSync(join(root, "tsconfig.json"), join(dir, "tsconfig.json"));
  // built from pieces, so that this file names no path above the repository's root itself
  const up2 = ["..", "..", ""].join("/");
  const files: Record<string, string> = {
    // a circle closed by type imports only
    "fixtures/msw/kit/a.ts": 'import type { B } from "./b.js";\nexport type A = B | 1;\n',
    "fixtures/msw/kit/b.ts": 'import type { A } from "./a.js";\nexport type B = { a?: A };\n',
    // each layer reaching one above it
    "src/internal/read.ts": 'import type { Gate } from "../gate.js";\nexport type R = Gate;\n',
    "src/gate.ts": 'import type { W } from "./wire/responses.js";\nexport type Gate = W;\n',
    "src/wire/responses.ts": `import type { F } from "${up2}fixtures/factories/responses.js";\nexport type W = F;\n`,
    "fixtures/factories/responses.ts": 'import type { K } from "../msw/kit/kit.js";\nexport type F = K;\n',
    "fixtures/msw/kit/kit.ts": 'import type { C } from "../cassette/cassette.js";\nexport type K = C;\n',
    "fixtures/msw/cassette/cassette.ts": 'import type { D } from "../define/modelFake.js";\nexport type C = D;\n',
    "fixtures/msw/define/modelFake.ts": 'import type { R } from "../responses/fake.js";\nexport type D = R;\n',
    "fixtures/msw/responses/fake.ts": 'import type { E } from "../index.js";\nexport type R = E;\n',
    "fixtures/msw/index.ts": "export type E = 1;\n",
    // a fake importing another fake, the CLI reading a fake, a matcher loading one
    "fixtures/msw/chat/fake.ts": 'import type { R } from "../responses/fake.js";\nexport type Chat = R;\n',
    "src/cli/check.ts": `import type { R } from "${up2}fixtures/msw/responses/fake.js";\nexport type X = R;\n`,
    "matchers/toHaveCalledTool.ts": 'import type { R } from "../fixtures/msw/responses/fake.js";\nexport type M = R;\n',
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  const found = violations(dir).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

  test.each([
    "no-circular: fixtures/msw/kit/a.ts → fixtures/msw/kit/b.ts",
    "layer-internal: src/internal/read.ts → src/gate.ts",
    "layer-core: src/gate.ts → src/wire/responses.ts",
    "layer-wire: src/wire/responses.ts → fixtures/factories/responses.ts",
    "layer-factories: fixtures/factories/responses.ts → fixtures/msw/kit/kit.ts",
    "layer-kit: fixtures/msw/kit/kit.ts → fixtures/msw/cassette/cassette.ts",
    "layer-cassette: fixtures/msw/cassette/cassette.ts → fixtures/msw/define/modelFake.ts",
    "layer-define: fixtures/msw/define/modelFake.ts → fixtures/msw/responses/fake.ts",
    "layer-fakes: fixtures/msw/responses/fake.ts → fixtures/msw/index.ts",
    "fake-imports-fake: fixtures/msw/chat/fake.ts → fixtures/msw/responses/fake.ts",
    "cli-reads-no-fake: src/cli/check.ts → fixtures/msw/responses/fake.ts",
    "matcher-loads-no-fake: matchers/toHaveCalledTool.ts → fixtures/msw/responses/fake.ts",
  ])("%s", (violation) => {
    expect(found).toContain(violation);
  });
});
