// The floor of any JSON.parse design: read the log's lines (the same splitter as the CLI) and
// JSON-parse each line and its arguments string. Nothing else.
import { createReadStream } from "node:fs";
import { LineSplitter } from "../../src/cli/lines.ts";

let count = 0;
const onLine = (line) => {
  try {
    const item = JSON.parse(line);
    if (item && typeof item.arguments === "string") JSON.parse(item.arguments);
  } catch {
    // a malformed line or arguments string: counted like any other
  }
  count++;
};
const splitter = new LineSplitter();
for await (const chunk of createReadStream(process.argv[2], { highWaterMark: 1 << 16 })) splitter.push(chunk, onLine);
splitter.end(onLine);
console.log(JSON.stringify({ lines: count }));
