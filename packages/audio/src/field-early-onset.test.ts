import { describe, expect, it } from 'vitest';
import { EARLY_GAP_SLACK, earlyGapLimit, MAX_EARLY_SLOTS, slotFromEarlyOnset } from './field-early-onset.ts';

// 50-hop slots played 2 % fast (49.02 hops), 16-hop frames; the last run's onset at hop 1000.
const SLOT = 50 / 1.02;
const at = (gap: number, prevLastHop: number, prevSlots = 1) =>
  slotFromEarlyOnset(gap, prevSlots, 50, 1.02, prevLastHop, 1000, 16);

describe('slot length when the earlier run began early on programme', () => {
  it('gives the slot the speed gives when the earlier track lasted up to the last onset', () => {
    // Tuning T23's 1950 Hz joined a music track 30 hops before its slot: gap 80 for a 49-hop slot.
    expect(at(80, 1022)).toBeCloseTo(SLOT, 9);
    expect(at(2 * SLOT + 40, 1030, 2)).toBeCloseTo(SLOT, 9);
  });

  it('keeps to the earlier run ending at the last onset', () => {
    // Its peaks stopped before a frame centred at the last onset: no run joined to the next.
    expect(at(80, 1007)).toBeUndefined();
  });

  it('reads no gap shorter than the runs before, nor one more than MAX_EARLY_SLOTS early', () => {
    expect(at(SLOT * 0.9, 1022)).toBeUndefined();
    const most = SLOT * (1 + MAX_EARLY_SLOTS) * EARLY_GAP_SLACK;
    expect(at(most * 1.01, 1022)).toBeUndefined();
    expect(at(most * 0.99, 1022)).toBeCloseTo(SLOT, 9);
  });
});

describe('the longest gap looked up as such a pair', () => {
  it('covers a one-slot run and one slot early at the slowest speed, and no more', () => {
    const most = (50 * (1 + MAX_EARLY_SLOTS) * EARLY_GAP_SLACK) / 0.95;
    const limit = earlyGapLimit(50, 0.95);
    expect(limit).toBeGreaterThanOrEqual(most);
    expect(limit).toBeLessThan(most + 1e-3);
  });
});
