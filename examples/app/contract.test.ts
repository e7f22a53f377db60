// The tool contract: today's tools must not break the calls that the last release's tools
// accepted. The previous contract is a committed JSON file (examples/contract/tools.v1.json);
// after a release, copy the new tools over it.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { tools } from "./tools.js";

const previous = JSON.parse(readFileSync(new URL("../contract/tools.v1.json", import.meta.url), "utf8"));

test("the app's tools are compatible with the last release's", () => {
  expect(tools).toBeCompatibleWith(previous);
});

test("the proposed v2 is not: the demo's `agent-testkit diff` says why", () => {
  const proposed = JSON.parse(readFileSync(new URL("../contract/tools.v2.json", import.meta.url), "utf8"));
  expect(proposed).not.toBeCompatibleWith(previous);
});
