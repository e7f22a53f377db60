import { Readable } from "node:stream";
import fc from "fast-check";
import { expect, test } from "vitest";
import { LineSplitter } from "../../src/cli/lines.js";

async function collect(chunks: Array<string | Buffer>): Promise<string[]> {
  const out: string[] = [];
  const splitter = new LineSplitter();
  const onLine = (line: string) => out.push(line);
  for await (const chunk of Readable.from(chunks)) splitter.push(chunk as Buffer, onLine);
  splitter.end(onLine);
  return out;
}

test("splits on \\n and \\r\\n, keeps empty lines, and a last line without newline", async () => {
  expect(await collect(["a\nb\r\n\nc"])).toEqual(["a", "b", "", "c"]);
  expect(await collect(["a\n"])).toEqual(["a"]);
  expect(await collect([])).toEqual([]);
});

test("any chunking of any text gives the same lines as split (multi-byte characters cut anywhere)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.string({ unit: "binary" })),
      fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
      async (parts, cuts) => {
        const text = parts.join("\n");
        const bytes = Buffer.from(text, "utf8");
        const chunks: Buffer[] = [];
        for (let i = 0, c = 0; i < bytes.length; c++) {
          const size = cuts[c % cuts.length]!;
          chunks.push(bytes.subarray(i, i + size));
          i += size;
        }
        const expected = text === "" ? [] : text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
        if (text.endsWith("\n")) expected.pop();
        expect(await collect(chunks)).toEqual(expected);
      },
    ),
    { numRuns: 200 },
  );
});
