import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseJunit } from "junit2json";
import { describe, expect, test } from "vitest";
import { escapeMarkup } from "../../../src/cli/report/markup.js";
import { locations as sarifLocations } from "../../../src/cli/report/sarif.js";
import { fc_001, fc_009, salesTool, ws_001 } from "../../core/samples.js";
import { run } from "../run.js";
import { sarifErrors } from "./sarifSchema.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-formats-"));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const tools = write("tools.json", JSON.stringify([salesTool], null, 2));
const incomplete = { ...fc_001, id: "fc_010", call_id: "call_130", status: "incomplete", arguments: '{"region":"ap' };
const log = write("calls.jsonl", [fc_001, fc_009, incomplete, ws_001].map((item) => JSON.stringify(item)).join("\n"));
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

describe("--format", () => {
  test("text is the default; --json is --format json", async () => {
    const text = await run(["check", log, "--tools", tools]);
    expect((await run(["check", log, "--tools", tools, "--format", "text"])).out).toBe(text.out);
    expect((await run(["check", log, "--tools", tools, "--json"])).out).toBe(
      (await run(["check", log, "--tools", tools, "--format=json"])).out,
    );
  });

  test("an unknown format, or --json with another, is a usage error naming the formats", async () => {
    const unknown = await run(["check", log, "--tools", tools, "--format", "xml"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--format must be one of text, json, github, junit, sarif; received "xml"');
    const both = await run(["diff", tools, tools, "--json", "--format", "sarif"]);
    expect(both.code).toBe(2);
    expect(both.err).toContain("--json means --format json");
  });

  test("every format keeps the exit code", async () => {
    for (const format of ["text", "json", "github", "junit", "sarif"]) {
      expect((await run(["check", log, "--tools", tools, "--format", format])).code).toBe(1);
      expect((await run(["diff", tools, tools, "--format", format])).code).toBe(0);
    }
  });
});

describe("github: workflow commands", () => {
  test("an ::error on each failing line, titled with reason and tool, then the text report", async () => {
    const { out } = await run(["check", log, "--tools", tools, "--format", "github"]);
    const annotations = out.split("\n").filter((line) => line.startsWith("::error"));
    expect(annotations).toEqual([
      `::error file=${log},line=2,title=arguments_schema (get_latest_sales_report)::arguments_schema: /region must be equal to one of the allowed values ("apac", "emea", "amer"), received "global"`,
      `::error file=${log},line=3,title=status (get_latest_sales_report)::status: status is "incomplete", expected "completed"`,
      expect.stringMatching(new RegExp(`^::error file=${log},line=4,title=namespaced::namespaced: `)),
    ]);
    expect(out).toContain((await run(["check", log, "--tools", tools])).out.trim());
    // The text report comes with command processing stopped around it, under a fresh token.
    const [, token] = /^::stop-commands::([0-9a-f]{32})$/m.exec(out) ?? [];
    expect(out.trimEnd().endsWith(`\n::${token}::`)).toBe(true);
    expect(out.indexOf("::stop-commands::")).toBeGreaterThan(out.lastIndexOf("::error"));
  });

  test("capped at --max-failures, with one more annotation counting the rest", async () => {
    const { out } = await run(["check", log, "--tools", tools, "--format", "github", "--max-failures", "1"]);
    const annotations = out.split("\n").filter((line) => line.startsWith("::error"));
    expect(annotations).toHaveLength(2);
    expect(annotations[1]).toBe(
      `::error file=${log},title=agent-testkit check::2 more failing items are not annotated: raise --max-failures (now 1) to list them`,
    );
  });

  test("values are escaped as the runner reads them: a log cannot forge a command or a property", async () => {
    const hostileName = "a,b:c%d\n::error::forged";
    const hostile = write("hostile, log:1.jsonl", JSON.stringify({ ...fc_001, name: hostileName }));
    const { out } = await run(["check", hostile, "--tools", tools, "--format", "github"]);
    const annotations = out.split("\n").filter((line) => line.startsWith("::error"));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toContain(`file=${hostile.replace(/:/g, "%3A").replace(/,/g, "%2C")},line=1,`);
    expect(annotations[0]).toContain("title=unknown_tool (a%2Cb%3Ac%25d\\n%3A%3Aerror%3A%3Aforged)::");
  });

  test("stdin: annotations without a file", async () => {
    const { out } = await run(["check", "-", "--tools", tools, "--format", "github"], JSON.stringify(fc_009));
    expect(out.split("\n")[0]).toMatch(/^::error line=1,title=arguments_schema/);
  });
});

describe("junit", () => {
  test("a test case per reason: failing with its listed failures, skipped when --fail-on does not count it", async () => {
    const { out } = await run([
      "check",
      log,
      "--tools",
      tools,
      "--format",
      "junit",
      "--fail-on",
      "arguments_schema,status",
    ]);
    const report = await parseJunit(out);
    const suite = (
      report as {
        testsuite: {
          tests: number;
          failures: number;
          skipped: number;
          testcase: { name: string; failure?: { message: string; inner: string }[]; skipped?: { message: string }[] }[];
        }[];
      }
    ).testsuite[0]!;
    expect(suite).toMatchObject({ tests: 10, failures: 2, skipped: 1 });
    const byName = Object.fromEntries(suite.testcase.map((c) => [c.name, c]));
    expect(Object.keys(byName)).toEqual([
      "namespaced",
      "not_function_call",
      "status",
      "arguments_type",
      "arguments_parse",
      "unknown_tool",
      "arguments_schema",
      "missing_signature",
      "malformed_line",
      "empty_response",
    ]);
    expect(byName.arguments_schema!.failure![0]!.message).toBe(
      "1 item may not be replayed: The parsed arguments fail the tool's JSON Schema.",
    );
    expect(byName.arguments_schema!.failure![0]!.inner).toBe(
      `${log}:2  arguments_schema: /region must be equal to one of the allowed values ("apac", "emea", "amer"), received "global"`,
    );
    expect(byName.namespaced!.skipped![0]!.message).toBe("1 item: namespaced, not counted as failing (--fail-on)");
    expect(byName.unknown_tool).not.toHaveProperty("failure");
  });

  test("unlisted failures are counted in the failure's text", async () => {
    const many = write("many.jsonl", Array.from({ length: 5 }, () => JSON.stringify(fc_009)).join("\n"));
    const { out } = await run(["check", many, "--tools", tools, "--format", "junit", "--max-failures", "2"]);
    const report = (await parseJunit(out)) as {
      testsuite: { testcase: { name: string; failure?: { inner: string }[] }[] }[];
    };
    const inner = report.testsuite[0]!.testcase.find((c) => c.name === "arguments_schema")!.failure![0]!.inner;
    expect(inner.split("\n")).toHaveLength(3);
    expect(inner).toContain("… and 3 more (raise --max-failures to list them)");
  });

  test("markup and characters XML cannot hold in a log never break the document", async () => {
    const nasty = `</failure>]]><x a="&'">\u0001\u0008\ud800`;
    const hostile = write(
      "nasty.jsonl",
      [JSON.stringify({ ...fc_009, name: nasty }), `{"broken": "${nasty.slice(0, 12)}`].join("\n"),
    );
    const { out } = await run(["check", hostile, "--tools", tools, "--format", "junit"]);
    const report = (await parseJunit(out)) as {
      testsuite: { testcase: { name: string; failure?: { inner: string }[] }[] }[];
    };
    const inner = report.testsuite[0]!.testcase.find((c) => c.name === "unknown_tool")!.failure![0]!.inner;
    // The gate's message quotes the name as JSON: it comes back through the parser unchanged.
    expect(inner).toContain(`no tool named "</failure>]]><x a=\\"&'\\">\\u0001\\b\\ud800"`);
  });

  test("markup escaping: characters XML 1.0 cannot hold become U+FFFD, surrogate pairs stay", () => {
    expect(escapeMarkup(`<a b="c" d='e'>&</a>`)).toBe("&lt;a b=&quot;c&quot; d=&apos;e&apos;&gt;&amp;&lt;/a&gt;");
    expect(escapeMarkup("\u0000\u0008\u000b\t\n\r\ud800x\udc00\ud83d\ude00\uffff")).toBe(
      "\ufffd\ufffd\ufffd\t\n\r\ufffdx\ufffd\ud83d\ude00\ufffd",
    );
  });

  test("diff: a test case per tool, failing with its breaking changes", async () => {
    const next = write(
      "next.json",
      JSON.stringify(
        [
          {
            ...salesTool,
            parameters: { ...salesTool.parameters, properties: { region: { type: "string", enum: ["apac", "emea"] } } },
          },
          { type: "function", name: "refund", parameters: { type: "object" } },
        ],
        null,
        2,
      ),
    );
    const { out, code } = await run(["diff", tools, next, "--format", "junit"]);
    expect(code).toBe(1);
    const report = (await parseJunit(out)) as {
      testsuite: {
        tests: number;
        failures: number;
        testcase: { name: string; failure?: { message: string; inner: string }[]; "system-out"?: string[] }[];
      }[];
    };
    const suite = report.testsuite[0]!;
    expect(suite).toMatchObject({ tests: 2, failures: 1 });
    expect(suite.testcase.map((c) => c.name)).toEqual(["get_latest_sales_report", "refund"]);
    expect(suite.testcase[0]!.failure![0]!.message).toBe("1 breaking change: enum_value_removed");
    expect(suite.testcase[1]!["system-out"]![0]).toBe('refund  [tool_added]  tool "refund" was added');
  });
});

describe("sarif", () => {
  test("check: valid SARIF 2.1.0, a rule per reason, a result per listed failure at its line", async () => {
    const { out } = await run(["check", log, "--tools", tools, "--format", "sarif"]);
    const sarif = JSON.parse(out);
    expect(sarifErrors(sarif)).toEqual([]);
    const [runOf] = sarif.runs;
    expect(runOf.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual([
      "namespaced",
      "not_function_call",
      "status",
      "arguments_type",
      "arguments_parse",
      "unknown_tool",
      "arguments_schema",
      "missing_signature",
      "malformed_line",
      "empty_response",
    ]);
    expect(runOf.results).toHaveLength(3);
    expect(runOf.results[0]).toMatchObject({
      ruleId: "arguments_schema",
      ruleIndex: 6,
      level: "error",
      message: { text: expect.stringContaining('received "global"') },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: expect.stringMatching(/^file:\/\/.*calls\.jsonl$/) },
            region: { startLine: 2 },
          },
        },
      ],
      partialFingerprints: { "agentTestkitFailure/v1": expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    expect(runOf.properties.counts).toEqual(
      JSON.parse((await run(["check", log, "--tools", tools, "--json"])).out).counts,
    );
  });

  test("unlisted failures are a notification; stdin has no location", async () => {
    const { out } = await run(
      ["check", "-", "--tools", tools, "--format", "sarif", "--max-failures", "0"],
      JSON.stringify(fc_009),
    );
    const sarif = JSON.parse(out);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toEqual([]);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toBe(
      "1 more failing items are not listed: raise --max-failures to list them",
    );
    const listed = JSON.parse(
      (await run(["check", "-", "--tools", tools, "--format", "sarif"], JSON.stringify(fc_009))).out,
    );
    expect(listed.runs[0].results[0]).not.toHaveProperty("locations");
  });

  test("relative paths are URI references from the checkout's root; absolute ones file URLs", () => {
    expect(sarifLocations("logs/run 1.jsonl", 3)).toEqual({
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "logs/run%201.jsonl", uriBaseId: "%SRCROOT%" },
            region: { startLine: 3 },
          },
        },
      ],
    });
    expect(sarifLocations("logs\\win#1.jsonl", undefined)).toEqual({
      locations: [{ physicalLocation: { artifactLocation: { uri: "logs/win%231.jsonl", uriBaseId: "%SRCROOT%" } } }],
    });
    expect(sarifLocations("/var/log/a b.jsonl", 1).locations![0]!.physicalLocation!.artifactLocation!.uri).toBe(
      "file:///var/log/a%20b.jsonl",
    );
    expect(sarifLocations(undefined, 1)).toEqual({});
  });

  test("hostile log content stays valid SARIF", async () => {
    const hostile = write(
      "nasty.sarif.jsonl",
      [
        JSON.stringify({ ...fc_009, name: "\u0000<x>\ud800" }),
        "{",
        "[1,2]",
        JSON.stringify({ object: "response", output: [] }),
      ].join("\n"),
    );
    const sarif = JSON.parse((await run(["check", hostile, "--tools", tools, "--format", "sarif"])).out);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual([
      "unknown_tool",
      "malformed_line",
      "namespaced",
      "empty_response",
    ]);
  });

  test("diff: errors for breaking changes and notes for compatible ones, on the new file at the changed line", async () => {
    const nextText = JSON.stringify(
      [
        {
          ...salesTool,
          parameters: {
            ...salesTool.parameters,
            properties: { region: { type: "string", enum: ["apac", "emea", "latam"] } },
          },
        },
      ],
      null,
      2,
    );
    const next = write("next-sarif.json", nextText);
    const sarif = JSON.parse((await run(["diff", tools, next, "--format", "sarif"])).out);
    expect(sarifErrors(sarif)).toEqual([]);
    const [runOf] = sarif.runs;
    expect(
      runOf.tool.driver.rules.map((r: { id: string; defaultConfiguration: { level: string } }) => [
        r.id,
        r.defaultConfiguration.level,
      ]),
    ).toEqual([
      ["enum_value_removed", "error"],
      ["enum_value_added", "note"],
    ]);
    expect(
      runOf.results.map(
        (r: { level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }) => [
          r.level,
          r.locations[0]!.physicalLocation.region.startLine,
        ],
      ),
    ).toEqual([
      ["error", lineOf(nextText, '"enum"')],
      ["note", lineOf(nextText, '"enum"')],
    ]);
  });
});

