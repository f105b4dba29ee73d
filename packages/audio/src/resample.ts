/**
 * Band-limited resampling with a Kaiser-windowed sinc kernel, evaluated from a finely tabulated
 * kernel with linear interpolation (so any rate ratio works, not just small rational ones).
 *
 * Why these numbers: 32 zero crossings each side and Kaiser beta 9 give roughly 90 dB of
 * stopband rejection, well past 16-bit quantisation; the cutoff sits at 97 % of the lower
 * Nyquist limit, which keeps the 17.5-20 kHz ultrasonic band intact between 44.1 and 48 kHz while
 * leaving room for the filter's transition band. 512 table steps per input sample keep the
 * interpolation error near -100 dB.
 */

import { besselI0 } from './bessel-i0';

const ZERO_CROSSINGS = 32;
const KAISER_BETA = 9;
const CUTOFF = 0.97;
const TABLE_STEPS = 512;

interface Kernel {
  /** Kernel value every 1/TABLE_STEPS input samples from t = 0 to t = halfWidth (symmetric). */
  table: Float64Array;
  halfWidth: number;
}

const kernels = new Map<number, Kernel>();

function kernelFor(cutoff: number): Kernel {
  const cached = kernels.get(cutoff);
  if (cached) return cached;
  const halfWidth = ZERO_CROSSINGS / cutoff;
  const size = Math.ceil(halfWidth * TABLE_STEPS) + 2;
  const table = new Float64Array(size);
  const norm = besselI0(KAISER_BETA);
  for (let i = 0; i < size; i++) {
    const t = i / TABLE_STEPS;
    const r = t / halfWidth;
    if (r >= 1) continue;
    const x = Math.PI * cutoff * t;
    const sinc = t === 0 ? 1 : Math.sin(x) / x;
    table[i] = cutoff * sinc * (besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / norm);
  }
  const kernel = { table, halfWidth };
  kernels.set(cutoff, kernel);
  return kernel;
}

export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!(fromRate > 0 && toRate > 0))
    throw new RangeError(`sample rates must be positive (${fromRate} -> ${toRate})`);
  if (fromRate === toRate) return Float32Array.from(samples);
  const ratio = toRate / fromRate;
  const { table, halfWidth } = kernelFor(CUTOFF * Math.min(1, ratio));
  const outLength = Math.round(samples.length * ratio);
  const out = new Float32Array(outLength);
  const last = samples.length - 1;
  for (let m = 0; m < outLength; m++) {
    const t = m / ratio;
    const first = Math.max(0, Math.ceil(t - halfWidth));
    const end = Math.min(last, Math.floor(t + halfWidth));
    let acc = 0;
    for (let n = first; n <= end; n++) {
      const pos = Math.abs(t - n) * TABLE_STEPS;
      const i = pos | 0;
      const frac = pos - i;
      const a = table[i] ?? 0;
      const b = table[i + 1] ?? 0;
      acc += (samples[n] ?? 0) * (a + (b - a) * frac);
    }
    out[m] = acc;
  }
  return out;
}
