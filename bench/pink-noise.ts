import { SeededRandom } from './seeded-random.ts';

/** Paul Kellet's refined pink filter: seven one-pole sections over white noise. */
function pinkStep(b: Float64Array, white: number): number {
  b[0] = 0.99886 * (b[0] as number) + white * 0.0555179;
  b[1] = 0.99332 * (b[1] as number) + white * 0.0750759;
  b[2] = 0.969 * (b[2] as number) + white * 0.153852;
  b[3] = 0.8665 * (b[3] as number) + white * 0.3104856;
  b[4] = 0.55 * (b[4] as number) + white * 0.5329522;
  b[5] = -0.7616 * (b[5] as number) - white * 0.016898;
  let out = white * 0.5362 + (b[6] as number);
  for (let i = 0; i < 6; i++) out += b[i] as number;
  b[6] = white * 0.115926;
  return out;
}

let unitScale: number | undefined;

/** Measured once: the filter's gain differs from 1, and the noise must have unit RMS. */
function measureUnitScale(): number {
  const rng = new SeededRandom(1);
  const state = new Float64Array(7);
  const n = 1 << 20;
  let energy = 0;
  for (let i = 0; i < n; i++) energy += pinkStep(state, rng.gaussian()) ** 2;
  return 1 / Math.sqrt(energy / n);
}

/**
 * Pink (1/f) noise with unit RMS. Pink rather than white: room and street noise carry most of
 * their energy low, where the 500-2000 Hz tones sit, so it is the harder and more honest test.
 */
export class PinkNoise {
  private readonly rng: SeededRandom;
  private readonly state = new Float64Array(7);
  private readonly scale: number;

  constructor(seed: number) {
    this.rng = new SeededRandom(seed);
    unitScale ??= measureUnitScale();
    this.scale = unitScale;
  }

  next(): number {
    return pinkStep(this.state, this.rng.gaussian()) * this.scale;
  }
}
