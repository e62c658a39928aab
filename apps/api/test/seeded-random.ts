/** mulberry32: a small seeded generator, so a failing run can be replayed. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick };
}

/** The seed of the stat-counter property tests (`STAT_COUNTERS_SEED` replays a failure). */
export const SEED = Number(process.env.STAT_COUNTERS_SEED ?? 20261125);
