import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { lookupOrderTool, salesTool } from "../core/samples.js";
import { run } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-diff-"));
const write = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

const v1 = write("v1.json", [salesTool, lookupOrderTool]);
const v2ok = write("v2-ok.json", [
  salesTool,
  lookupOrderTool,
  { type: "function", name: "refund_order", parameters: { type: "object" } },
]);
const v2bad = write("v2-bad.json", {
  tools: [
    {
      ...salesTool,
      parameters: { ...salesTool.parameters, properties: { region: { type: "string", enum: ["apac"] } } },
    },
  ],
});

test("no breaking change: exit 0, compatible changes listed", async () => {
  const { code, out } = await run(["diff", v1, v2ok]);
  expect(code).toBe(0);
  expect(out).toContain("0 breaking, 1 compatible");
  expect(out).toContain("refund_order  [tool_added]");
  expect(out).toContain("OK: no breaking change");
});

test("breaking changes: exit 1, each with its path and rule", async () => {
  const { code, out } = await run(["diff", v1, v2bad]);
  expect(code).toBe(1);
  expect(out).toContain("get_latest_sales_report/properties/region/enum  [enum_value_removed]");
  expect(out).toContain("lookup_order  [tool_removed]");
  const json = await run(["diff", v1, v2bad, "--json"]);
  expect(JSON.parse(json.out)).toMatchObject({
    breaking: 2,
    compatible: 0,
    changes: expect.arrayContaining([expect.objectContaining({ rule: "tool_removed" })]),
  });
});

test("usage errors exit 2 and name the file", async () => {
  expect((await run(["diff", v1])).code).toBe(2);
  const missing = await run(["diff", v1, join(dir, "nope.json")]);
  expect(missing.code).toBe(2);
  expect(missing.err).toContain("nope.json");
  expect((await run(["diff", "--help"])).out).toContain("Usage: agent-testkit diff");
});
