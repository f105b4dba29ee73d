import { describe, expect, it } from 'vitest';
import { resample } from './resample.ts';
import { toneEnergy } from './testing/synthetic-audio.ts';

function tone(f: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * f * i) / rate),
  );
}

/** Frequency of the strongest DFT bin between lo and hi, searched in 1 Hz steps. */
function dominant(samples: Float32Array, rate: number, lo: number, hi: number): number {
  let best = lo;
  let bestEnergy = -1;
  for (let f = lo; f <= hi; f += 1) {
    const e = toneEnergy(samples, f, rate, 1000, samples.length - 1000);
    if (e > bestEnergy) {
      bestEnergy = e;
      best = f;
    }
  }
  return best;
}

describe('resample', () => {
  it.each([
    [44_100, 48_000, 1000],
    [48_000, 44_100, 1500],
    [44_100, 48_000, 19_000],
    [48_000, 16_000, 1800],
    [22_050, 44_100, 700],
  ])('%i -> %i Hz keeps a %i Hz tone at its frequency and level', (from, to, f) => {
    const input = tone(f, from, 0.25);
    const out = resample(input, from, to);
    expect(out.length).toBe(Math.round((input.length * to) / from));
    expect(dominant(out, to, f - 20, f + 20)).toBe(f);
    // Amplitude 0.5 -> DFT magnitude 0.25; within 0.1 dB.
    expect(Math.sqrt(toneEnergy(out, f, to, 1000, out.length - 1000))).toBeCloseTo(0.25, 2);
  });

  it('removes content above the new Nyquist limit instead of aliasing it', () => {
    const out = resample(tone(20_000, 48_000, 0.25), 48_000, 16_000);
    // 20 kHz would alias to 4 kHz at 16 kHz; it must be attenuated by more than 60 dB.
    expect(Math.sqrt(toneEnergy(out, 4000, 16_000, 500, out.length - 500))).toBeLessThan(0.25e-3);
  });

  it('leaves a signal alone at the same rate and rejects bad rates', () => {
    const input = tone(440, 8000, 0.01);
    const same = resample(input, 8000, 8000);
    expect(same).toEqual(input);
    expect(same).not.toBe(input);
    expect(() => resample(input, 0, 8000)).toThrow(RangeError);
  });
});
