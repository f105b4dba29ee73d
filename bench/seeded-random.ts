import { seededRandom } from '@tonemark/audio';

/**
 * mulberry32: a tiny, fast 32-bit PRNG. The benchmark must give the same corpus, schedule and
 * noise on every run, so nothing in it may use Math.random().
 */
export class SeededRandom {
  private readonly uniform: () => number;
  private spareGaussian: number | undefined;

  constructor(seed: number) {
    this.uniform = seededRandom(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uniform();
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }

  /** Standard normal (Box-Muller, both outputs used). */
  gaussian(): number {
    if (this.spareGaussian !== undefined) {
      const spare = this.spareGaussian;
      this.spareGaussian = undefined;
      return spare;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareGaussian = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
