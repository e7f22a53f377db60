// `npm run demo`: the main job, on the example app in examples/.
//  1. the app's Vitest suite: the official clients against both fakes, with the matchers and the factories;
//  2. `agent-testkit check` on a recorded log (it holds one item per failure reason, so it exits 1);
//  3. `agent-testkit diff` between the released tools and a proposed version (breaking: exits 1).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function step(title, command, args, expected) {
  console.log(`\n━━ ${title}\n$ ${[command === process.execPath ? "agent-testkit" : command, ...args].join(" ")}\n`);
  const { status } = spawnSync(
    command === "agent-testkit" ? process.execPath : command,
    command === "agent-testkit" ? [cli, ...args] : args,
    { cwd: root, stdio: "inherit" },
  );
  if (status !== expected) {
    console.error(`\ndemo: "${title}" exited ${status}, expected ${expected}`);
    process.exit(1);
  }
}

step("1. the example app's suite", "vitest", ["run", "examples"], 0);
step(
  "2. replay a recorded log through the gate",
  "agent-testkit",
  ["check", "examples/logs/sales.jsonl", "--tools", "examples/contract/tools.v1.json"],
  1,
);
step(
  "3. breaking changes between the released tools and a proposed version",
  "agent-testkit",
  ["diff", "examples/contract/tools.v1.json", "examples/contract/tools.v2.json"],
  1,
);
console.log(
  "\ndemo: done — the suite passed; check and diff exited 1 because the sample log and v2 are broken on purpose.",
);
