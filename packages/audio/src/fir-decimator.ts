import { besselI0 } from './bessel-i0';

/**
 * Low-pass FIR decimator: keeps one output per `factor` input samples, computing only the outputs
 * it keeps. The robust detector runs its audible-band Goertzel filters on this 6-7 kHz stream
 * instead of the full rate, which cuts their cost by the decimation factor (about 7x at 44.1 kHz).
 */
/** Input samples appended between two moves of the history (see FirDecimator.history). */
const HISTORY_CHUNK = 4096;

export class FirDecimator {
  readonly factor: number;
  private readonly taps: Float64Array;
  /** Input history as a straight buffer: samples are appended at `fill`, and the last
   * `taps.length - 1` are moved back to the start when it is full, so each sample is written once
   * and the dot product never wraps. */
  private readonly history: Float64Array;
  private fill: number;
  private phase = 0;

  /**
   * `passHz` must survive unchanged; everything that would alias onto it (above
   * sampleRate / factor - passHz) is attenuated by about 60 dB.
   */
  constructor(sampleRate: number, factor: number, passHz: number) {
    this.factor = factor;
    const outRate = sampleRate / factor;
    const stopHz = outRate - passHz;
    const transition = (stopHz - passHz) / sampleRate;
    if (!(transition > 0))
      throw new RangeError(`cannot decimate ${sampleRate} Hz by ${factor} and keep ${passHz} Hz`);
    // Kaiser design for 60 dB: beta 5.65, length (A - 8) / (2.285 * 2pi * transition).
    const beta = 5.65;
    const length = Math.ceil(52 / (2.285 * 2 * Math.PI * transition)) | 1;
    const cutoff = (passHz + stopHz) / 2 / sampleRate;
    const centre = (length - 1) / 2;
    const taps = new Float64Array(length);
    const norm = besselI0(beta);
    let sum = 0;
    for (let i = 0; i < length; i++) {
      const t = i - centre;
      const r = t / (centre + 1);
      const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
      const tap = sinc * (besselI0(beta * Math.sqrt(1 - r * r)) / norm);
      taps[i] = tap;
      sum += tap;
    }
    for (let i = 0; i < length; i++) taps[i] = (taps[i] ?? 0) / sum;
    this.taps = taps;
    this.history = new Float64Array(length - 1 + HISTORY_CHUNK);
    this.fill = length - 1;
  }

  /**
   * Consumes `input[from, to)` and writes the decimated samples into `out` starting at `outAt`;
   * returns how many it wrote (about (to - from) / factor).
   */
  process(input: Float32Array, from: number, to: number, out: Float64Array, outAt: number): number {
    const history = this.history;
    const keep = this.taps.length - 1;
    let written = 0;
    let fill = this.fill;
    let phase = this.phase;
    for (let i = from; i < to; i++) {
      if (fill === history.length) {
        history.copyWithin(0, fill - keep, fill);
        fill = keep;
      }
      const x = input[i] ?? 0;
      history[fill++] = Number.isFinite(x) ? x : 0;
      if (phase === 0) {
        out[outAt + written] = this.dot(fill - keep - 1);
        written++;
      }
      phase = phase + 1 === this.factor ? 0 : phase + 1;
    }
    this.fill = fill;
    this.phase = phase;
    return written;
  }

  /** Filter output for the history window starting at `base`. The taps are symmetric, so pairs
   * share a multiply; four accumulators keep the adds from waiting on each other. */
  private dot(base: number): number {
    const taps = this.taps;
    const h = this.history;
    const last = base + taps.length - 1;
    const half = taps.length >> 1;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let k = 0;
    for (; k + 3 < half; k += 4) {
      a0 += (taps[k] ?? 0) * ((h[base + k] ?? 0) + (h[last - k] ?? 0));
      a1 += (taps[k + 1] ?? 0) * ((h[base + k + 1] ?? 0) + (h[last - k - 1] ?? 0));
      a2 += (taps[k + 2] ?? 0) * ((h[base + k + 2] ?? 0) + (h[last - k - 2] ?? 0));
      a3 += (taps[k + 3] ?? 0) * ((h[base + k + 3] ?? 0) + (h[last - k - 3] ?? 0));
    }
    for (; k < half; k++) a0 += (taps[k] ?? 0) * ((h[base + k] ?? 0) + (h[last - k] ?? 0));
    // Odd length: the centre tap has no partner.
    a1 += (taps[half] ?? 0) * (h[base + half] ?? 0);
    return a0 + a1 + a2 + a3;
  }
}
