import { describe, expect, it } from 'vitest';
import type { FieldPlan, IndexEntry } from './field-trigger-plan.ts';
import { laneKey, lookupBuckets, planFieldTrigger, TriggerIndex } from './field-trigger-plan.ts';
import { PitchKeptIndex } from './pitch-kept-lookup.ts';

const RATE = 6300;
const plans = [
  [1450, 1000, 1100, 600],
  [800, 1000, 1100, 650],
  [1450, 1000, 1150, 600],
].map(
  (p, i) => planFieldTrigger({ id: `t${i}`, frequencyPattern: p }, i, 0.01, RATE, () => true) as FieldPlan,
);
const index = new TriggerIndex();
for (const plan of plans) index.add(plan);
const key = laneKey(plans[0]?.bands[0]?.kind ?? 0, plans[0]?.frameSize ?? 0);
const kept = new PitchKeptIndex(index, [key]);

function keptLookup(lastHz: number, prevHz: number, slackHz = 6.5): string[] {
  const out: IndexEntry[] = [];
  kept.lookup(key, lastHz, prevHz, slackHz, out);
  return out.map((e) => `${e.plan.spec.id}@${e.lastStartSlot}`).sort();
}

describe('PitchKeptIndex', () => {
  it('proposes a pair whose two tones a stretch moved opposite ways, which the ratio look-up misses', () => {
    // 1000 Hz - 4 then 1100 Hz + 4: the ratio is 0.8 % off 1100/1000.
    const byRatio: IndexEntry[] = [];
    const buckets = index.lane(key);
    if (buckets) lookupBuckets(buckets, Math.log(1104 / 996), byRatio);
    expect(byRatio.filter((e) => e.lastHz === 1100)).toEqual([]);
    expect(keptLookup(1104, 996)).toEqual(['t0@2', 't1@2']);
  });

  it('finds only pairs whose both tones are within the slack at speed 1', () => {
    expect(keptLookup(1150, 1000)).toEqual(['t2@2']);
    expect(keptLookup(600, 1150)).toEqual(['t2@3']);
    // The same interval one whole step up (music retuned, or another pair) is not a pitch-kept match.
    expect(keptLookup(1100 * 1.02, 1000 * 1.02)).toEqual([]);
    expect(keptLookup(1108, 1000)).toEqual([]);
    expect(keptLookup(1107, 1000, 8)).toEqual(['t0@2', 't1@2']);
  });
});
