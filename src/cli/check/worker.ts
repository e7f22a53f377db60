// A worker of `agent-testkit check --threads n`: decodes, splits and judges numbered batches of
// whole lines with its own compiled gate, and sends back its tally at the end.
import { parentPort, workerData } from "node:worker_threads";
import { createLineChecker } from "./lineChecker.js";
import type { LineOutcome } from "./report.js";

const { tools, failOn, maxFailures } = workerData as { tools: never; failOn: LineOutcome[]; maxFailures: number };
const checker = createLineChecker({ tools, failOn: new Set(failOn), maxFailures });
// A byte-order mark is the file's, stripped once by the main thread: never one per batch.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

type Message = { type: "bytes"; first: number; bytes: Uint8Array; final: boolean } | { type: "end" };

parentPort!.on("message", (message: Message) => {
  if (message.type === "end") {
    parentPort!.postMessage({ type: "result", tally: checker.tally });
    return;
  }
  const lines = decoder.decode(message.bytes).split("\n");
  // A batch ends with a newline, which leaves an empty last piece; the log's final line may not.
  if (!message.final) lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    checker.check(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line, message.first + i);
  }
  parentPort!.postMessage({ type: "ack" });
});
