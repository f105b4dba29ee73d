import { describe, expect, it } from 'vitest';
import {
  type FieldPlan,
  type IndexEntry,
  laneKey,
  planFieldTrigger,
  TriggerIndex,
} from './field-trigger-plan.ts';

const plan = (pattern: number[], order = 0): FieldPlan =>
  planFieldTrigger(
    { id: `t${order}`, frequencyPattern: pattern },
    order,
    0.01,
    6300,
    () => true,
  ) as FieldPlan;

function lookup(index: TriggerIndex, p: FieldPlan, later: number, earlier: number): IndexEntry[] {
  const out: IndexEntry[] = [];
  index.lookup(laneKey(0, p.frameSize), Math.log(later / earlier), out);
  return out;
}

describe('TriggerIndex', () => {
  it('indexes every pair of consecutive tones, so any of them can propose the pattern', () => {
    const p = plan([2000, 1000, 850, 1000]);
    const index = new TriggerIndex();
    index.add(p);
    expect(lookup(index, p, 1000, 2000).map((e) => [e.lastStartSlot, e.prevSlots, e.lastHz])).toEqual([
      [1, 1, 1000],
    ]);
    expect(lookup(index, p, 850, 1000).map((e) => e.lastStartSlot)).toEqual([2]);
    expect(lookup(index, p, 1000, 850).map((e) => e.lastStartSlot)).toEqual([3]);
    expect(lookup(index, p, 1500, 1000)).toEqual([]);
  });

  it('treats repeated slots as one run', () => {
    const p = plan([600, 600, 900, 900]);
    const index = new TriggerIndex();
    index.add(p);
    expect(lookup(index, p, 900, 600).map((e) => [e.lastStartSlot, e.prevSlots])).toEqual([[2, 2]]);
    const single = plan([700, 700, 700, 700], 1);
    index.add(single);
    expect(index.singles(laneKey(0, single.frameSize)).map((e) => e.plan.spec.id)).toEqual(['t1']);
  });
});
