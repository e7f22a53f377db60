// Preloaded into a benchmark child: reports its peak resident set size on exit.
process.on("exit", () => {
  require("node:fs").writeSync(2, `\nmaxrss_kb ${process.resourceUsage().maxRSS}\n`);
});
