// `npm run demo`: the main job. Runs the replay gate over the sample log with the example tools
// and prints the per-reason summary (the CLI exits 1 because the log holds bad items on purpose).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function step(title, args, expectedStatus) {
  console.log(`\n$ agent-testkit ${args.join(" ")}    # ${title}`);
  const { status } = spawnSync(process.execPath, [cli, ...args], { cwd: here, stdio: "inherit" });
  if (status !== expectedStatus) {
    console.error(`demo: expected exit ${expectedStatus}, got ${status}`);
    process.exit(1);
  }
}

step("check a recorded log against the tools", ["check", "logs/sales.jsonl", "--tools", "tools.json"], 1);
console.log("\ndemo: done (the sample log contains one item per failure reason, so check exits 1 as it should)");
