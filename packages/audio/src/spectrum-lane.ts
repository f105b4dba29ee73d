import { Fft } from './fft.ts';

/**
 * A short-time power spectrum of one (decimated) sample stream, one frame per hop, kept as
 * running sums per bin so the power of any bin over any run of recent hops is two look-ups.
 *
 * A lane is either real (the audible band, on the low-passed decimated stream) or complex (the
 * near-ultrasonic band, mixed down to 0 Hz around `centreHz` and decimated), so both bands are
 * analysed at 6-7 kHz whatever the input rate. Frames are Hann-windowed FFTs of `frameSize`
 * samples (about 160 ms, 6 Hz bins): short enough that a tone played a few per cent fast or
 * slow still falls on the bins it is looked for at, long enough to lift a -36 dBFS tone out of
 * programme and noise. A slot's tone is then the non-coherent sum of the frames inside it.
 */
export class SpectrumLane {
  readonly rate: number;
  readonly frameSize: number;
  readonly binHz: number;
  /** Frame length in hops: a frame ending at hop h is centred on hop h - frameHops / 2. */
  readonly frameHops: number;
  readonly bins: number;
  readonly ringHops: number;
  /** Power per stored bin of the newest frame. */
  readonly current: Float64Array;
  /** Energy of -80 dBFS white noise in one bin of one frame (keeps ratios finite in silence). */
  readonly floorPower: number;
  private readonly centreHz: number;
  private readonly firstBin: number;
  private readonly complex: boolean;
  private readonly fft: Fft;
  private readonly splitCos: Float64Array;
  private readonly splitSin: Float64Array;
  private readonly window: Float64Array;
  private readonly inRe: Float64Array;
  private readonly inIm: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  /** Running power sums, hop-major: `cum[(hop % ringHops) * bins + bin]` = sum over hops <= hop.
   * Read directly only by the prescreen's hot loop (field-prescreen-read.ts); others use `sum`. */
  readonly cum: Float64Array;
  private writeAt = 0;
  private hop = 0;

