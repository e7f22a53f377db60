// A worker of `agent-testkit check --threads n`: judges numbered batches of lines with its own
// compiled gate and sends back its tally at the end.
import { parentPort, workerData } from "node:worker_threads";
import { createLineChecker, type LineOutcome } from "./check.js";

const { tools, failOn, maxFailures } = workerData as { tools: never; failOn: LineOutcome[]; maxFailures: number };
const checker = createLineChecker({ tools, failOn: new Set(failOn), maxFailures });

parentPort!.on("message", (message: { type: "batch"; first: number; lines: string[] } | { type: "end" }) => {
  if (message.type === "batch") {
    for (let i = 0; i < message.lines.length; i++) checker.check(message.lines[i]!, message.first + i);
    parentPort!.postMessage({ type: "ack" });
  } else {
    parentPort!.postMessage({ type: "result", tally: checker.tally });
  }
});
