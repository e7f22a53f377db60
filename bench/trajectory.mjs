// toMatchTrajectory at 1,000 and 10,000 steps, in each order: linear, so 10× the steps costs at
// most ~12× the time (the unordered orders pair steps by a matching whose candidates are grouped by
// tool, not tried against every step).
import { expect } from "expect";
import { agentMatchers } from "../dist/matchers.js";
import { bestOf } from "./lib/best.mjs";

expect.extend(agentMatchers);

const TOOLS = ["lookup", "search", "refund", "notify"];

/** A run of `n` calls (with their answers), and the path it took. */
function run(n) {
  const items = [];
  const path = [];
  for (let i = 0; i < n; i++) {
    const tool = TOOLS[i % TOOLS.length];
    items.push(
      { type: "function_call", call_id: `c${i}`, name: tool, arguments: `{"n":${i}}`, status: "completed" },
      { type: "function_call_output", call_id: `c${i}`, output: "ok" },
    );
    path.push({ tool, args: { n: i } });
  }
  return { items, path };
}

export function benchTrajectory({ small = 1_000, large = 10_000, runs = 9 } = {}) {
  const ms = {};
  const ratios = [];
  const few = run(small);
  const many = run(large);
  for (const order of ["strict", "unordered", "subset", "superset"]) {
    const reversed = (path) => (order === "strict" ? path : [...path].reverse());
    const a = bestOf(runs, () => expect(few.items).toMatchTrajectory(reversed(few.path), { order }));
    const b = bestOf(runs, () => expect(many.items).toMatchTrajectory(reversed(many.path), { order }));
    ms[order] = { [small]: Math.round(a * 100) / 100, [large]: Math.round(b * 100) / 100 };
    ratios.push({ name: `${order}: ${large} steps / ${small} steps`, value: b / a, target: 12 });
  }
  return { name: `toMatchTrajectory at ${small} and ${large} steps (each order), best of ${runs}`, ms, ratios };
}
