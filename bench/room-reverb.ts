import { Fft } from '@tonemark/audio';
import { SeededRandom } from './seeded-random.ts';

export interface ReverbOptions {
  sampleRate: number;
  /** Time for the tail to decay by 60 dB. */
  rt60Sec: number;
  /** Direct-to-reverberant energy ratio; 0 dB is a listener a few metres from a loudspeaker. */
  directToReverbDb: number;
  seed: number;
}

/**
 * A synthetic room impulse response: the direct sound, a 5 ms pre-delay, then exponentially
 * decaying Gaussian noise (the standard statistical model of a diffuse late reverb tail).
 * Scaled so the output has roughly the input's energy.
 */
export function roomImpulseResponse(opts: ReverbOptions): Float32Array {
  const rng = new SeededRandom(opts.seed);
  const length = Math.ceil(opts.rt60Sec * 1.2 * opts.sampleRate);
  const preDelay = Math.round(0.005 * opts.sampleRate);
  const decayPerSample = Math.log(1000) / (opts.rt60Sec * opts.sampleRate); // amplitude -60 dB at RT60
  const tail = new Float64Array(length);
  let tailEnergy = 0;
  for (let i = preDelay; i < length; i++) {
    const v = rng.gaussian() * Math.exp(-decayPerSample * (i - preDelay));
    tail[i] = v;
    tailEnergy += v * v;
  }
  const tailGain = Math.sqrt(10 ** (-opts.directToReverbDb / 10) / tailEnergy);
  const total = 1 + 10 ** (-opts.directToReverbDb / 10);
  const ir = new Float32Array(length);
  for (let i = 0; i < length; i++)
    ir[i] = ((i === 0 ? 1 : 0) + (tail[i] as number) * tailGain) / Math.sqrt(total);
  return ir;
}

/** Streaming FFT overlap-add convolution: push chunks of any size, get the same amount out. */
export class StreamingConvolver {
  private readonly fft: Fft;
  private readonly irRe: Float64Array;
  private readonly irIm: Float64Array;
  private readonly hop: number;
  private readonly overlap: Float64Array;
  private input: Float32Array;
  private filled = 0;

  constructor(ir: Float32Array) {
    let size = 1;
    while (size < 2 * ir.length) size <<= 1;
    this.fft = new Fft(size);
    this.hop = size - ir.length + 1;
    this.irRe = new Float64Array(size);
    this.irIm = new Float64Array(size);
    this.irRe.set(ir);
    this.fft.transform(this.irRe, this.irIm);
    this.overlap = new Float64Array(size);
    this.input = new Float32Array(this.hop);
  }

  private processBlock(): Float32Array {
    const n = this.fft.size;
    const re = new Float64Array(n);
    const im = new Float64Array(n);
    re.set(this.input);
    this.fft.transform(re, im);
    for (let k = 0; k < n; k++) {
      const ar = re[k] as number;
      const ai = im[k] as number;
      const br = this.irRe[k] as number;
      const bi = this.irIm[k] as number;
      re[k] = ar * br - ai * bi;
      im[k] = ar * bi + ai * br;
    }
    this.fft.inverse(re, im);
    for (let i = 0; i < n; i++) this.overlap[i] = (this.overlap[i] as number) + (re[i] as number);
    const out = Float32Array.from(this.overlap.subarray(0, this.hop));
    this.overlap.copyWithin(0, this.hop);
    this.overlap.fill(0, n - this.hop);
    return out;
  }

  /** Returns output aligned with the input, delayed by at most one hop (flush() drains it). */
  push(chunk: Float32Array): Float32Array[] {
    let at = 0;
    const out: Float32Array[] = [];
    while (at < chunk.length) {
      const take = Math.min(this.hop - this.filled, chunk.length - at);
      this.input.set(chunk.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.hop) {
        out.push(this.processBlock());
        this.filled = 0;
      }
    }
    return out;
  }

  /** The last partial block (the reverb tail past the end of the input is dropped). */
  flush(): Float32Array {
    const remaining = this.filled;
    if (remaining === 0) return new Float32Array(0);
    this.input.fill(0, remaining);
    this.filled = 0;
    return this.processBlock().subarray(0, remaining);
  }
}
