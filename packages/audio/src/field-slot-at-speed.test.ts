import { describe, expect, it } from 'vitest';
import { ONSET_SLOT_TOLERANCE, readsOnsetTiming, slotAtSpeed } from './field-slot-at-speed.ts';
import { PITCH_KEPT_SPEED_SPAN } from './pitch-kept-score.ts';

describe('slot length at the tone speed', () => {
  it('gives the tempo-1 slot length at the proposal speed when the onsets are far from it', () => {
    // 50-hop slots played 2 % fast: 49.02 hops; onsets that joined a note gave 73.
    expect(slotAtSpeed(50, 1.02, 73)).toBeCloseTo(50 / 1.02, 9);
    expect(slotAtSpeed(50, 0.98, 36)).toBeCloseTo(50 / 0.98, 9);
  });

  it('leaves onsets within the tolerance to their own prescreen and search', () => {
    const slot = 50 / 1.05;
    expect(slotAtSpeed(50, 1.05, slot * (1 + ONSET_SLOT_TOLERANCE * 0.9))).toBeUndefined();
    expect(slotAtSpeed(50, 1.05, slot * (1 - ONSET_SLOT_TOLERANCE * 0.9))).toBeUndefined();
    expect(slotAtSpeed(50, 1.05, slot * (1 + ONSET_SLOT_TOLERANCE * 1.1))).toBeCloseTo(slot, 9);
  });
});

describe("prescreen at the onsets' slot length", () => {
  it('is skipped off tempo 1 only where no pitch-kept stretch can be read: tempo 1 is then the only fit kept', () => {
    expect(readsOnsetTiming(1.05, true)).toBe(false);
    expect(readsOnsetTiming(0.95, true)).toBe(false);
    expect(readsOnsetTiming(1 + PITCH_KEPT_SPEED_SPAN * 1.01, true)).toBe(false);
    // Near speed 1 the onsets' tempo may be a stretch's: read there first.
    expect(readsOnsetTiming(1 + PITCH_KEPT_SPEED_SPAN * 0.99, true)).toBe(true);
    expect(readsOnsetTiming(0.98, true)).toBe(true);
    // Onsets near tempo 1 are read at their own slot length at any speed.
    expect(readsOnsetTiming(1.05, false)).toBe(true);
  });
});
