import { describe, expect, it } from 'vitest';
import { ShiftedRivalIndex, slotsSoundedBy } from './field-shifted-rivals.ts';
import { type FieldPlan, planFieldTrigger } from './field-trigger-plan.ts';
import type { TriggerSpec } from './types.ts';

const plan = (spec: TriggerSpec, order: number): FieldPlan => {
  const p = planFieldTrigger(spec, order, 0.01, 6300, () => true);
  if (!p) throw new Error('no plan');
  return p;
};

// The benchmark's confusable pair: T24, started one slot after T12, plays 1800 and 600 in T12's slots 1 and 3.
const T12 = plan({ id: 'T12', frequencyPattern: [1050, 1800, 1050, 600] }, 0);
const T24 = plan({ id: 'T24', frequencyPattern: [1800, 1500, 600, 850] }, 1);
const T01 = plan({ id: 'T01', frequencyPattern: [1450, 500, 1500, 1000] }, 2);
const ONE_SHARED = plan({ id: 'one', frequencyPattern: [1800, 700, 750, 800] }, 3);
const SLOWER = plan({ id: 'slow', frequencyPattern: [1800, 1500, 600, 850], durationMs: 3000 }, 4);

describe('shifted rivals', () => {
  const index = new ShiftedRivalIndex([T12, T24, T01, ONE_SHARED, SLOWER]);

  it('finds a trigger that plays two of the candidate tones in the same slots, started later', () => {
    expect(index.of(T12)).toEqual([{ plan: T24, shift: 1 }]);
  });

  it('leaves out rivals that end first, share one tone, or have other slot lengths', () => {
    // T12 would start one slot before T24 and end before it: decided first, not waited for.
    expect(index.of(T24)).toEqual([]);
    expect(index.of(ONE_SHARED)).toEqual([]);
    expect(index.of(T01)).toEqual([]);
  });

  it('counts the slots another pattern sounds in, at the same time and frequency', () => {
    const mine = [
      { from: 0, to: 50, hz: [1050] },
      { from: 50, to: 100, hz: [1800] },
      { from: 100, to: 150, hz: [1050] },
      { from: 150, to: 200, hz: [600] },
    ];
    const theirs = [
      { from: 52, to: 102, hz: [1801] },
      { from: 102, to: 152, hz: [1500] },
      { from: 152, to: 202, hz: [600] },
    ];
    expect(slotsSoundedBy(mine, theirs, 10)).toBe(2);
    // Shifted by half a slot, no slot overlaps by more than half.
    expect(
      slotsSoundedBy(
        mine,
        theirs.map((s) => ({ ...s, from: s.from + 25, to: s.to + 25 })),
        10,
      ),
    ).toBe(0);
  });
});
