// Issue 36's adversarial round on round 3's surface: each case below failed (a host that died, a
// hang, unbounded memory or work, a silent change) and is written to fail without its fix.
import { describe, expect, test } from "vitest";
import { checkCustomInput } from "../../src/customTools.js";
import { promptPrefixReport } from "../../src/promptCache.js";

describe("super-linear work", () => {
  test("a custom tool's regex grammar the linear engine cannot run is not checked, never backtracked (29 characters of (?=a)(a+)+b)", () => {
    const tool = { type: "custom", name: "g", format: { type: "grammar", syntax: "regex", definition: "(?=a)(a+)+b" } };
    const verdict = checkCustomInput(tool, "a".repeat(29));
    expect(verdict).toMatchObject({ ok: true, checked: false });
    expect(verdict.message).toContain("needs backtracking");
    const backreference = { ...tool, format: { ...tool.format, definition: "(a)\\1" } };
    expect(checkCustomInput(backreference, "aa")).toMatchObject({ checked: false });
  });

  test("toKeepPromptCachePrefix on a body whose tool refers to itself twice: each object read once", () => {
    const tool: Record<string, unknown> = { type: "function", name: "loop", parameters: { type: "object" } };
    tool.left = tool;
    tool.right = tool;
    let chain: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 64; i++) chain = { a: chain, b: chain }; // shared all the way down
    const bodies = [
      { model: "gpt-5", tools: [tool, chain], input: "Hi" },
      { model: "gpt-5", tools: [tool, chain], input: "Hi again" },
    ];
    expect(promptPrefixReport(bodies).requests).toBe(2);
  });
});