  constructor(opts: {
    rate: number;
    frameSize: number;
    hopSamples: number;
    ringHops: number;
    /** Band to keep, in Hz (absolute). */
    lowHz: number;
    highHz: number;
    /** Complex lanes: the frequency mixed down to 0 Hz. */
    centreHz?: number;
  }) {
    this.rate = opts.rate;
    this.frameSize = opts.frameSize;
    this.binHz = opts.rate / opts.frameSize;
    this.frameHops = opts.frameSize / opts.hopSamples;
    this.complex = opts.centreHz !== undefined;
    this.centreHz = opts.centreHz ?? 0;
    const half = opts.frameSize / 2;
    const lo = Math.floor((opts.lowHz - this.centreHz) / this.binHz);
    const hi = Math.ceil((opts.highHz - this.centreHz) / this.binHz);
    this.firstBin = Math.max(this.complex ? -half + 1 : 0, lo);
    const lastBin = Math.min(this.complex ? half - 1 : half, hi);
    this.bins = Math.max(1, lastBin - this.firstBin + 1);
    this.ringHops = opts.ringHops;
    this.current = new Float64Array(this.bins);
    this.cum = new Float64Array(this.bins * opts.ringHops);
    // A real frame of N samples goes through an N/2-point complex FFT (even samples as the real
    // part, odd as the imaginary) and is split afterwards: half the work of a full transform.
    this.fft = new Fft(this.complex ? opts.frameSize : opts.frameSize / 2);
    this.splitCos = new Float64Array(this.bins);
    this.splitSin = new Float64Array(this.bins);
    for (let b = 0; b < this.bins; b++) {
      const angle = (2 * Math.PI * (this.firstBin + b)) / opts.frameSize;
      this.splitCos[b] = Math.cos(angle);
      this.splitSin[b] = Math.sin(angle);
    }
    this.window = new Float64Array(opts.frameSize);
    let sumSquares = 0;
    for (let i = 0; i < opts.frameSize; i++) {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / opts.frameSize);
      this.window[i] = w;
      sumSquares += w * w;
    }
    this.floorPower = 1e-8 * sumSquares;
    this.inRe = new Float64Array(opts.frameSize);
    this.inIm = new Float64Array(opts.frameSize);
    this.re = new Float64Array(opts.frameSize);
    this.im = new Float64Array(opts.frameSize);
  }

  /** Hops completed so far (the newest frame ends at `hopsDone - 1`). */
  get hopsDone(): number {
    return this.hop;
  }

  push(re: number, im: number): void {
    this.inRe[this.writeAt] = re;
    this.inIm[this.writeAt] = im;
    this.writeAt = this.writeAt + 1 === this.frameSize ? 0 : this.writeAt + 1;
  }

  /** Transforms the newest `frameSize` samples and adds the frame to the running sums. */
  finishHop(): void {
    const n = this.frameSize;
    const { re, im, window, inRe, inIm } = this;
    if (this.complex) {
      for (let i = 0, j = this.writeAt; i < n; i++, j = j + 1 === n ? 0 : j + 1) {
        const w = window[i] as number;
        re[i] = w * (inRe[j] as number);
        im[i] = w * (inIm[j] as number);
      }
    } else {
      for (let i = 0, j = this.writeAt; i < n; i += 2) {
        re[i >> 1] = (window[i] as number) * (inRe[j] as number);
        j = j + 1 === n ? 0 : j + 1;
        im[i >> 1] = (window[i + 1] as number) * (inRe[j] as number);
        j = j + 1 === n ? 0 : j + 1;
      }
    }
    this.fft.transform(re, im);
    const bins = this.bins;
    const ring = this.ringHops;
    const at = (this.hop % ring) * bins;
    const before = ((this.hop + ring - 1) % ring) * bins;
    const first = this.hop === 0;
    const half = n >> 1;
    for (let b = 0; b < bins; b++) {
      const bin = this.firstBin + b;
      let r: number;
      let q: number;
      if (this.complex) {
        const k = (bin + n) % n;
        r = re[k] as number;
        q = im[k] as number;
      } else {
        const k = bin % half;
        const m = (half - k) % half;
        const zr = re[k] as number;
        const zi = im[k] as number;
        const cr = re[m] as number;
        const ci = -(im[m] as number);
        const er = 0.5 * (zr + cr);
        const ei = 0.5 * (zi + ci);
        // O = -j/2 (Z[k] - conj Z[M-k])
        const or = 0.5 * (zi - ci);
        const oi = -0.5 * (zr - cr);
        const c = this.splitCos[b] as number;
        const s = -(this.splitSin[b] as number);
        r = er + or * c - oi * s;
        q = ei + or * s + oi * c;
      }
      const power = Number.isFinite(r) && Number.isFinite(q) ? r * r + q * q : 0;
      this.current[b] = power;
      this.cum[at + b] = (first ? 0 : (this.cum[before + b] as number)) + power;
    }
    this.hop++;
  }

  /** Fractional stored-bin index of a frequency in Hz. */
  binOf(hz: number): number {
    return (hz - this.centreHz) / this.binHz - this.firstBin;
  }

  hzOf(bin: number): number {
    return this.centreHz + (bin + this.firstBin) * this.binHz;
  }

  /** Whether hops [from, to] are all still held (and already computed); hops before the stream
   * began count as held silence. */
  holds(from: number, to: number): boolean {
    return to < this.hop && from > this.hop - this.ringHops;
  }

  /** Sum of bin `bin`'s power over the frames ending at hops from..to (callers check `holds`). */
  sum(bin: number, from: number, to: number): number {
    if (bin < 0 || bin >= this.bins || to < 0) return 0;
    const ring = this.ringHops;
    const bins = this.bins;
    const upTo = this.cum[(to % ring) * bins + bin] as number;
    return from <= 0 ? upTo : upTo - (this.cum[((from - 1) % ring) * bins + bin] as number);
  }
}
