// The A/B results' statistics (docs/decisions/ab-tests.md): a 95 % Wilson interval per variant
// and a pooled two-proportion z-test of each variant against the first (the control), held to
// 0.05 divided by the number of comparisons (Bonferroni) when there are more than two variants.

export const Z_95 = 1.959963984540054;
export const ALPHA = 0.05;
/** Below this many conversions or non-conversions on a side the normal approximation is poor. */
export const MIN_EACH_OUTCOME = 5;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of x successes in n trials, as proportions (0-1). */
export function wilsonInterval(x: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { low: 0, high: 0 };
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** Standard normal cumulative distribution (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface Proportion {
  conversions: number;
  trials: number;
}

export interface TwoProportionTest {
  /** b's rate minus a's, as a proportion. */
  difference: number;
  /** Unpooled 95 % interval of the difference. */
  interval: Interval;
  z: number | null;
  pValue: number | null;
  enoughData: boolean;
  significant: boolean;
}

/** Pooled two-proportion z-test of b against a, two-sided, at significance level `alpha`. */
export function twoProportionTest(a: Proportion, b: Proportion, alpha = ALPHA): TwoProportionTest {
  const pa = a.trials > 0 ? a.conversions / a.trials : 0;
  const pb = b.trials > 0 ? b.conversions / b.trials : 0;
  const difference = pb - pa;
  const seUnpooled =
    a.trials > 0 && b.trials > 0 ? Math.sqrt((pa * (1 - pa)) / a.trials + (pb * (1 - pb)) / b.trials) : 0;
  const interval = { low: difference - Z_95 * seUnpooled, high: difference + Z_95 * seUnpooled };
  const enoughData = [a, b].every(
    (s) => s.conversions >= MIN_EACH_OUTCOME && s.trials - s.conversions >= MIN_EACH_OUTCOME,
  );
  if (a.trials === 0 || b.trials === 0)
    return { difference, interval, z: null, pValue: null, enoughData, significant: false };
  const pooled = (a.conversions + b.conversions) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (se === 0) return { difference, interval, z: null, pValue: null, enoughData, significant: false };
  const z = difference / se;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { difference, interval, z, pValue, enoughData, significant: enoughData && pValue < alpha };
}
