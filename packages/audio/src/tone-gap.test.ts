import { describe, expect, it } from 'vitest';
import { keepsToneGap, semitonesApart } from './tone-gap.ts';

describe('keepsToneGap', () => {
  it('reads an octave as 12 semitones', () => {
    expect(semitonesApart(700, 1400)).toBeCloseTo(12, 10);
  });

  it('passes four tones at least 1.5 semitones apart, wherever they sit in the pattern', () => {
    expect(keepsToneGap([700, 1000, 1400, 2000])).toBe(true);
  });

  it('fails a repeated tone and a close pair, adjacent or not', () => {
    expect(keepsToneGap([700, 1000, 700, 2000])).toBe(false);
    // 1400 and 1500 Hz are 1.19 semitones apart, two slots from each other.
    expect(keepsToneGap([1500, 700, 1400, 2000])).toBe(false);
  });
});
