import { describe, expect, it } from 'vitest';
import { DeferredList, type DeferredTiming } from './field-deferred-list.ts';
import { seededRandom } from './testing/synthetic-audio.ts';

/** The repeat test as the field detector read it from its list of hypotheses before (main 92d2fe8). */
function repeatOfObjects<T extends DeferredTiming>(
  list: readonly T[],
  speed: number,
  slot: number,
  start: number,
) {
  for (const d of list)
    if (
      Math.abs(d.anchor - d.anchorSlot * d.slot - start) < 0.3 * slot &&
      Math.abs(d.speed - speed) < 0.002 &&
      Math.abs(d.slot - slot) < 0.1 * slot
    )
      return d;
  return undefined;
}

describe('DeferredList', () => {
  it('answers the repeat test as a scan of the hypotheses does, through pushes, removals and retimings', () => {
    const random = seededRandom(9);
    const list = new DeferredList<DeferredTiming & { id: number }>();
    const plain: (DeferredTiming & { id: number })[] = [];
    const timing = () => ({
      anchor: 1000 + Math.floor(random() * 40) + random(),
      anchorSlot: 1 + Math.floor(random() * 3),
      speed: 0.99 + random() * 0.006,
      slot: 40 + random() * 6,
    });
    let repeats = 0;
    for (let step = 0; step < 20_000; step++) {
      const what = random();
      if (what < 0.4) {
        const d = { ...timing(), id: step };
        list.push(d);
        plain.push(d);
      } else if (what < 0.6 && plain.length > 0) {
        const d = plain[Math.floor(random() * plain.length)] as DeferredTiming & { id: number };
        plain.splice(plain.indexOf(d), 1);
        list.remove(d);
        list.remove(d); // twice: a hypothesis filed twice in one hop is verified twice
      } else if (what < 0.7 && plain.length > 0) {
        const d = plain[Math.floor(random() * plain.length)] as DeferredTiming & { id: number };
        d.slot = 40 + random() * 6;
        list.retimed(d);
      } else {
        const t = timing();
        const start = t.anchor - t.anchorSlot * t.slot;
        const expected = repeatOfObjects(plain, t.speed, t.slot, start);
        if (expected) repeats++;
        expect(list.repeatOf(t.speed, t.slot, start)).toBe(expected);
      }
      expect(list.length).toBe(plain.length);
    }
    // The test means something only if repeats are found and missed alike.
    expect(repeats).toBeGreaterThan(200);
  });

  it('finds a hypothesis at its new slot length once retimed, not before', () => {
    const list = new DeferredList<DeferredTiming>();
    const d = { anchor: 500, anchorSlot: 3, speed: 1, slot: 43 };
    list.push(d);
    d.slot = 50;
    expect(list.repeatOf(1, 50, 500 - 3 * 50)).toBeUndefined();
    list.retimed(d);
    expect(list.repeatOf(1, 50, 500 - 3 * 50)).toBe(d);
  });
});
