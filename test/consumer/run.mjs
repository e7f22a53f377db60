// Consumer tests: pack the package, install the tarball into fresh projects (one per runner and
// Node version, and the two projects generated from the docs) and run each project's own
// `npm test`. Run after `npm run build`. `npm run test:consumer -- docs-vitest` runs one.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { writeDocsProjects } from "../docs/project.mjs";

if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(
    `consumer tests: run them with npm (npm run test:consumer), which puts the pinned Node 24 on PATH; this is Node ${process.version}`,
  );
  process.exit(1);
}
const root = resolve(import.meta.dirname, "../..");
const projects = resolve(import.meta.dirname, "projects");
const only = process.argv.slice(2);

/** PATH without node_modules/.bin entries: the machine's own Node (20 here), not the pinned one. */
const systemPath = process.env.PATH.split(delimiter)
  .filter((p) => !p.includes(`node_modules${"/"}.bin`))
  .join(delimiter);
const nodesOf = {
  imports: ["pinned", "system"],
  "node20-vitest4-jest29": ["system"],
  "node20-jest29-babel": ["system"],
};

const work = mkdtempSync(join(tmpdir(), "agent-testkit-consumer-"));
const packed = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
);
const tarball = join(work, packed[0].filename);
console.log(`packed ${packed[0].filename} (${packed[0].files.length} files)`);

// The docs projects are generated from README.md and docs/*.md (test/docs): every block runs.
const generated = writeDocsProjects(root, work);

let failed = 0;
for (const name of [...readdirSync(projects), ...generated]) {
  if (only.length > 0 && !only.includes(name)) continue;
  const dir = join(work, name);
  if (!generated.includes(name)) cpSync(join(projects, name), dir, { recursive: true });
  const pkgPath = join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8"));
  pkg.devDependencies = { ...pkg.devDependencies, "agent-testkit": `file:${tarball}` };
  pkg.allowScripts = { esbuild: true };
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
  const run = (args, node) => {
    // No API key: the docs promise that nothing needs one.
    const { OPENAI_API_KEY: _key, ...withoutKey } = process.env;
    const env = { ...withoutKey, ...(node === "system" ? { PATH: systemPath } : {}) };
    return spawnSync("npm", args, { cwd: dir, env, stdio: "inherit" }).status;
  };
  const nodes = nodesOf[name] ?? ["pinned"];
  console.log(`\n=== consumer project ${name} ===`);
  let status = run(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], nodes[0]);
  for (const node of nodes) {
    if (status !== 0) break;
    console.log(`--- ${name} on the ${node === "system" ? "machine's" : "pinned"} Node`);
    status = run(["test"], node);
  }
  if (status !== 0) {
    failed++;
    console.error(`consumer project ${name} FAILED`);
  }
}
if (failed === 0) rmSync(work, { recursive: true, force: true });
else console.error(`kept ${work} for inspection`);
process.exitCode = failed === 0 ? 0 : 1;
