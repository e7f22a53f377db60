// The best of `runs` timings of a synchronous function, in milliseconds: what the scaling benches
// (matchers, pairing, trajectories) compare across sizes.
export function bestOf(runs, fn) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}
