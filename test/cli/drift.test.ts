// check over a verify run's drift report: each drifted recording a failure at its cassette line,
// in every format; the report's own malformed lines are named.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseJunit } from "junit2json";
import { describe, expect, test } from "vitest";
import { sarifErrors } from "./report/sarifSchema.js";
import { run } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-drift-"));
const cassette = "test/__cassettes__/orders.test.ts.jsonl";
const drift = (line: number, differences: Array<{ path: string; recorded: string; now: string }>) => ({
  drift: { cassette, line, section: "orders > looks up [responses]", request: "POST /responses", differences },
});
const report = join(dir, "drift.jsonl");
writeFileSync(
  report,
  [
    drift(2, [{ path: "body/top_p", recorded: "number", now: "missing" }]),
    drift(5, [
      { path: "(event types)", recorded: "response.created, response.completed", now: "response.created, error" },
      { path: "body/safety_report", recorded: "missing", now: "object" },
    ]),
  ]
    .map((line) => JSON.stringify(line))
    .join("\n"),
);
const FIRST = "cassette_drift: POST /responses answers in another shape now: body/top_p: recorded number, now missing";

describe("check on a drift report", () => {
  test("text: each drifted recording at its cassette line, and the run fails", async () => {
    const { code, out } = await run(["check", report]);
    expect(code).toBe(1);
    expect(out).toContain("Drift: 2 recordings answer in another shape now");
    expect(out).toContain(`  ${cassette}:2  ${FIRST}`);
    expect(out).toContain(
      `  ${cassette}:5  cassette_drift: POST /responses answers in another shape now: (event types): recorded response.created, response.completed, now response.created, error; body/safety_report: recorded missing, now object`,
    );
    expect(out).toContain("FAILED: 2 recordings drifted from the provider's answers");
  });

  test("json, github, junit, sarif and html carry it", async () => {
    const json = JSON.parse((await run(["check", report, "--json"])).out);
    expect(json).toMatchObject({
      ok: false,
      drift: { drifted: 2, entries: [{ file: cassette, line: 2, reportLine: 1, message: FIRST }, { line: 5 }] },
    });
    const github = (await run(["check", report, "--format", "github"])).out;
    expect(github).toContain(`::error file=${cassette},line=2,title=cassette drift (POST /responses)::${FIRST}`);
    const junit = await parseJunit((await run(["check", report, "--format", "junit"])).out);
    const cases =
      (junit as { testsuite?: Array<{ testcase?: Array<{ name: string; failure?: unknown }> }> }).testsuite?.[0]
        ?.testcase ?? [];
    expect(cases.find((c) => c.name === "cassette_drift")?.failure).toBeDefined();
    const sarif = JSON.parse((await run(["check", report, "--format", "sarif"])).out);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toContainEqual(
      expect.objectContaining({
        ruleId: "cassette_drift",
        message: { text: FIRST },
        locations: [
          expect.objectContaining({ physicalLocation: expect.objectContaining({ region: { startLine: 2 } }) }),
        ],
      }),
    );
    const html = join(dir, "report.html");
    await run(["check", report, "--html", html]);
    expect(readFileSync(html, "utf8")).toContain('data-reason="cassette_drift"');
  });

  test("--max-failures bounds the list, not the count; a line of the wrong shape is malformed", async () => {
    const json = JSON.parse((await run(["check", report, "--json", "--max-failures", "1"])).out);
    expect(json.drift.drifted).toBe(2);
    expect(json.drift.entries).toHaveLength(1);
    const bad = join(dir, "bad-drift.jsonl");
    writeFileSync(bad, JSON.stringify({ drift: { ...drift(2, []).drift, line: "two" } }));
    const { code, out } = await run(["check", bad]);
    expect(code).toBe(1);
    expect(out).toContain(`${bad}:1  malformed_line: drift.line must be a line number, got "two"`);
  });

  test("a hostile path in a drift report cannot issue workflow commands in CI output", async () => {
    const hostile = join(dir, "hostile-drift.jsonl");
    const line = drift(3, [{ path: "body/x\n::add-mask::secret", recorded: "string", now: "missing" }]);
    writeFileSync(hostile, JSON.stringify({ drift: { ...line.drift, cassette: "a.jsonl\n::set-output name=x::y" } }));
    for (const format of ["text", "github"]) {
      const { out } = await run(["check", hostile, "--format", format]);
      expect(out).not.toMatch(/^::(add-mask|set-output)/m);
    }
  });
});
