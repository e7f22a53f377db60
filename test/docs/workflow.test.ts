// docs/ci.md's GitHub Actions workflow, run as far as it can be run here: every `run:` step, as
// written, in a sample repository (a git repository whose base branch has the released tools),
// with `npx agent-testkit` going to this build; then what the `uses:` steps upload must exist.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { requireFreshBuild, root } from "../build.js";
import { sarifErrors } from "../cli/report/sarifSchema.js";
import { fc_001, fc_009, salesTool } from "../core/samples.js";
// @ts-expect-error: a plain ES module of the docs tooling, without types
import { blocksOf } from "./snippets.mjs";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number>;
}

const page = "docs/ci.md";

/** The files of `repo` that the workflow's upload-artifact step's `path` pattern takes, sorted. */
function uploaded(steps: Step[], repo: string): string[] {
  const upload = steps.find((s) => s.uses?.startsWith("actions/upload-artifact"));
  const pattern = new RegExp(`^${String(upload?.with?.path).replace(/[.]/g, "\\.").replace(/\*/g, ".*")}$`);
  return readdirSync(repo)
    .filter((name) => pattern.test(name))
    .sort();
}

/** A folder for PATH in which `npx agent-testkit` is this build; anything else npx would fetch is refused. */
function fakeNpx(repo: string): string {
  const bin = join(repo, ".bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "npx"),
    `#!/usr/bin/env bash\nif [ "$1" = agent-testkit ]; then shift; exec "${process.execPath}" "${join(root, "dist/cli.js")}" "$@"; fi\necho "npx $* is not available in this test" >&2; exit 127\n`,
  );
  chmodSync(join(bin, "npx"), 0o755);
  return bin;
}
const block = (
  blocksOf(readFileSync(join(root, page), "utf8"), page) as { lang: string; options: { file?: string }; code: string }[]
).find((b) => b.lang === "yaml" && b.options.file === ".github/workflows/agent-testkit.yml");

test("the workflow is valid YAML with the permissions and actions it needs", () => {
  expect(block, `${page} shows the workflow`).toBeDefined();
  const workflow = parse(block!.code) as {
    on: unknown;
    permissions: Record<string, string>;
    jobs: Record<string, { steps: Step[] }>;
  };
  expect(workflow.permissions).toEqual({ contents: "read", "security-events": "write" });
  const steps = Object.values(workflow.jobs)[0]!.steps;
  expect(steps.filter((s) => s.uses).map((s) => s.uses)).toEqual([
    "actions/checkout@v4",
    "actions/setup-node@v4",
    "actions/upload-artifact@v4",
    "github/codeql-action/upload-sarif@v3",
  ]);
  // Every step after the check runs even when the check fails the job.
  const afterCheck = steps.slice(steps.findIndex((s) => s.run?.includes("agent-testkit check")) + 1);
  expect(afterCheck.every((s) => s.if === "always()")).toBe(true);
});

