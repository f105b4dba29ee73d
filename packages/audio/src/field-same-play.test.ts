import { describe, expect, it } from 'vitest';
import { ReportedPlays, SAME_PLAY_OVERLAP } from './field-same-play.ts';

describe('reported plays', () => {
  // Times in hops; a play of 2 s is 200 hops here.
  it('holds a second fit of one play as reported (tempo8: T24 twice, 0.27 s apart)', () => {
    const plays = new ReportedPlays();
    plays.add('T24', 1000, 1250);
    // The same play read at a start 27 hops later and a slot 6 % longer.
    expect(plays.reported('T24', 1027, 1292)).toBe(true);
    // Another trigger on the same stretch is not this one's play (overlap-half).
    expect(plays.reported('T07', 1027, 1292)).toBe(false);
  });

  it('keeps a back-to-back repeat apart, even misplaced by a whole slot towards the first', () => {
    const plays = new ReportedPlays();
    plays.add('a', 1000, 1200);
    expect(plays.reported('a', 1200, 1400)).toBe(false);
    // Each fit a whole slot (a quarter play) off towards the other: half a play shared, not more.
    const early = new ReportedPlays();
    early.add('a', 1050, 1250);
    expect(early.reported('a', 1150, 1350)).toBe(false);
    // Just past half of the shorter play is the same play.
    expect(early.reported('a', 1250 - 200 * SAME_PLAY_OVERLAP - 1, 1450)).toBe(true);
  });

  it('forgets plays that ended before the horizon', () => {
    const plays = new ReportedPlays();
    plays.add('a', 1000, 1200);
    plays.forget(1199);
    expect(plays.reported('a', 1010, 1210)).toBe(true);
    plays.forget(1200);
    expect(plays.reported('a', 1010, 1210)).toBe(false);
    plays.add('a', 1000, 1200);
    plays.clear();
    expect(plays.reported('a', 1010, 1210)).toBe(false);
  });
});
