import { describe, expect, it } from 'vitest';
import { signalFrequencies, ultrasonicFrequency } from './signal-frequencies.ts';

describe('ultrasonicFrequency', () => {
  it('maps the 500-2000 Hz slider range linearly onto 17.5-20 kHz', () => {
    expect(ultrasonicFrequency(500)).toBe(17_500);
    expect(ultrasonicFrequency(2000)).toBe(20_000);
    expect(ultrasonicFrequency(1250)).toBe(18_750);
    expect(ultrasonicFrequency(550) - ultrasonicFrequency(500)).toBeCloseTo(83.333, 3);
  });

  it('keeps every grid step distinct, in order and below the 44.1 kHz Nyquist limit', () => {
    let previous = 0;
    for (let f = 500; f <= 2000; f += 50) {
      const mapped = ultrasonicFrequency(f);
      expect(mapped).toBeGreaterThan(previous + 80);
      expect(mapped).toBeLessThan(22_050);
      previous = mapped;
    }
  });

  it('clamps frequencies outside the slider range into the band', () => {
    expect(ultrasonicFrequency(100)).toBe(17_500);
    expect(ultrasonicFrequency(5000)).toBe(20_000);
  });
});

describe('signalFrequencies', () => {
  const pattern = [1000, 1200, 1500, 1800];
  it('lists the tones played per slot for each signal', () => {
    expect(signalFrequencies(pattern, 'audible')).toEqual([[1000], [1200], [1500], [1800]]);
    expect(signalFrequencies(pattern, 'ultrasonic').map(([f]) => Math.round(f ?? 0))).toEqual([
      18333, 18667, 19167, 19667,
    ]);
    const combined = signalFrequencies(pattern, 'combined');
    expect(combined).toHaveLength(4);
    expect(combined[0]?.[0]).toBe(1000);
    expect(combined[0]?.[1]).toBeCloseTo(18_333.33, 1);
  });
});
