import { describe, expect, it } from 'vitest';
import {
  type FieldPlan,
  type IndexEntry,
  laneKey,
  lookupBuckets,
  planFieldTrigger,
  TriggerIndex,
} from './field-trigger-plan.ts';

describe('trigger index', () => {
  it('finds by the ratio of the last two tones, and skips last tones outside the pitch range asked', () => {
    const index = new TriggerIndex();
    // Four patterns ending on a rising fifth (ratio 1.5) at different pitches, one on a fourth.
    const patterns = [
      [700, 900, 1000, 1500],
      [1200, 800, 600, 900],
      [1500, 1900, 800, 1200],
      [1100, 500, 1300, 1950],
      [1000, 700, 1500, 2000],
    ];
    let key = '';
    patterns.forEach((frequencyPattern, order) => {
      const plan = planFieldTrigger({ id: `p${order}`, frequencyPattern }, order, 0.01, 6300, () => true);
      if (!plan) throw new Error('plan expected');
      key = laneKey(plan.bands[0]?.kind ?? 0, plan.frameSize);
      index.add(plan);
    });
    const buckets = index.lane(key);
    if (!buckets) throw new Error('lane expected');
    const ids = (min?: number, max?: number) => {
      const out: IndexEntry[] = [];
      lookupBuckets(buckets, Math.log(1.5), out, min, max);
      return out.map((e) => e.plan.spec.id).sort();
    };
    expect(ids()).toEqual(['p0', 'p1', 'p2', 'p3']);
    // A tone heard at 1490 Hz, speeds 0.95-1.05: only last tones 1419-1568 Hz can be it.
    expect(ids(1490 / 1.05, 1490 / 0.95)).toEqual(['p0']);
    expect(ids(850, 1250)).toEqual(['p1', 'p2']);
    expect(ids(2000, 3000)).toEqual([]);
  });
});

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
