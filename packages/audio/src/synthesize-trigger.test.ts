import { describe, expect, it } from 'vitest';
import { ultrasonicFrequency } from './signal-frequencies.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { toneEnergy } from './testing/synthetic-audio.ts';

const pattern = [1000, 1200, 1500, 1800];

function peak(samples: Float32Array): number {
  let max = 0;
  for (const x of samples) max = Math.max(max, Math.abs(x));
  return max;
}

/** The strongest of `candidates` in samples[from, to). */
function loudest(
  samples: Float32Array,
  candidates: number[],
  rate: number,
  from: number,
  to: number,
): number {
  let best = candidates[0] ?? 0;
  let bestEnergy = -1;
  for (const f of candidates) {
    const e = toneEnergy(samples, f, rate, from, to);
    if (e > bestEnergy) {
      bestEnergy = e;
      best = f;
    }
  }
  return best;
}

describe('synthesizeTrigger', () => {
  it.each([8000, 44_100, 48_000, 96_000])('plays the four tones in order for 2000 ms at %i Hz', (rate) => {
    const out = synthesizeTrigger({ frequencies: pattern, sampleRate: rate });
    expect(out.length).toBe(Math.round(2 * rate));
    const slot = out.length / 4;
    pattern.forEach((f, k) => {
      const from = Math.round(k * slot + 600);
      const to = Math.round((k + 1) * slot - 600);
      expect(loudest(out, pattern, rate, from, to)).toBe(f);
      // A pure tone of amplitude 0.15 has DFT magnitude 0.075 (energy 0.005625).
      expect(toneEnergy(out, f, rate, from, to)).toBeCloseTo(0.075 ** 2, 4);
    });
    expect(peak(out)).toBeLessThanOrEqual(0.15 + 1e-6);
    expect(peak(out)).toBeGreaterThan(0.149);
  });

  it('fades each tone in and out linearly over 500 samples', () => {
    const rate = 44_100;
    const out = synthesizeTrigger({ frequencies: [1000], sampleRate: rate, durationMs: 1000 });
    expect(out[0]).toBe(0);
    expect(out[out.length - 1]).toBeCloseTo(0, 6);
    // Envelope at sample i (< 500) is i / 500, so |x| never exceeds 0.15 * i / 500.
    for (let i = 0; i < 500; i++) {
      expect(Math.abs(out[i] ?? 0)).toBeLessThanOrEqual((0.15 * i) / 500 + 1e-7);
      const j = out.length - 1 - i;
      expect(Math.abs(out[j] ?? 0)).toBeLessThanOrEqual((0.15 * i) / 500 + 1e-7);
    }
    // Past the fade the full amplitude is reached within one period.
    expect(peak(out.subarray(500, 545))).toBeGreaterThan(0.149);
  });

  it('splits a custom duration equally and honours amplitude', () => {
    const out = synthesizeTrigger({
      frequencies: [600, 900, 1200],
      durationMs: 900,
      sampleRate: 48_000,
      amplitude: 0.5,
    });
    expect(out.length).toBe(43_200);
    expect(peak(out)).toBeCloseTo(0.5, 2);
    expect(loudest(out, [600, 900, 1200], 48_000, 14_400 + 600, 28_800 - 600)).toBe(900);
  });

  it('maps ultrasonic tones into 17.5-20 kHz and plays both bands for combined', () => {
    const rate = 44_100;
    const ultra = synthesizeTrigger({ frequencies: pattern, sampleRate: rate, signal: 'ultrasonic' });
    const u0 = ultrasonicFrequency(1000);
    expect(toneEnergy(ultra, u0, rate, 600, 21_000)).toBeCloseTo(0.075 ** 2, 4);
    expect(toneEnergy(ultra, 1000, rate, 600, 21_000)).toBeLessThan(1e-8);

    const combined = synthesizeTrigger({ frequencies: pattern, sampleRate: rate, signal: 'combined' });
    expect(peak(combined)).toBeLessThanOrEqual(0.15 + 1e-6);
    expect(toneEnergy(combined, 1000, rate, 600, 21_000)).toBeCloseTo(0.0375 ** 2, 4);
    expect(toneEnergy(combined, u0, rate, 600, 21_000)).toBeCloseTo(0.0375 ** 2, 4);
  });

  it('refuses what cannot be played', () => {
    expect(() =>
      synthesizeTrigger({ frequencies: pattern, sampleRate: 16_000, signal: 'ultrasonic' }),
    ).toThrow(/cannot be played at 16000 Hz/);
    expect(() => synthesizeTrigger({ frequencies: [], sampleRate: 44_100 })).toThrow(RangeError);
    expect(() => synthesizeTrigger({ frequencies: pattern, sampleRate: 0 })).toThrow(RangeError);
    expect(() => synthesizeTrigger({ frequencies: pattern, sampleRate: 44_100, durationMs: -5 })).toThrow(
      RangeError,
    );
  });
});
