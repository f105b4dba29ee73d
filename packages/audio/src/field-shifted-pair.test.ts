import { describe, expect, it } from 'vitest';
import { ownEvidenceDb, weighOwnSlots } from './field-shifted-pair.ts';
import { CLEAR_OWN_SLOT_DB } from './field-shifted-prefix.ts';

describe('weighOwnSlots', () => {
  it('leaves a pair whose own slots both read clearly to the usual rule', () => {
    expect(weighOwnSlots(CLEAR_OWN_SLOT_DB, 30, 3)).toBeUndefined();
    expect(weighOwnSlots(Number.POSITIVE_INFINITY, CLEAR_OWN_SLOT_DB, 3)).toBeUndefined();
  });

  it('keeps a leader on clear own slots beside a candidate whose own slots are weak', () => {
    expect(weighOwnSlots(CLEAR_OWN_SLOT_DB + 5, CLEAR_OWN_SLOT_DB - 1, 3)).toBe('leader');
  });

  it('gives the place to the other candidate when its own slots read better by the margin', () => {
    // D145's own 1450 Hz slot read 3 dB; T21's own 500 Hz slot about 7 dB (clean N = 300, 811.7 s).
    expect(weighOwnSlots(3, 7, 3)).toBe('other');
  });

  it('calls the pair ambiguous when neither own reading leads by the margin', () => {
    expect(weighOwnSlots(6, 8, 3)).toBe('ambiguous');
    expect(weighOwnSlots(8, 6, 3)).toBe('ambiguous');
  });

  it('keeps the leader when its own slots read better, or the other has none', () => {
    expect(weighOwnSlots(10, 4, 3)).toBe('leader');
    expect(weighOwnSlots(5, Number.POSITIVE_INFINITY, 3)).toBe('leader');
  });
});

describe('ownEvidenceDb', () => {
  it('leaves out one own slot under the per-slot bar when another own slot reads', () => {
    // T21 beside T03 (3 m music room): 1000 Hz faded (-0.5 dB), 1900 Hz 25 dB.
    expect(ownEvidenceDb([-0.5, 25], 4)).toBe(25);
    // So T03's music-filled own slots (12.1 dB) no longer outweigh it: the usual rule decides.
    expect(weighOwnSlots(12.1, ownEvidenceDb([-0.5, 25], 4), 3)).toBeUndefined();
    expect(weighOwnSlots(12.1, -0.5, 3)).toBe('leader');
  });

  it('keeps the weakest when that slot is the only own slot, or two are under the bar', () => {
    expect(ownEvidenceDb([3], 4)).toBe(3);
    expect(ownEvidenceDb([-1, 2, 25], 4)).toBe(-1);
    expect(ownEvidenceDb([6, 25], 4)).toBe(6);
    expect(ownEvidenceDb([], 4)).toBe(Number.POSITIVE_INFINITY);
  });
});