test("its run steps work as written, and leave what the upload steps upload", () => {
  requireFreshBuild("cli.js");
  const steps = Object.values((parse(block!.code) as { jobs: Record<string, { steps: Step[] }> }).jobs)[0]!.steps;
  const repo = mkdtempSync(join(tmpdir(), "agent-testkit-workflow-"));
  const git = (...args: string[]) => {
    const result = spawnSync("git", args, {
      cwd: repo,
      encoding: "utf8",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@example.com",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@example.com",
      },
    });
    expect(result.status, result.stderr).toBe(0);
  };
  // The base branch: the released tools and a log. The pull request: an enum value removed.
  mkdirSync(join(repo, "logs"));
  mkdirSync(join(repo, "test/__cassettes__"), { recursive: true });
  // A cassette whose recorded call still passes the proposed tools.
  const recorded = {
    section: "sales",
    request: { method: "POST", path: "/responses", body: { model: "gpt-5", input: "EMEA?", tools: [salesTool] } },
    response: {
      status: 200,
      headers: {},
      body: { object: "response", id: "resp_1a2b3c4d", output: [{ ...fc_001, arguments: '{"region":"emea"}' }] },
    },
  };
  writeFileSync(join(repo, "test/__cassettes__/sales.test.ts.jsonl"), `${JSON.stringify(recorded)}\n`);
  writeFileSync(join(repo, "tools.json"), `${JSON.stringify([salesTool], null, 2)}\n`);
  writeFileSync(join(repo, "logs/calls.jsonl"), [fc_001, fc_009].map((item) => JSON.stringify(item)).join("\n"));
  git("init", "-q", "-b", "main");
  git("add", ".");
  git("commit", "-q", "-m", "base");
  git("update-ref", "refs/remotes/origin/main", "HEAD");
  const narrowed = {
    ...salesTool,
    parameters: { ...salesTool.parameters, properties: { region: { type: "string", enum: ["apac", "emea"] } } },
  };
  writeFileSync(join(repo, "tools.json"), `${JSON.stringify([narrowed], null, 2)}\n`);
  const bin = fakeNpx(repo);

  const results = steps
    .filter((step) => step.run?.includes("agent-testkit"))
    .map((step) => {
      const run = spawnSync("bash", ["-e", "-c", step.run!], {
        cwd: repo,
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_BASE_REF: "main", CI: "true" },
      });
      return { name: step.name, status: run.status, stdout: run.stdout, stderr: run.stderr };
    });
  expect(results.map((r) => [r.name, r.status])).toEqual([
    ["Replay the recorded log through the gate", 1],
    ["Gate the recorded cassettes against the proposed tools", 0],
    ["The same findings for code scanning", 0],
    ["Breaking changes to the tools", 1],
  ]);
  expect(results[0]!.stdout).toContain("::error file=logs/calls.jsonl,line=2,title=arguments_schema");
  // the SARIF step lets findings (exit 1) through, but not a usage error (exit 2)
  const sarifStep = steps.find((step) => step.run?.includes("--format sarif"))!;
  const typo = spawnSync(
    "bash",
    [
      "-e",
      "-c",
      sarifStep.run!.replace("--tools tools.json", "--tools tools.jsn").replace("agent-testkit.sarif", "typo.sarif"),
    ],
    {
      cwd: repo,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CI: "true" },
    },
  );
  expect(typo.status).not.toBe(0);
  expect(results[3]!.stdout).toMatch(/^::error file=tools\.json,line=\d+,title=breaking change%3A enum_value_removed/m);

  expect(uploaded(steps, repo)).toEqual([
    "agent-testkit-cassettes.html",
    "agent-testkit-check.html",
    "agent-testkit-diff.html",
  ]);
  const sarifFile = join(
    repo,
    String(steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif"))!.with!.sarif_file),
  );
  expect(existsSync(sarifFile)).toBe(true);
  const sarif = JSON.parse(readFileSync(sarifFile, "utf8"));
  expect(sarifErrors(sarif)).toEqual([]);
  expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({
    uri: "logs/calls.jsonl",
    uriBaseId: "%SRCROOT%",
  });
});

test("the verify workflow: the suite in verify mode writes the drift report its check step reads", () => {
  requireFreshBuild("cli.js");
  const verify = (
    blocksOf(readFileSync(join(root, page), "utf8"), page) as {
      lang: string;
      options: { file?: string };
      code: string;
    }[]
  ).find((b) => b.lang === "yaml" && b.options.file === ".github/workflows/agent-testkit-verify.yml");
  expect(verify, `${page} shows the verify workflow`).toBeDefined();
  const workflow = parse(verify!.code) as {
    on: { schedule?: Array<{ cron: string }> };
    permissions: Record<string, string>;
    jobs: Record<string, { steps: Array<Step & { env?: Record<string, string> }> }>;
  };
  expect(workflow.on.schedule?.[0]?.cron).toMatch(/^[\d*]+ [\d*]+ [\d*]+ [\d*]+ [\d*]+$/);
  expect(workflow.permissions).toEqual({ contents: "read" });
  const steps = Object.values(workflow.jobs)[0]!.steps;
  const suite = steps.find((s) => s.env?.AGENT_TESTKIT_RECORD);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
  const secret = "${{ secrets.OPENAI_API_KEY }}";
  expect(suite?.env).toMatchObject({ AGENT_TESTKIT_RECORD: "verify", OPENAI_API_KEY: secret });
  const report = suite?.env?.AGENT_TESTKIT_DRIFT_REPORT ?? "";
  const check = steps.find((s) => s.run?.includes("agent-testkit check"));
  expect(check?.run).toContain(report);
  expect(check?.if).toBe("always()");

  const repo = mkdtempSync(join(tmpdir(), "agent-testkit-verify-workflow-"));
  const bin = fakeNpx(repo);
  const runCheck = () =>
    spawnSync("bash", ["-e", "-c", check!.run!], {
      cwd: repo,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CI: "true" },
    });
  // nothing drifted: the suite wrote no report, and the step passes quietly
  expect(runCheck()).toMatchObject({ status: 0, stdout: "" });
  const drift = {
    cassette: "test/__cassettes__/sales.test.ts.jsonl",
    line: 2,
    section: "sales [responses]",
    request: "POST /responses",
    differences: [{ path: "body/top_p", recorded: "number", now: "missing" }],
  };
  writeFileSync(join(repo, report), `${JSON.stringify({ drift })}\n`);
  const drifted = runCheck();
  expect(drifted.status).toBe(1);
  expect(drifted.stdout).toContain(
    "::error file=test/__cassettes__/sales.test.ts.jsonl,line=2,title=cassette drift (POST /responses)::",
  );
  expect(uploaded(steps, repo)).toEqual(["agent-testkit-drift.html", "agent-testkit-drift.jsonl"]);
});
