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
  it('is skipped only off speed 1 beyond a pitch-kept stretch, with onsets too far apart', () => {
    const slot = 50 / 1.05;
    const far = slot * 1.3;
    expect(readsOnsetTiming(1.05, far, slotAtSpeed(50, 1.05, far))).toBe(false);
    expect(readsOnsetTiming(0.95, (50 / 0.95) * 1.3, slotAtSpeed(50, 0.95, (50 / 0.95) * 1.3))).toBe(false);
    const beyond = 1 + PITCH_KEPT_SPEED_SPAN * 1.01;
    expect(readsOnsetTiming(beyond, 60, slotAtSpeed(50, beyond, 60))).toBe(false);
    // Near speed 1 the onsets' tempo may be a stretch's: read there first.
    const within = 1 + PITCH_KEPT_SPEED_SPAN * 0.99;
    expect(readsOnsetTiming(within, 60, slotAtSpeed(50, within, 60))).toBe(true);
    // Onsets too close: the anchor is late, the onsets' own search finds the pattern sooner.
    const close = slot * 0.7;
    expect(readsOnsetTiming(1.05, close, slotAtSpeed(50, 1.05, close))).toBe(true);
    // Onsets near tempo 1 are read at their own slot length at any speed.
    expect(readsOnsetTiming(1.05, slot * 1.05, slotAtSpeed(50, 1.05, slot * 1.05))).toBe(true);
  });
});
