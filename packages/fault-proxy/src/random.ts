// Seeded randomness for fault decisions: the same seed and the same sequence of requests give
// the same faults, so a failing run can be replayed. mulberry32: 32-bit state, integer steps.

/**
 * A seeded generator of integers: `below(n)` is uniform in 0..n-1.
 *
 * @example
 * const random = seededRandom(42);
 * if (random.below(100) < dropPercent) drop();
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    next,
    /** Uniform in 0..n-1 (n at most 2^32); the modulo bias is below 1e-7 for n <= 10,000. */
    below: (n: number) => next() % n,
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
