/**
 * In-place iterative radix-2 complex FFT with precomputed twiddles and bit-reversal table.
 * Small and dependency-free on purpose: the spec detector needs one 2048-point transform every
 * 300 ms, so clarity matters more than the last factor of speed.
 */
export class Fft {
  readonly size: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0)
      throw new RangeError(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
    this.reversed = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
  }

  /** Forward transform of (re, im), both of length `size`, in place. */
  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    const reversed = this.reversed;
    for (let i = 0; i < n; i++) {
      const j = reversed[i] as number;
      if (j > i) {
        const tr = re[i] as number;
        re[i] = re[j] as number;
        re[j] = tr;
        const ti = im[i] as number;
        im[i] = im[j] as number;
        im[j] = ti;
      }
    }
    // Length-2 butterflies need no twiddle.
    for (let a = 0; a < n; a += 2) {
      const ar = re[a] as number;
      const ai = im[a] as number;
      const br = re[a + 1] as number;
      const bi = im[a + 1] as number;
      re[a] = ar + br;
      im[a] = ai + bi;
      re[a + 1] = ar - br;
      im[a + 1] = ai - bi;
    }
    const cos = this.cos;
    const sin = this.sin;
    for (let len = 4; len <= n; len <<= 1) {
      const half = len >> 1;
      const step = n / len;
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step] as number;
        const wi = sin[k * step] as number;
        for (let a = k; a < n; a += len) {
          const b = a + half;
          const br = re[b] as number;
          const bi = im[b] as number;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = re[a] as number;
          const ai = im[a] as number;
          re[b] = ar - xr;
          im[b] = ai - xi;
          re[a] = ar + xr;
          im[a] = ai + xi;
        }
      }
    }
  }

  /** Inverse transform in place, scaled by 1/size: conj(FFT(conj(x))) / N. */
  inverse(re: Float64Array, im: Float64Array): void {
    for (let i = 0; i < im.length; i++) im[i] = -(im[i] ?? 0);
    this.transform(re, im);
    const scale = 1 / this.size;
    for (let i = 0; i < re.length; i++) {
      re[i] = (re[i] ?? 0) * scale;
      im[i] = -(im[i] ?? 0) * scale;
    }
  }
}
