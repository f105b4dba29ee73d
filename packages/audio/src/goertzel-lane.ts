/**
 * Goertzel filters for a set of frequencies on one sample stream, producing one complex value per
 * frequency per hop, phase-referred to the stream's absolute sample index (see ToneBank).
 *
 * The recursion s = x + c*s1 - s2 is a chain of dependent multiply-adds, so one filter at a time
 * is limited by floating-point latency, not throughput; running four filters side by side in the
 * same loop keeps the CPU's pipelines full and is about 3.5x faster in V8.
 */
export class GoertzelLane {
  readonly count: number;
  private readonly coeff: Float64Array;
  private readonly cosW: Float64Array;
  private readonly sinW: Float64Array;
  /** e^{j phase} of the current hop, and the per-hop rotation e^{j phaseStep}: rotating a unit
   * phasor costs a complex multiply per hop where cos/sin of a wrapped angle cost far more. */
  private readonly phaseRe: Float64Array;
  private readonly phaseIm: Float64Array;
  private readonly stepRe: Float64Array;
  private readonly stepIm: Float64Array;
  private readonly s1: Float64Array;
  private readonly s2: Float64Array;

  private readonly gain: number;

  /** `gain` scales the hop values (a decimated lane passes its factor, so its values match what
   * the full-rate DTFT of the same hop would give). */
  constructor(frequencies: readonly number[], sampleRate: number, hopSamples: number, gain = 1) {
    const n = frequencies.length;
    this.gain = gain;
    this.count = n;
    this.coeff = new Float64Array(n);
    this.cosW = new Float64Array(n);
    this.sinW = new Float64Array(n);
    this.phaseRe = new Float64Array(n);
    this.phaseIm = new Float64Array(n);
    this.stepRe = new Float64Array(n);
    this.stepIm = new Float64Array(n);
    this.s1 = new Float64Array(n);
    this.s2 = new Float64Array(n);
    frequencies.forEach((f, i) => {
      const w = (2 * Math.PI * f) / sampleRate;
      this.coeff[i] = 2 * Math.cos(w);
      this.cosW[i] = Math.cos(w);
      this.sinW[i] = Math.sin(w);
      const step = wrapAngle(-w * hopSamples);
      const phase = wrapAngle(-w * (hopSamples - 1));
      this.stepRe[i] = Math.cos(step);
      this.stepIm[i] = Math.sin(step);
      this.phaseRe[i] = Math.cos(phase);
      this.phaseIm[i] = Math.sin(phase);
    });
  }

  run(x: Float64Array, from: number, to: number): void {
    const { coeff, s1, s2 } = this;
    let f = 0;
    // Four filters per pass over the samples, written out: their states stay in locals for the
    // whole inner loop instead of being read from and written to the arrays at every sample.
    for (; f + 3 < this.count; f += 4) {
      const c0 = coeff[f] ?? 0;
      const c1 = coeff[f + 1] ?? 0;
      const c2 = coeff[f + 2] ?? 0;
      const c3 = coeff[f + 3] ?? 0;
      let a1 = s1[f] ?? 0;
      let a2 = s2[f] ?? 0;
      let b1 = s1[f + 1] ?? 0;
      let b2 = s2[f + 1] ?? 0;
      let d1 = s1[f + 2] ?? 0;
      let d2 = s2[f + 2] ?? 0;
      let e1 = s1[f + 3] ?? 0;
      let e2 = s2[f + 3] ?? 0;
      for (let i = from; i < to; i++) {
        const v = x[i] ?? 0;
        const a0 = v + c0 * a1 - a2;
        a2 = a1;
        a1 = a0;
        const b0 = v + c1 * b1 - b2;
        b2 = b1;
        b1 = b0;
        const d0 = v + c2 * d1 - d2;
        d2 = d1;
        d1 = d0;
        const e0 = v + c3 * e1 - e2;
        e2 = e1;
        e1 = e0;
      }
      s1[f] = a1;
      s2[f] = a2;
      s1[f + 1] = b1;
      s2[f + 1] = b2;
      s1[f + 2] = d1;
      s2[f + 2] = d2;
      s1[f + 3] = e1;
      s2[f + 3] = e2;
    }
    for (; f < this.count; f++) {
      const c = coeff[f] ?? 0;
      let a1 = s1[f] ?? 0;
      let a2 = s2[f] ?? 0;
      for (let i = from; i < to; i++) {
        const a0 = (x[i] ?? 0) + c * a1 - a2;
        a2 = a1;
        a1 = a0;
      }
      s1[f] = a1;
      s2[f] = a2;
    }
  }

  /**
   * Ends the hop: writes filter i's hop value to re/im at `targets[i] * stride + slot` and clears
   * the filters for the next hop.
   */
  finishHop(
    re: Float64Array,
    im: Float64Array,
    targets: readonly number[],
    stride: number,
    slot: number,
  ): void {
    for (let f = 0; f < this.count; f++) {
      const s1 = this.s1[f] ?? 0;
      const s2 = this.s2[f] ?? 0;
      // Goertzel output y = s[N-1] - e^{-jw} s[N-2]; rotating it by -w(hopStart + N - 1) gives the
      // hop's DTFT with the phase of the absolute stream position.
      const yr = this.gain * (s1 - (this.cosW[f] ?? 0) * s2);
      const yi = this.gain * (this.sinW[f] ?? 0) * s2;
      const cp = this.phaseRe[f] ?? 1;
      const sp = this.phaseIm[f] ?? 0;
      const vr = yr * cp - yi * sp;
      const vi = yr * sp + yi * cp;
      // A NaN or infinite input sample (a broken decoder) spoils only its own hop, not the stream.
      const finite = Number.isFinite(vr) && Number.isFinite(vi);
      const at = (targets[f] ?? 0) * stride + slot;
      re[at] = finite ? vr : 0;
      im[at] = finite ? vi : 0;
      // Next hop's phasor; the first-order renormalisation keeps |e^{j phase}| at 1 to rounding
      // over any stream length (the phase itself drifts by ~1e-16 rad per hop, harmlessly: only
      // the phase difference between nearby hops matters).
      const tr = this.stepRe[f] ?? 1;
      const ti = this.stepIm[f] ?? 0;
      const nr = cp * tr - sp * ti;
      const ni = cp * ti + sp * tr;
      const norm = 1.5 - 0.5 * (nr * nr + ni * ni);
      this.phaseRe[f] = nr * norm;
      this.phaseIm[f] = ni * norm;
      this.s1[f] = 0;
      this.s2[f] = 0;
    }
  }
}

export function wrapAngle(angle: number): number {
  const twoPi = 2 * Math.PI;
  let a = angle % twoPi;
  if (a > Math.PI) a -= twoPi;
  else if (a <= -Math.PI) a += twoPi;
  return a;
}
