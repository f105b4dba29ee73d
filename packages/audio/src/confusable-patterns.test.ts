import { describe, expect, it } from 'vitest';
import { findConfusablePatterns } from './confusable-patterns.ts';
import type { TriggerSpec } from './types.ts';

const existing: TriggerSpec[] = [
  { id: 1, frequencyPattern: [1000, 1200, 1500, 1800] },
  { id: 2, frequencyPattern: [600, 900, 1300, 1700] },
  { id: 'u', frequencyPattern: [700, 800, 900, 1000], signal: 'ultrasonic' },
];

describe('findConfusablePatterns', () => {
  it('flags an identical pattern as indistinguishable', () => {
    const [hit, ...rest] = findConfusablePatterns([1000, 1200, 1500, 1800], existing);
    expect(rest).toEqual([]);
    expect(hit?.id).toBe(1);
    expect(hit?.similarity).toBe(1);
    expect(hit?.kind).toBe('same');
    expect(hit?.reason).toMatch(/Sounds the same as trigger 1 .*cannot tell them apart/);
  });

  it('flags tones within the detector resolution (a few Hz) as the same', () => {
    expect(findConfusablePatterns([1002, 1199, 1500, 1801], existing)[0]?.similarity).toBe(1);
  });

  it('flags a pattern that differs in one slot only, naming the slot', () => {
    const [hit] = findConfusablePatterns([1000, 1200, 1550, 1800], existing);
    expect(hit?.id).toBe(1);
    expect(hit?.similarity).toBe(0.75);
    expect(hit?.kind).toBe('one-slot');
    expect(hit?.reason).toContain('only in slot 3 (1550 Hz vs 1500 Hz)');
  });

  it('does not flag distinct patterns or the same tones in another order', () => {
    expect(findConfusablePatterns([500, 1100, 1400, 1950], existing)).toEqual([]);
    expect(findConfusablePatterns([1800, 1500, 1200, 1000], existing)).toEqual([]);
    expect(findConfusablePatterns([1500, 1000, 1800, 1200], existing)).toEqual([]);
    expect(findConfusablePatterns([1000, 1200, 1500, 1800], [])).toEqual([]);
  });

  it('flags a pattern that plays a part of another one slot later or earlier', () => {
    // Trigger 1 played one slot earlier carries this pattern's slots 1-3.
    const [late] = findConfusablePatterns([1200, 1500, 1800, 1000], existing);
    expect(late?.id).toBe(1);
    expect(late?.similarity).toBe(0.75);
    expect(late?.kind).toBe('shifted');
    expect(late?.reason).toMatch(/shifted part of trigger 1: .*1 slot earlier.*slots 1, 2, 3/);
    // And the other way round: this pattern's slots 2-4 are trigger 1's slots 1-3.
    const [early] = findConfusablePatterns([700, 1000, 1200, 1500], existing);
    expect(early?.id).toBe(1);
    expect(early?.similarity).toBe(0.75);
  });

  it('flags two tones shared at a shift of one or two slots, not a single one', () => {
    // Benchmark pair T12 / T24: 1800 and 600 one slot apart, the programme supplying the rest.
    const t12: TriggerSpec = { id: 'T12', frequencyPattern: [1050, 1800, 1050, 600] };
    const [hit] = findConfusablePatterns([1800, 1500, 600, 850], [t12]);
    expect(hit?.id).toBe('T12');
    expect(hit?.similarity).toBe(0.5);
    // Two slots later: this pattern's slots 1-2 are trigger 2's slots 3-4.
    expect(findConfusablePatterns([1300, 1700, 550, 750], existing)[0]?.id).toBe(2);
    // One shared tone (T02 / T06 of the benchmark) is too common to warn about.
    const t06: TriggerSpec = { id: 'T06', frequencyPattern: [1650, 1150, 1350, 1600] };
    expect(findConfusablePatterns([1450, 1300, 1600, 500], [t06])).toEqual([]);
    // Three slots apart is never a part: only the last tone and the first overlap.
    expect(findConfusablePatterns([1800, 550, 750, 950], existing)).toEqual([]);
  });

  it('compares the tones actually played for each signal', () => {
    // Same numbers, but one is played near-ultrasonically: different sounds.
    expect(findConfusablePatterns([700, 800, 900, 1000], existing, { signal: 'audible' })).toEqual([]);
    expect(findConfusablePatterns([700, 800, 900, 1000], existing, { signal: 'ultrasonic' })[0]?.id).toBe(
      'u',
    );
    // A combined trigger contains the audible one, so each can set off the other's detector.
    expect(
      findConfusablePatterns([1000, 1200, 1500, 1800], existing, { signal: 'combined' })[0]?.similarity,
    ).toBe(1);
  });

  it('treats very different durations as different timing, and equal sounds of other slot counts as the same', () => {
    expect(findConfusablePatterns([1000, 1200, 1500, 1800], existing, { durationMs: 4000 })).toEqual([]);
    const held = findConfusablePatterns(
      [1000, 1000, 1200, 1200],
      [{ id: 'two', frequencyPattern: [1000, 1200] }],
    );
    expect(held[0]?.similarity).toBe(1);
  });
});
