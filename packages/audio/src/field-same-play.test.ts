import { describe, expect, it } from 'vitest';
import { SAME_PLAY_OVERLAP, samePlay } from './field-same-play.ts';

describe('same play', () => {
  // Times in hops; a play of 2 s is 200 hops here.
  it('holds a second fit of one play as the same play (tempo8: T24 twice, 0.27 s apart)', () => {
    // The same play read at a start 27 hops later and a slot 6 % longer.
    expect(samePlay({ from: 1000, to: 1250 }, { from: 1027, to: 1292 })).toBe(true);
    expect(samePlay({ from: 1027, to: 1292 }, { from: 1000, to: 1250 })).toBe(true);
  });

  it('keeps a back-to-back repeat apart, even misplaced by a whole slot towards the first', () => {
    expect(samePlay({ from: 1000, to: 1200 }, { from: 1200, to: 1400 })).toBe(false);
    // Each fit a whole slot (a quarter play) off towards the other: half a play shared, not more.
    expect(samePlay({ from: 1050, to: 1250 }, { from: 1150, to: 1350 })).toBe(false);
    // Just past half of the shorter play is the same play.
    expect(samePlay({ from: 1050, to: 1250 }, { from: 1250 - 200 * SAME_PLAY_OVERLAP - 1, to: 1450 })).toBe(
      true,
    );
  });

  it('measures the overlap against the shorter play', () => {
    // A 100-hop fit inside a 400-hop one shares all of itself.
    expect(samePlay({ from: 0, to: 400 }, { from: 150, to: 250 })).toBe(true);
    // Plays apart in time share nothing.
    expect(samePlay({ from: 0, to: 100 }, { from: 300, to: 400 })).toBe(false);
  });
});
