// Redraws the screenshots of the HTML reports shown in docs/cli.md, from the docs' own example
// files, in Debian's headless Chromium: node scripts/report-screenshots.mjs (after npm run build).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-screenshots-"));
const cli = (...args) => {
  try {
    execFileSync(process.execPath, [join(process.cwd(), "dist/cli.js"), ...args], { cwd: dir, stdio: "ignore" });
  } catch {
    // exit 1: the examples fail on purpose
  }
};
for (const [, name, body] of readFileSync("docs/cli.md", "utf8").matchAll(/```jsonl? file=(\S+)\n([\s\S]*?)\n```/g))
  writeFileSync(join(dir, name), `${body}\n`);
cli("check", "calls.jsonl", "--tools", "tools.json", "--html", "check.html");
cli("diff", "tools.json", "tools.next.json", "--html", "diff.html");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
  for (const name of ["check", "diff"]) {
    await page.goto(pathToFileURL(join(dir, `${name}.html`)).href);
    await page.screenshot({ path: `docs/images/${name}-report.png`, fullPage: true });
    console.log(`docs/images/${name}-report.png`);
  }
} finally {
  await browser.close();
}
