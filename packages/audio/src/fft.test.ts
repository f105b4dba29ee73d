import { describe, expect, it } from 'vitest';
import { Fft } from './fft.ts';
import { seededRandom } from './testing/synthetic-audio.ts';

describe('Fft', () => {
  it('matches a direct DFT', () => {
    const n = 64;
    const random = seededRandom(4);
    const x = Array.from({ length: n }, () => random() - 0.5);
    const re = Float64Array.from(x);
    const im = new Float64Array(n);
    new Fft(n).transform(re, im);
    for (let k = 0; k < n; k++) {
      let r = 0;
      let i = 0;
      x.forEach((v, t) => {
        r += v * Math.cos((2 * Math.PI * k * t) / n);
        i -= v * Math.sin((2 * Math.PI * k * t) / n);
      });
      expect(re[k]).toBeCloseTo(r, 9);
      expect(im[k]).toBeCloseTo(i, 9);
    }
  });

  it('inverts its own transform', () => {
    const n = 128;
    const random = seededRandom(9);
    const re = Float64Array.from({ length: n }, () => random() - 0.5);
    const im = Float64Array.from({ length: n }, () => random() - 0.5);
    const [re0, im0] = [re.slice(), im.slice()];
    const fft = new Fft(n);
    fft.transform(re, im);
    fft.inverse(re, im);
    for (let t = 0; t < n; t++) {
      expect(re[t]).toBeCloseTo(re0[t] ?? Number.NaN, 12);
      expect(im[t]).toBeCloseTo(im0[t] ?? Number.NaN, 12);
    }
  });

  it('rejects sizes that are not powers of two', () => {
    expect(() => new Fft(1000)).toThrow(RangeError);
  });
});
