import { describe, expect, it } from 'vitest';
import { ONSET_SLOT_TOLERANCE, slotAtSpeed } from './field-slot-at-speed.ts';

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
