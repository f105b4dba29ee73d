/**
 * Goertzel filters for a set of frequencies on one sample stream, producing one complex value per
 * frequency per hop, phase-referred to the stream's absolute sample index (see ToneBank).
 *
 * The recursion s = x + c*s1 - s2 is a chain of dependent multiply-adds, so one filter at a time
 * is limited by floating-point latency, not throughput; running four filters side by side in the
 * same loop keeps the CPU's pipelines full and is 3.4-4.2x faster in V8 (measured by
 * bench/goertzel/goertzel-unroll-bench.ts).
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
    let f = 0;
    for (; f + 3 < this.count; f += 4) this.runFour(x, from, to, f);
    this.runEach(x, from, to, f, this.count);
  }

  /**
   * Filters `first`..`first + 3` side by side, their states in locals for the whole loop instead of
   * read from and written to the arrays at every sample. A sample's step is the four recursions,
   * then the four histories moving down one place; the arithmetic is `runEach`'s, bit for bit.
   * The two-samples-per-step form that needs no temporaries (`a2 = u + ca*a1 - a2`, then
   * `a1 = v + ca*a2 - a1`) was measured 1.4-1.5x slower in V8 (Node 20, Chromium 150), so each
   * sample keeps its own step.
   */
  private runFour(x: Float64Array, from: number, to: number, first: number): void {
    const { coeff, s1, s2 } = this;
    const ca = coeff[first] ?? 0;
    const cb = coeff[first + 1] ?? 0;
    const cc = coeff[first + 2] ?? 0;
    const cd = coeff[first + 3] ?? 0;
    let a1 = s1[first] ?? 0;
    let a2 = s2[first] ?? 0;
    let b1 = s1[first + 1] ?? 0;
    let b2 = s2[first + 1] ?? 0;
    let c1 = s1[first + 2] ?? 0;
    let c2 = s2[first + 2] ?? 0;
    let d1 = s1[first + 3] ?? 0;
    let d2 = s2[first + 3] ?? 0;
    for (let i = from; i < to; i++) {
      const v = x[i] ?? 0;
      const a0 = v + ca * a1 - a2;
      const b0 = v + cb * b1 - b2;
      const c0 = v + cc * c1 - c2;
      const d0 = v + cd * d1 - d2;
      a2 = a1;
      b2 = b1;
      c2 = c1;
      d2 = d1;
      a1 = a0;
      b1 = b0;
      c1 = c0;
      d1 = d0;
    }
    s1[first] = a1;
    s2[first] = a2;
    s1[first + 1] = b1;
    s2[first + 1] = b2;
    s1[first + 2] = c1;
    s2[first + 2] = c2;
    s1[first + 3] = d1;
    s2[first + 3] = d2;
  }

  /** Filters `first`..`end - 1` one at a time: the plain loop, for the filters past the last group
   * of four. */
  private runEach(x: Float64Array, from: number, to: number, first: number, end: number): void {
    const { coeff, s1, s2 } = this;
    for (let f = first; f < end; f++) {
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
