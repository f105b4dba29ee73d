import { describe, expect, it } from 'vitest';
import { FieldDetector } from './field-detector.ts';
import { listenedPatterns } from './field-look-elsewhere.ts';
import { RobustDetector } from './robust-detector.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;

function triggers(count: number, signal?: TriggerSpec['signal']): TriggerSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `T${i}`,
    frequencyPattern: [500 + 50 * (i % 20), 1500, 700 + 50 * (i % 10), 1900],
    ...(signal ? { signal } : {}),
  }));
}

describe('the look-elsewhere count of the field detector', () => {
  it('counts a combined trigger once per band it sounds on', () => {
    const threshold = (t: TriggerSpec[]) =>
      new FieldDetector({ sampleRate: RATE, triggers: t }).decisionThresholdDb;
    expect(threshold(triggers(24, 'combined'))).toBeCloseTo(threshold(triggers(48)), 6);
    expect(threshold(triggers(24, 'combined'))).toBeGreaterThan(threshold(triggers(24)) + 0.5);
    expect(threshold(triggers(24, 'ultrasonic'))).toBeCloseTo(threshold(triggers(24)), 6);
  });

  it('counts a combined trigger twice in the coherent detector too', () => {
    const threshold = (t: TriggerSpec[]) => new RobustDetector({ sampleRate: RATE, triggers: t }).thresholdDb;
    expect(threshold(triggers(24, 'combined'))).toBeCloseTo(threshold(triggers(48)), 6);
    expect(threshold(triggers(24, 'combined'))).toBeGreaterThan(threshold(triggers(24)) + 0.5);
  });

  it('adds the bands of every plan', () => {
    const plans = [
      { bands: [{ kind: 0, tones: [] }] },
      {
        bands: [
          { kind: 0, tones: [] },
          { kind: 1, tones: [] },
        ],
      },
    ];
    expect(listenedPatterns(plans as unknown as Parameters<typeof listenedPatterns>[0])).toBe(3);
  });
});
