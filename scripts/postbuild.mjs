// After tsup: what the CommonJS build needs besides the bundles.
// - The CommonJS build bundles @faker-js/faker (ESM-only, so Jest's CommonJS mode could not load
//   it): its MIT notice ships beside the build.
// - The CommonJS declarations import faker's types; from a .d.cts that import must be type-only
//   and say it resolves as ESM, or TypeScript (Node16/NodeNext) rejects it (TS1479/TS1541).
// - msw is an optional peer: the declarations that name its handler types import them type-only,
//   under @ts-ignore, so that a project without msw type-checks (the handlers' types are then
//   `any`) with or without skipLibCheck. Side-effect imports of msw carry no type: dropped.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

copyFileSync("node_modules/@faker-js/faker/LICENSE", "dist/faker.LICENSE.txt");
// the pytest recipe ships with the package: `agent-testkit serve --recipe pytest > conftest.py`
mkdirSync("dist/recipes", { recursive: true });
copyFileSync("examples/serve/python/conftest.py", "dist/recipes/pytest-conftest.py");

const fakerImport = /^import \{([^}]+)\} from '@faker-js\/faker';$/gm;
const mswImport = /^import \{([^}]+)\} from 'msw';$/gm;
const mswSideEffect = /^import 'msw';\n/gm;
for (const name of readdirSync("dist").filter((file) => file.endsWith(".d.cts") || file.endsWith(".d.ts"))) {
  const path = `dist/${name}`;
  const text = readFileSync(path, "utf8");
  let patched = text
    .replace(mswSideEffect, "")
    .replace(
      mswImport,
      (_line, names) =>
        `// @ts-ignore -- msw is an optional peer; without it these types are any\nimport type {${names}} from 'msw';`,
    );
  if (name.endsWith(".d.cts"))
    patched = patched.replace(
      fakerImport,
      (_line, names) => `import type {${names}} from '@faker-js/faker' with { "resolution-mode": "import" };`,
    );
  if (patched !== text) writeFileSync(path, patched);
}

// `agent-testkit serve`'s control API, as an OpenAPI document beside the build (also served at
// {url}/_testkit/openapi.json).
const { controlDocument } = await import(new URL("../dist/serve.js", import.meta.url).href);
writeFileSync("dist/testkit-openapi.json", `${JSON.stringify(controlDocument(), null, 2)}\n`);
