import { describe, expect, it } from 'vitest';
import { devicePoint, pickVariant } from './assign-variant.ts';

const variants = [
  { id: 10, trafficAllocation: 70 },
  { id: 11, trafficAllocation: 30 },
];

describe('variant assignment', () => {
  it('splits 20,000 simulated devices close to the allocation', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 20_000; i++) {
      const v = pickVariant(7, `device:sim-${i}`, variants);
      counts.set(v?.id ?? 0, (counts.get(v?.id ?? 0) ?? 0) + 1);
    }
    // 70 % of 20,000 = 14,000; a binomial's standard deviation here is ~65, so ±400 is > 6 sigma.
    expect(Math.abs((counts.get(10) ?? 0) - 14_000)).toBeLessThan(400);
    expect(Math.abs((counts.get(11) ?? 0) - 6_000)).toBeLessThan(400);
  });

  it('is sticky per device and independent between tests', () => {
    for (let i = 0; i < 50; i++) {
      const key = `device:sticky-${i}`;
      const first = pickVariant(3, key, variants);
      for (let k = 0; k < 5; k++) expect(pickVariant(3, key, variants)).toBe(first);
    }
    const points = Array.from({ length: 200 }, (_, i) => [devicePoint(1, `d${i}`), devicePoint(2, `d${i}`)]);
    const same = points.filter(([a, b]) => (a as number) < 0.5 === (b as number) < 0.5).length;
    // Independent halves agree about half of the time, not always.
    expect(same).toBeGreaterThan(60);
    expect(same).toBeLessThan(140);
  });

  it('splits among the eligible variants only, and gives nothing when none is', () => {
    const only = pickVariant(5, 'device:x', [variants[1] as (typeof variants)[number]]);
    expect(only?.id).toBe(11);
    expect(pickVariant(5, 'device:x', [])).toBeUndefined();
  });
});
