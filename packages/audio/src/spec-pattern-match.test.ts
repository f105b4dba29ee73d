import { describe, expect, it } from 'vitest';
import { consistentMatches, matchPattern } from './spec-pattern-match.ts';

const slots = [[1000], [1200], [1500], [1800]];

describe('matchPattern (SPEC §9 score)', () => {
  it('scores 0.7 x longest in-order run + 0.3 x share matched', () => {
    expect(matchPattern(slots, [1000, 1200, 1500, 1800]).score).toBeCloseTo(1);
    // Three in order, all three matched: 0.7 * 3/4 + 0.3 * 3/4.
    expect(matchPattern(slots, [1000, 1200, 1500]).score).toBeCloseTo(0.75);
    // Two in order + two more out of order: 0.7 * 2/4 + 0.3 * 4/4 = 0.65.
    expect(matchPattern(slots, [1500, 1800, 1000, 1200].slice(0, 2).concat([1000, 1200])).score).toBeCloseTo(
      0.65,
    );
    // Reversed: runs of 1, everything matched: 0.7 / 4 + 0.3 = 0.475.
    expect(matchPattern(slots, [1800, 1500, 1200, 1000]).score).toBeCloseTo(0.475);
  });

  it('matches within 10 % and lets other frequencies sit between the tones', () => {
    const match = matchPattern(slots, [1090, 400, 1250, 3000, 1400, 1900]);
    expect(match.score).toBeCloseTo(1);
    expect(match.matched).toEqual([1090, 1250, 1400, 1900]);
    expect(matchPattern(slots, [1111, 1200, 1500, 1800]).matched[0]).toBeUndefined();
  });

  it('needs at least two distinct frequencies to compare', () => {
    expect(matchPattern(slots, [1000]).score).toBe(0);
    expect(matchPattern(slots, [1000, 1010, 1005]).score).toBe(0);
  });

  it('accepts either tone of a combined slot', () => {
    expect(
      matchPattern(
        [
          [1000, 18_333],
          [1200, 18_667],
        ],
        [18_333, 1200],
      ).score,
    ).toBeCloseTo(1);
  });
});

describe('consistentMatches', () => {
  it('needs two or more common slots, each within 10 %', () => {
    const a = matchPattern(slots, [1000, 1200, 1500]);
    const b = matchPattern(slots, [1020, 1190, 1500, 1800]);
    expect(consistentMatches(a, b)).toBe(true);
    const c = { score: 1, matched: [1000, 1300, undefined, undefined] };
    expect(consistentMatches({ score: 1, matched: [1000, 1250, undefined, undefined] }, c)).toBe(true);
    expect(consistentMatches({ score: 1, matched: [1000, 1000, undefined, undefined] }, c)).toBe(false);
    expect(consistentMatches({ score: 1, matched: [1000, undefined, 1500, undefined] }, c)).toBe(false);
  });
});
