/**
 * Appends every item of `items` to `target`, one at a time: `target.push(...items)` passes each
 * item as an argument and overflows the stack past about 100,000 of them.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values` (`-Infinity` for none), without spreading them as arguments. */
export function largest(values: Iterable<number>): number {
  let best = -Infinity;
  for (const value of values) if (value > best) best = value;
  return best;
}

/** The smallest of `values` (`Infinity` for none), without spreading them as arguments. */
export function smallest(values: Iterable<number>): number {
  let best = Infinity;
  for (const value of values) if (value < best) best = value;
  return best;
}
