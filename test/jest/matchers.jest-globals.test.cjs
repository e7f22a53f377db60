// injectGlobals: false — the matchers register on @jest/globals' expect.
const { describe, expect, test } = require("@jest/globals");
const { call_123_output, fc_001, fc_009, regionSchema } = require("./samples.cjs");

describe("with @jest/globals", () => {
  test("no global expect is injected", () => {
    expect(typeof globalThis.expect).toBe("undefined");
  });
  test("the matchers are registered on @jest/globals' expect", () => {
    expect(fc_001).toBeReplayable(regionSchema);
    expect(fc_009).not.toBeReplayable(regionSchema);
    expect(call_123_output).toPairWithCall(fc_001);
    expect([fc_001]).toEqual([expect.toHaveStringArguments({ region: "apac" })]);
  });
});
