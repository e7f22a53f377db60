// check --cache-prefix: a cassette's Responses requests read in order, each compared with the one
// before it in its conversation; a break fails the run, at its line, in every format.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseJunit } from "junit2json";
import { describe, expect, test } from "vitest";
import { sarifErrors } from "./report/sarifSchema.js";
import { run } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cache-prefix-"));
const LONG = "Answer as the sales desk would. ".repeat(188).slice(0, 6000);
const interaction = (instructions: string, input: unknown[], answer: string) => ({
  section: "a test",
  request: { method: "POST", path: "/v1/responses", body: { model: "gpt-5", instructions, input, store: false } },
  response: {
    status: 200,
    headers: {},
    body: {
      object: "response",
      output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: answer }] }],
    },
  },
});
const answered = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
const user = (content: string) => ({ role: "user", content });
const lines = [
  interaction(LONG, [user("First?")], "One."),
  {
    section: "a test",
    request: { method: "GET", path: "/v1/responses/resp_1" },
    response: { status: 200, headers: {} },
  },
  interaction(LONG, [user("First?"), answered("One."), user("Second?")], "Two."),
  interaction(
    `${LONG.slice(0, 42)}!${LONG.slice(43)}`,
    [user("First?"), answered("One."), user("Second?"), answered("Two."), user("Third?")],
    "Three.",
  ),
];
const cassette = join(dir, "broken.jsonl");
writeFileSync(cassette, lines.map((line) => JSON.stringify(line)).join("\n"));
const good = join(dir, "good.jsonl");
writeFileSync(
  good,
  lines
    .slice(0, 3)
    .map((line) => JSON.stringify(line))
    .join("\n"),
);

const MESSAGE =
  'prompt_cache_prefix: the request on line 4 changes /instructions at character 42 ("…ould. Answer as the sales desk w…" → "…ould. Answer as !he sales desk w…"): 1,408 cached tokens of the request on line 3 lost';

describe("check --cache-prefix", () => {
  test("text: the break at its line, and the run fails; without the flag the same cassette passes", async () => {
    const broken = await run(["check", cassette, "--cache-prefix"]);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("Prompt cache: 3 requests read, 1 break");
    expect(broken.out).toContain(`${cassette}:4  ${MESSAGE}`);
    expect(broken.out).toContain("FAILED: 1 request breaks the prompt-cache prefix");
    const plain = await run(["check", cassette]);
    expect(plain.code).toBe(0);
    expect(plain.out).not.toContain("Prompt cache");
    const fine = await run(["check", good, "--cache-prefix"]);
    expect(fine.code).toBe(0);
    expect(fine.out).toContain("Prompt cache: 2 requests read, 0 breaks");
  });

  test("json, github, junit, sarif and html carry it", async () => {
    const json = JSON.parse((await run(["check", cassette, "--cache-prefix", "--json"])).out);
    expect(json).toMatchObject({
      ok: false,
      cache: {
        requests: 3,
        broken: 1,
        breaks: [{ line: 4, previousLine: 3, path: "/instructions", lostTokens: 1408, message: MESSAGE }],
      },
    });
    const github = (await run(["check", cassette, "--cache-prefix", "--format", "github"])).out;
    expect(github).toContain(`::error file=${cassette},line=4,title=prompt cache prefix (/instructions)::${MESSAGE}`);
    const junit = await parseJunit((await run(["check", cassette, "--cache-prefix", "--format", "junit"])).out);
    const cases =
      (junit as { testsuite?: Array<{ testcase?: Array<{ name: string; failure?: unknown }> }> }).testsuite?.[0]
        ?.testcase ?? [];
    expect(cases.find((c) => c.name === "prompt_cache_prefix")?.failure).toBeDefined();
    const sarif = JSON.parse((await run(["check", cassette, "--cache-prefix", "--format", "sarif"])).out);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toContainEqual(
      expect.objectContaining({
        ruleId: "prompt_cache_prefix",
        message: { text: MESSAGE },
        locations: [
          expect.objectContaining({ physicalLocation: expect.objectContaining({ region: { startLine: 4 } }) }),
        ],
      }),
    );
    const html = join(dir, "report.html");
    await run(["check", cassette, "--cache-prefix", "--html", html]);
    expect(readFileSync(html, "utf8")).toContain('data-reason="prompt_cache_prefix"');
  });

  test("a directory: each cassette on its own, the breaks naming their file; --threads stays one thread", async () => {
    const folder = join(dir, "cassettes");
    mkdirSync(folder);
    writeFileSync(join(folder, "a.jsonl"), readFileSync(good, "utf8"));
    writeFileSync(join(folder, "b.jsonl"), readFileSync(cassette, "utf8"));
    const report = JSON.parse((await run(["check", folder, "--cache-prefix", "--json", "--threads", "4"])).out);
    expect(report.cache).toMatchObject({
      requests: 5,
      broken: 1,
      breaks: [{ file: join(folder, "b.jsonl"), line: 4 }],
    });
    expect(report.threads).toBe(1);
  });
});
