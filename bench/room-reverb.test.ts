import { describe, expect, it } from 'vitest';
import { PinkNoise } from './pink-noise.ts';
import { roomImpulseResponse, StreamingConvolver } from './room-reverb.ts';
import { SeededRandom } from './seeded-random.ts';

function directConvolution(x: Float32Array, h: Float32Array): Float32Array {
  const y = new Float32Array(x.length);
  for (let n = 0; n < x.length; n++) {
    let acc = 0;
    for (let k = 0; k < h.length && k <= n; k++) acc += (h[k] as number) * (x[n - k] as number);
    y[n] = acc;
  }
  return y;
}

describe('StreamingConvolver', () => {
  it('matches direct convolution whatever the chunk sizes', () => {
    const rng = new SeededRandom(5);
    const h = Float32Array.from({ length: 37 }, () => rng.gaussian());
    const x = Float32Array.from({ length: 1000 }, () => rng.gaussian());
    const convolver = new StreamingConvolver(h);
    const out: number[] = [];
    for (let at = 0, size = 1; at < x.length; at += size, size = (size * 7) % 97 || 3) {
      for (const block of convolver.push(x.subarray(at, at + size))) out.push(...block);
    }
    out.push(...convolver.flush());
    const expected = directConvolution(x, h);
    expect(out).toHaveLength(x.length);
    out.forEach((v, i) => {
      expect(v).toBeCloseTo(expected[i] as number, 3);
    });
  });
});

describe('roomImpulseResponse', () => {
  it('decays by about 60 dB over RT60 and keeps unit energy', () => {
    const rate = 8000;
    const ir = roomImpulseResponse({ sampleRate: rate, rt60Sec: 0.4, directToReverbDb: 0, seed: 1 });
    const energy = (from: number, to: number) => ir.subarray(from, to).reduce((a, v) => a + v * v, 0);
    expect(energy(0, ir.length)).toBeCloseTo(1, 1);
    const early = energy(0.01 * rate, 0.05 * rate);
    const late = energy(0.41 * rate, 0.45 * rate);
    expect(10 * Math.log10(early / late)).toBeGreaterThan(50);
  });
});

describe('PinkNoise', () => {
  it('has unit RMS and more energy low than high', () => {
    const noise = new PinkNoise(3);
    const x = Float32Array.from({ length: 1 << 16 }, () => noise.next());
    const rms = Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);
    expect(rms).toBeGreaterThan(0.9);
    expect(rms).toBeLessThan(1.1);
    let diffEnergy = 0;
    for (let i = 1; i < x.length; i++) diffEnergy += ((x[i] as number) - (x[i - 1] as number)) ** 2;
    // White noise would give ~2x the energy in first differences; pink noise far less.
    expect(diffEnergy / x.length).toBeLessThan(1);
  });
});
