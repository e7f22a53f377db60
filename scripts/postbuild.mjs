// After tsup: what the CommonJS build needs besides the bundles.
// - The CommonJS build bundles @faker-js/faker (ESM-only, so Jest's CommonJS mode could not load
//   it): its MIT notice ships beside the build.
// - The CommonJS declarations import faker's types; from a .d.cts that import must be type-only
//   and say it resolves as ESM, or TypeScript (Node16/NodeNext) rejects it (TS1479/TS1541).
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

copyFileSync("node_modules/@faker-js/faker/LICENSE", "dist/faker.LICENSE.txt");

const fakerImport = /^import \{([^}]+)\} from '@faker-js\/faker';$/gm;
for (const name of readdirSync("dist").filter((file) => file.endsWith(".d.cts"))) {
  const path = `dist/${name}`;
  const text = readFileSync(path, "utf8");
  const patched = text.replace(
    fakerImport,
    (_line, names) => `import type {${names}} from '@faker-js/faker' with { "resolution-mode": "import" };`,
  );
  if (patched !== text) writeFileSync(path, patched);
}
