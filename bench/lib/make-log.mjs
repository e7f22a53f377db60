// Writes a JSONL log of `lines` items, mixed like a real one: mostly valid calls, and every kind
// of invalid item, built from a pool the factories generate (ids vary line by line).

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { createFactories, examples } from "../../dist/factories.js";

export const tools = [examples.salesTool, examples.lookupOrderTool];

export async function makeLog(path, count) {
  const f = createFactories({ seed: 2026, tools });
  const pool = [];
  for (let i = 0; i < 700; i++) pool.push(f.functionCall());
  for (let i = 0; i < 30; i++) for (const c of f.invalid.all()) if (c.check === "gate") pool.push(c.item);
  for (let i = 0; i < 50; i++) pool.push(f.message({ role: "assistant" }));
  const templates = pool.map((item) => JSON.stringify(item));
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    // a fresh call_id per line, so that no two lines are the same string
    const line = `${templates[i % templates.length].replace(
      /"call_[A-Za-z0-9]{4}/,
      `"call_${(i % 1679616).toString(36).padStart(4, "0")}`,
    )}\n`;
    bytes += line.length;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return bytes;
}