describe("diff: where each change is, and what it was", () => {
  const v1Text = JSON.stringify(
    {
      model: "gpt-5",
      tools: [
        { type: "web_search" },
        {
          type: "function",
          name: "lookup",
          parameters: {
            type: "object",
            $defs: { id: { type: "string", maxLength: 20 } },
            properties: { id: { $ref: "#/$defs/id" }, note: { type: "string" } },
            required: ["id"],
          },
        },
        {
          type: "function",
          function: { name: "legacy", parameters: { type: "object", properties: { n: { type: "integer" } } } },
        },
        { type: "function", name: "gone", parameters: { type: "object" } },
      ],
    },
    null,
    2,
  );
  const v2Value = JSON.parse(v1Text);
  v2Value.tools[1].parameters.$defs.id.maxLength = 10; // through a $ref
  delete v2Value.tools[1].parameters.properties.note; // removed: found at its parent
  v2Value.tools[2].function.parameters.properties.n.minimum = 1; // Chat Completions shape
  v2Value.tools.pop(); // a removed tool has no line
  const v2Text = JSON.stringify(v2Value, null, 2);
  const v1 = write("v1-located.json", v1Text);
  const v2 = write("v2-located.json", v2Text);

  test("--json gives each change its file, line and the schema before and after", async () => {
    const report = JSON.parse((await run(["diff", v1, v2, "--json"])).out);
    const byRule = Object.fromEntries(report.changes.map((c: { rule: string }) => [c.rule, c]));
    expect(report.tools).toEqual(["gone", "legacy", "lookup"]);
    expect(byRule.maxLength_tightened).toMatchObject({
      file: v2,
      line: lineOf(v2Text, '"maxLength": 10'),
      before: 20,
      after: 10,
    });
    expect(byRule.property_removed).toMatchObject({
      tool: "lookup",
      line: lineOf(v2Text, '"properties": {'),
      before: { type: "string" },
    });
    expect(byRule.property_removed).not.toHaveProperty("after");
    expect(byRule.minimum_added).toMatchObject({ tool: "legacy", line: lineOf(v2Text, '"minimum": 1'), after: 1 });
    expect(byRule.tool_removed).toMatchObject({ tool: "gone", file: v2, before: { type: "object" } });
    expect(byRule.tool_removed).not.toHaveProperty("line");
  });

  test("github: annotations at those lines; none without a line number when the change has none", async () => {
    const { out } = await run(["diff", v1, v2, "--format", "github"]);
    const annotations = out.split("\n").filter((line) => line.startsWith("::error"));
    expect(annotations).toContain(
      `::error file=${v2},line=${lineOf(v2Text, '"maxLength": 10')},title=breaking change%3A maxLength_tightened (lookup)::lookup/properties/id/maxLength: /properties/id: maxLength was tightened from 20 to 10`,
    );
    expect(annotations).toContain(
      `::error file=${v2},title=breaking change%3A tool_removed (gone)::gone: tool "gone" was removed: calls to it now fail as unknown_tool`,
    );
  });
});

