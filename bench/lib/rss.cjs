// Preloaded into a benchmark child: reports its peak resident set size and CPU time on exit. On Linux it reads
// VmHWM from /proc/self/status: getrusage's maxrss survives exec, so a child spawned by a large
// parent would report the parent's peak instead of its own.
process.on("exit", () => {
  const fs = require("node:fs");
  let kb = process.resourceUsage().maxRSS;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (match) kb = Number(match[1]);
  } catch {
    // not Linux: maxRSS it is
  }
  const cpu = process.cpuUsage();
  fs.writeSync(2, `\nmaxrss_kb ${kb}\ncpu_us ${cpu.user + cpu.system}\n`);
});
