import { describe, expect, it } from 'vitest';
import { normalCdf, twoProportionTest, wilsonInterval } from './statistics.ts';

describe('A/B statistics', () => {
  it('normal CDF matches known values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5);
  });

  it('Wilson interval matches a textbook case and stays inside 0..1', () => {
    // 81 of 263: 95 % Wilson interval 0.2553 .. 0.3662 (Newcombe 1998, table I style check).
    const { low, high } = wilsonInterval(81, 263);
    expect(low).toBeCloseTo(0.2553, 3);
    expect(high).toBeCloseTo(0.3662, 3);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(10, 10).high).toBeCloseTo(1, 9);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });

  it('z-test: a clear difference is significant, a small one is not', () => {
    // 200/1000 vs 260/1000: pooled p 0.23, z ≈ 3.19, p ≈ 0.0014.
    const clear = twoProportionTest({ conversions: 200, trials: 1000 }, { conversions: 260, trials: 1000 });
    expect(clear.z).toBeCloseTo(3.188, 2);
    expect(clear.pValue).toBeCloseTo(0.00143, 3);
    expect(clear.significant).toBe(true);
    expect(clear.difference).toBeCloseTo(0.06, 6);
    expect(clear.interval.low).toBeGreaterThan(0);

    const close = twoProportionTest({ conversions: 50, trials: 500 }, { conversions: 55, trials: 500 });
    expect(close.significant).toBe(false);
    expect(close.interval.low).toBeLessThan(0);
    expect(close.interval.high).toBeGreaterThan(0);
  });

  it('too little data is never significant, and empty sides give no z', () => {
    const tiny = twoProportionTest({ conversions: 0, trials: 3 }, { conversions: 3, trials: 3 });
    expect(tiny.enoughData).toBe(false);
    expect(tiny.significant).toBe(false);
    const empty = twoProportionTest({ conversions: 0, trials: 0 }, { conversions: 1, trials: 4 });
    expect(empty.z).toBeNull();
    expect(empty.pValue).toBeNull();
  });

  it('a stricter alpha (Bonferroni) can turn a result non-significant', () => {
    const a = { conversions: 100, trials: 1000 };
    const b = { conversions: 128, trials: 1000 };
    const test = twoProportionTest(a, b);
    expect(test.pValue).toBeGreaterThan(0.05 / 4);
    expect(test.pValue).toBeLessThan(0.05);
    expect(test.significant).toBe(true);
    expect(twoProportionTest(a, b, 0.05 / 4).significant).toBe(false);
  });
});
