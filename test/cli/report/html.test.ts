// The HTML report, opened in a real headless Chromium: what the page shows must be what the JSON
// report says, the page must load nothing from anywhere, and a screenshot of it is kept in
// test-results/ (its path is printed) for a person to look at.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fc_001, fc_009, lookupOrderTool, salesTool, ws_001 } from "../../core/samples.js";
import { run } from "../run.js";
import { browserAvailable, CHROMIUM, launchChromium } from "./browser.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-html-"));
const shots = resolve("test-results", "html-report");
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe.skipIf(!browserAvailable)(`the HTML report in headless Chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => browser?.close());

  /**
   * Opens a report page; fails on any request but the page itself and on any console error (a CSP refusal included).
   */
  async function open(file: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(pathToFileURL(file).href);
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(problems).toEqual([]);
    // Nothing spills out sideways at a laptop's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    return page;
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    const path = join(shots, name);
    await page.screenshot({ path, fullPage: true });
    console.log(`screenshot of the ${name.replace(/\.png$/, "")} report: ${path}`);
  }

  test("check: the totals, the chart, the tool table and the failures are the JSON report's", async () => {
    const tools = write("tools.json", JSON.stringify([salesTool, lookupOrderTool]));
    const incomplete = { ...fc_001, status: "incomplete", arguments: '{"region":"ap' };
    const lines = [fc_001, fc_009, incomplete, ws_001, fc_001, { ...fc_009, name: "<b>lookup</b>" }, fc_009].map(
      (item) => JSON.stringify(item),
    );
    const log = write("calls.jsonl", [...lines, "", "{oops"].join("\n"));
    const html = join(dir, "check.html");
    const { out } = await run([
      "check",
      log,
      "--tools",
      tools,
      "--format",
      "json",
      "--max-failures",
      "4",
      "--html",
      html,
    ]);
    const report = JSON.parse(out);
    const page = await open(html);

    const metrics = await page.$$eval("[data-metric]", (nodes) =>
      Object.fromEntries(
        nodes.map((n) => [
          n.getAttribute("data-metric"),
          Number(n.querySelector(".value")!.textContent!.replace(/,/g, "")),
        ]),
      ),
    );
    expect(metrics).toEqual({
      lines: report.lines,
      items: report.items,
      failed: report.failed,
      ok: report.counts.ok,
      blank: report.blank,
    });

    const bars = await page.$$eval("svg.chart g.bar", (nodes) =>
      nodes.map((n) => [
        n.getAttribute("data-reason"),
        Number(n.querySelector("text.n")!.textContent),
        n.getBoundingClientRect().width > 0,
      ]),
    );
    expect(bars).toEqual(
      Object.entries(report.counts)
        .filter(([, n]) => (n as number) > 0)
        .map(([reason, n]) => [reason, n, true]),
    );
    // Bars grow with their counts.
    const widths = await page.$$eval("svg.chart rect", (nodes) => nodes.map((n) => Number(n.getAttribute("width"))));
    const counts = bars.map(([, n]) => n as number);
    for (let i = 0; i < counts.length; i++)
      for (let j = 0; j < counts.length; j++)
        if (counts[i]! > counts[j]!) expect(widths[i]).toBeGreaterThan(widths[j]!);

    const tools_ = await page.$$eval("table.tools tbody tr", (rows) =>
      rows.map((row) => ({
        name: row.querySelector("th")!.textContent,
        items: Number(row.querySelector('[data-count="items"]')!.textContent),
        failed: Number(row.querySelector('[data-count="failed"]')!.textContent),
      })),
    );
    expect(tools_).toEqual(
      report.tools.map((t: { name: string; items: number; failed: number }) => ({
        name: t.name,
        items: t.items,
        failed: t.failed,
      })),
    );
    expect(tools_.map((t) => t.name)).toContain("<b>lookup</b>"); // shown as text

    const sections = await page.$$eval("section.reason", (nodes) =>
      nodes.map((n) => ({
        reason: n.getAttribute("data-reason"),
        count: Number(n.querySelector(".count")!.textContent),
        lines: [...n.querySelectorAll("li")].map((li) => Number(li.getAttribute("data-line"))),
        text: n.querySelector("li code")?.textContent,
        more: n.querySelector(".more")?.textContent,
      })),
    );
    // A section for every reason that failed the run, listed or not.
    expect(sections.map((s) => s.reason)).toEqual(
      Object.keys(report.counts).filter((r) => r !== "ok" && report.counts[r] > 0),
    );
    for (const section of sections) {
      expect(section.count).toBe(report.counts[section.reason!]);
      const listed = report.failures.filter((f: { reason: string }) => f.reason === section.reason);
      expect(section.lines).toEqual(listed.map((f: { line: number }) => f.line));
      expect(section.text).toBe(listed[0]?.message);
      const unlisted = section.count - listed.length;
      expect(section.more).toBe(
        unlisted === 0
          ? undefined
          : `${listed.length > 0 ? `… and ${unlisted} more` : unlisted}, not listed (raise --max-failures).`,
      );
    }
    expect(sections.flatMap((s) => s.lines)).toHaveLength(report.failures.length);
    expect(await page.textContent(".verdict strong")).toBe("FAILED");
    await screenshot(page, "check.png");
  }, 60_000);

  test("diff: every change side by side with the old and new schema fragments", async () => {
    const old = write("old.json", JSON.stringify([salesTool, lookupOrderTool], null, 2));
    const changed = {
      ...salesTool,
      strict: true,
      parameters: {
        ...salesTool.parameters,
        properties: {
          region: { type: "string", enum: ["apac", "emea", "latam"] },
          limit: { type: "integer", maximum: 50 },
        },
      },
    };
    const next = write(
      "new.json",
      JSON.stringify([changed, { type: "function", name: "refund", parameters: { type: "object" } }], null, 2),
    );
    const html = join(dir, "diff.html");
    const { out } = await run(["diff", old, next, "--json", "--html", html]);
    const report = JSON.parse(out);
    const page = await open(html);

    const metrics = await page.$$eval("[data-metric]", (nodes) =>
      Object.fromEntries(
        nodes.map((n) => [n.getAttribute("data-metric"), Number(n.querySelector(".value")!.textContent)]),
      ),
    );
    expect(metrics).toEqual({ breaking: report.breaking, compatible: report.compatible, tools: report.tools.length });
    const cards = await page.$$eval("article.change", (nodes) =>
      nodes.map((n) => ({
        kind: n.getAttribute("data-kind"),
        rule: n.getAttribute("data-rule"),
        tool: n.getAttribute("data-tool"),
        before: n.querySelector('pre[data-side="before"]')!.textContent,
        after: n.querySelector('pre[data-side="after"]')!.textContent,
        sideBySide: (() => {
          const [a, b] = [...n.querySelectorAll("figure")].map((f) => f.getBoundingClientRect());
          return Math.abs(a!.top - b!.top) < 1 && a!.right <= b!.left;
        })(),
      })),
    );
    const shown = (value: unknown) => (value === undefined ? "(absent)" : JSON.stringify(value, null, 2));
    const expected = [
      ...report.changes.filter((c: { kind: string }) => c.kind === "breaking"),
      ...report.changes.filter((c: { kind: string }) => c.kind === "compatible"),
    ];
    expect(cards).toEqual(
      expected.map((c: { kind: string; rule: string; tool: string; before?: unknown; after?: unknown }) => ({
        kind: c.kind,
        rule: c.rule,
        tool: c.tool,
        before: shown(c.before),
        after: shown(c.after),
        sideBySide: true,
      })),
    );
    expect(cards.filter((c) => c.kind === "breaking")).toHaveLength(report.breaking);
    await screenshot(page, "diff.png");
  }, 60_000);
});
