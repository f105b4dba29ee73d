import { GoertzelLane } from '../../packages/audio/src/goertzel-lane.ts';

export interface UnrollFigure {
  filters: number;
  run: number;
  unrolledNs: number;
  plainNs: number;
}

const RATE = 48_000;
/** About this many filter-samples per timing, so each lasts tens of milliseconds. */
const WORK = 40_000_000;

/** Web-standard only (it also runs in a page): performance.now, no node:*. */
export function measureGoertzelUnroll(filters: number[], runs: number[], rounds: number): UnrollFigure[] {
  const figures: UnrollFigure[] = [];
  for (const n of filters) {
    const frequencies = Array.from({ length: n }, (_, i) => 300 + (i * 3700) / n);
    for (const run of runs) {
      const x = new Float64Array(run);
      // A fixed pseudo-random signal, so the filters never settle to zero or overflow.
      let seed = 12345;
      for (let i = 0; i < run; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        x[i] = seed / 2147483648 - 0.5;
      }
      const unrolled = [new GoertzelLane(frequencies, RATE, run)];
      const plain = frequencies.map((f) => new GoertzelLane([f], RATE, run));
      const calls = Math.max(1, Math.round(WORK / (n * run)));
      const time = (lanes: GoertzelLane[]) => {
        const re = new Float64Array(n);
        const im = new Float64Array(n);
        const start = performance.now();
        for (let c = 0; c < calls; c++) {
          for (const lane of lanes) lane.run(x, 0, run);
          // Clears the states as a hop's end does; both variants pay it alike.
          if (c % 8 === 7) for (const lane of lanes) lane.finishHop(re, im, [0], 0, 0);
        }
        return ((performance.now() - start) * 1e6) / (calls * n * run);
      };
      let unrolledNs = Number.POSITIVE_INFINITY;
      let plainNs = Number.POSITIVE_INFINITY;
      for (let r = 0; r < rounds; r++) {
        unrolledNs = Math.min(unrolledNs, time(unrolled));
        plainNs = Math.min(plainNs, time(plain));
      }
      figures.push({ filters: n, run, unrolledNs, plainNs });
    }
  }
  return figures;
}
