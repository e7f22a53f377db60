// toBeReplayable against toEqual on the same items, in Jest's standalone `expect`; and 10,000
// structurally equal but distinct schema objects, which must compile once.
import { expect } from "expect";
import { createFactories, examples } from "../dist/factories.js";
import { replayGate, validatorFor } from "../dist/index.js";
import { agentMatchers } from "../dist/matchers.js";
import { bestOf } from "./lib/best.mjs";

expect.extend(agentMatchers);

function time(fn) {
  const started = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export function benchMatchers({ count = 10_000, runs = 7 } = {}) {
  const tool = examples.salesTool;
  const f = createFactories({ seed: 9, tools: [tool] });
  const items = Array.from({ length: count }, () => f.functionCall());
  const copies = items.map((item) => structuredClone(item));
  const replayable = bestOf(runs, () => {
    for (const item of items) expect(item).toBeReplayable(tool);
  });
  const toEqual = bestOf(runs, () => {
    for (let i = 0; i < items.length; i++) expect(items[i]).toEqual(copies[i]);
  });

  // toHaveCalledTool over a 50-item transcript, against toEqual on the item it finds.
  const transcript = f
    .conversation()
    .concat(...Array.from({ length: 12 }, () => f.conversation()))
    .slice(0, 50);
  const target = transcript.filter((item) => item.type === "function_call").at(-1);
  const targetArgs = JSON.parse(target.arguments);
  const targetCopy = structuredClone(target);
  const calledTool = bestOf(runs, () => {
    for (let i = 0; i < count; i++) expect(transcript).toHaveCalledTool(target.name, targetArgs);
  });
  const equalOnFound = bestOf(runs, () => {
    for (let i = 0; i < count; i++) expect(target).toEqual(targetCopy);
  });

  // A structure not seen before in this process, built 10,000 times as distinct objects.
  const fresh = JSON.stringify({ ...tool.parameters, $comment: `bench ${process.pid}` });
  const schemas = Array.from({ length: count }, () => JSON.parse(fresh));
  const compileMs = time(() => {
    for (let i = 0; i < schemas.length; i++) replayGate(items[i], schemas[i]);
  });
  // compiled once: every equal schema object gets the one validator
  const compiled = new Set(schemas.map((schema) => validatorFor(schema))).size;
  return {
    name: `matchers: ${count} assertions`,
    ms: {
      toBeReplayable: +replayable.toFixed(1),
      toEqual: +toEqual.toFixed(1),
      "toHaveCalledTool (50 items)": +calledTool.toFixed(1),
      "toEqual on the found item": +equalOnFound.toFixed(1),
      [`gate with ${count} distinct equal schemas`]: +compileMs.toFixed(1),
    },
    compiledSchemas: compiled,
    ratios: [
      { name: "toBeReplayable / toEqual", value: replayable / toEqual, target: 3 },
      {
        name: "toHaveCalledTool over 50 items / toEqual on the found item",
        value: calledTool / equalOnFound,
        target: 3,
      },
      { name: `compilations for ${count} equal schema objects (must be 1)`, value: compiled, target: 1 },
    ],
  };
}