describe("--html", () => {
  test("writes one self-contained page beside the chosen report, atomically", async () => {
    const page = join(dir, "report.html");
    const { code, out } = await run(["check", log, "--tools", tools, "--format", "json", "--html", page]);
    expect(code).toBe(1);
    expect(JSON.parse(out).failed).toBe(3);
    const html = readFileSync(page, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  test("what a log holds is shown as text, never as markup", async () => {
    const hostile = write(
      "xss.jsonl",
      JSON.stringify({
        ...fc_009,
        name: "<script>alert(1)</script>",
        arguments: '{"region":"<img src=x onerror=alert(1)>"}',
      }),
    );
    const page = join(dir, "xss.html");
    await run(["check", hostile, "--tools", tools, "--html", page]);
    const html = readFileSync(page, "utf8");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("a report that cannot be written is a usage error naming it; the report on stdout is still printed", async () => {
    const underAFile = join(tools, "report.html");
    const { code, err, out } = await run(["diff", tools, tools, "--json", "--html", underAFile]);
    expect(code).toBe(2);
    expect(err).toMatch(`cannot write the HTML report ${underAFile}: E`);
    expect(existsSync(underAFile)).toBe(false);
    expect(JSON.parse(out)).toMatchObject({ ok: true });
  });

  test("a report into a folder that is not there yet makes the folder", async () => {
    const nested = join(dir, "no-such-dir", "deeper", "report.html");
    const { code } = await run(["diff", tools, tools, "--html", nested]);
    expect(code).toBe(0);
    expect(readFileSync(nested, "utf8")).toContain("<html");
  });
});

test("the SARIF check can fail: a log without runs, or a result without a message, is refused", () => {
  expect(sarifErrors({ version: "2.1.0" })).not.toEqual([]);
  expect(
    sarifErrors({ version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [{ ruleId: "a" }] }] }),
  ).not.toEqual([]);
});
