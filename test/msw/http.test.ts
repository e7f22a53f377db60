import fc from "fast-check";
import { expect, test } from "vitest";
import { splitDeltas } from "../../fixtures/msw/http.js";

test("deltas join back to the text, at least `count` of them when the text allows, never halving a surrogate pair", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 1, max: 50 }), (text, count) => {
      const deltas = splitDeltas(text, count);
      expect(deltas.join("")).toBe(text);
      for (const delta of deltas) {
        expect(delta.length).toBeGreaterThan(0);
        expect(/^[\uDC00-\uDFFF]/.test(delta)).toBe(false);
      }
      if (text.length >= count * 2) expect(deltas.length).toBeGreaterThanOrEqual(Math.floor(count / 2));
    }),
  );
});
