import { describe, expect, it } from 'vitest';
import {
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
