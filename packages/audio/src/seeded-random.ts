/**
 * mulberry32: a small, fast seeded generator, identical on every platform. Uniform in [0, 1).
 * One copy for the engine's tests, the benchmark's corpus and the server's pattern suggestions,
 * which all must repeat exactly from a seed.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
