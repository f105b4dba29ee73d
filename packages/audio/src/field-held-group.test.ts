import { describe, expect, it } from 'vitest';
import { heldCandidates } from './field-held-group.ts';

interface Reading {
  id: string;
  plan: { signature: string };
  /** Slot starts (in slots) and tones: two readings share a tone when both play it at one start. */
  slots: [number, number][];
  waiting: boolean;
}

const reading = (id: string, start: number, tones: number[], waiting: boolean): Reading => ({
  id,
  plan: { signature: tones.join('-') },
  slots: tones.map((hz, k): [number, number] => [start + k, hz]),
  waiting,
});

/** Two or more slots at the same time and tone, as the field detector's `sameSound`. */
const sameSound = (a: Reading, b: Reading): boolean =>
  a.slots.filter(([t, hz]) => b.slots.some(([u, g]) => t === u && hz === g)).length >= 2;

const held = (all: Reading[]) =>
  [...heldCandidates(all, (c) => c.waiting, sameSound)].map((c) => c.id).sort();

describe('heldCandidates', () => {
  it('holds nothing when nothing waits', () => {
    expect(held([reading('T21', 1, [1000, 650, 800, 500], false)])).toEqual([]);
  });

  it('holds a due candidate claiming the sound of a different-sounding one still waiting', () => {
    // D33 shares T10's first two tones in the same slots; T10 waits for a rival of its own.
    const t10 = reading('T10', 0, [1500, 1700, 750, 1350], true);
    const d33 = reading('D33', 0, [1500, 1700, 1050, 700], false);
    expect(held([d33, t10])).toEqual(['D33', 'T10']);
  });

  it('holds, in turn, a candidate claiming the sound of one it held, whatever the order', () => {
    // T21 is due but claims the sound of D145's later reading, still waiting; D145's earlier
    // reading is due and shares T21's three tones (not its other reading's slots): it waits too.
    const t21 = reading('T21', 1, [1000, 650, 800, 500], false);
    const later = reading('D145-later', -0.25, [1450, 1000, 650, 800], true);
    later.slots = [
      [-0.25, 1450],
      [1, 1000],
      [2, 650],
      [3, 800],
    ];
    const earlier = reading('D145-earlier', 0, [1450, 1000, 650, 800], false);
    earlier.slots = [
      [0.25, 1450],
      [1, 1000],
      [2, 650],
      [3, 800],
    ];
    const expected = ['D145-earlier', 'D145-later', 'T21'];
    expect(held([t21, later, earlier])).toEqual(expected);
    expect(held([earlier, later, t21])).toEqual(expected);
  });

  it('does not let readings of one pattern hold each other', () => {
    const waiting = reading('T05', 0, [600, 900, 1300, 1700], true);
    const due = reading('T05', 0, [600, 900, 1300, 1700], false);
    const apart = reading('T09', 5, [700, 1000, 1400, 1800], false);
    expect(heldCandidates([waiting, due, apart], (c) => c.waiting, sameSound).has(due)).toBe(false);
    expect(held([waiting, due, apart])).toEqual(['T05']);
  });
});
