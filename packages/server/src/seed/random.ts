/** A small seeded PRNG (mulberry32) so demo data is the same on every fresh install. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** A value in [min, max] rounded to `decimals`. */
    real: (min: number, max: number, decimals = 1) => Number((min + next() * (max - min)).toFixed(decimals)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  };
}
export type Random = ReturnType<typeof createRandom>;
