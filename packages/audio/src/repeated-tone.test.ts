import { describe, expect, it } from 'vitest';
import { repeatedToneAdvice, repeatedTones } from './repeated-tone.ts';

describe('repeatedTones', () => {
  it('lists each tone the pattern plays in more than one slot, lowest first', () => {
    expect(repeatedTones([1000, 1750, 1550, 1000])).toEqual([1000]);
    expect(repeatedTones([1300, 800, 1300, 800])).toEqual([800, 1300]);
    expect(repeatedTones([900, 900, 900, 1200])).toEqual([900]);
  });

  it('finds nothing in four different tones, however close or harmonic', () => {
    expect(repeatedTones([1500, 700, 1400, 2000])).toEqual([]);
    expect(repeatedTones([1950, 850, 2000, 900])).toEqual([]);
  });

  it('finds nothing where the signal plays the tones over 13 kHz, and counts combined as audible', () => {
    for (const signal of ['ultrasonic', 'streaming'] as const)
      expect(repeatedTones([1000, 1750, 1550, 1000], signal)).toEqual([]);
    expect(repeatedTones([1000, 1750, 1550, 1000], 'combined')).toEqual([1000]);
  });
});

describe('repeatedToneAdvice', () => {
  it('says why in one sentence, and nothing for four different tones', () => {
    expect(repeatedToneAdvice([1000, 1750, 1550, 1000])).toBe(
      '1000 Hz plays more than once: music often returns to a note, so a song or jingle can match this pattern by chance and set the trigger off when nobody played it. Four different tones are matched by chance least.',
    );
    expect(repeatedToneAdvice([1300, 800, 1300, 800])).toMatch(/^800 Hz and 1300 Hz play more than once/);
    expect(repeatedToneAdvice([1000, 1200, 1500, 1800])).toBeUndefined();
    expect(repeatedToneAdvice([1000, 1750, 1550, 1000], 'ultrasonic')).toBeUndefined();
  });
});
