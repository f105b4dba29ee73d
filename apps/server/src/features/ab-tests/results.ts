import type { AbTest, AbTestResults, AbVariantResult } from '@tonemark/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { abVariantTotals } from '../../db/schema.ts';
import { ALPHA, twoProportionTest, wilsonInterval } from './statistics.ts';

const pct = (p: number) => Math.round(p * 10_000) / 100;

export const RESULTS_METHOD =
  'Two-proportion z-test (pooled, two-sided) of each variant against the first; 95 % Wilson intervals per variant';

/**
 * A test's results from the rollups: served devices, activations and converted activations per
 * variant (ab_variant_totals, kept by the database), clicks and goals from its conversion rows.
 */
export async function testResults(db: Db, test: AbTest): Promise<AbTestResults> {
  const ids = test.variants.map((v) => v.id);
  // Deleting a trigger deletes its variants: a test may have lost all of them.
  if (ids.length === 0)
    return {
      test,
      method: RESULTS_METHOD,
      confidenceLevel: 95,
      alpha: ALPHA,
      baselineVariantId: null,
      variants: [],
      comparisons: [],
      leaderVariantId: null,
    };
  const totals = await db.select().from(abVariantTotals).where(inArray(abVariantTotals.variantId, ids));
  const steps = await queryRows<{ variantId: number; kind: string; n: number }>(
    db,
    sql`select ab_variant_id as "variantId", kind, count(*)::int as n from activation_conversions
      where ab_variant_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) group by 1, 2`,
  );
  const variants: AbVariantResult[] = test.variants.map((v) => {
    const total = totals.find((t) => t.variantId === v.id);
    const activations = total?.activations ?? 0;
    const conversions = total?.converted ?? 0;
    const count = (kind: string) => steps.find((s) => s.variantId === v.id && s.kind === kind)?.n ?? 0;
    const interval = wilsonInterval(conversions, activations);
    return {
      variantId: v.id,
      name: v.name,
      trafficAllocation: v.trafficAllocation,
      served: total?.devices ?? 0,
      activations,
      conversions,
      clicks: count('click'),
      goals: count('goal'),
      conversionRate: activations > 0 ? pct(conversions / activations) : 0,
      interval: { low: pct(interval.low), high: pct(interval.high) },
    };
  });
  const [baseline, ...others] = variants;
  if (!baseline) throw new Error('variants were checked above');
  const alpha = others.length > 1 ? ALPHA / others.length : ALPHA;
  const comparisons = others.map((v) => {
    const result = twoProportionTest(
      { conversions: baseline.conversions, trials: baseline.activations },
      { conversions: v.conversions, trials: v.activations },
      alpha,
    );
    return {
      variantId: v.variantId,
      difference: pct(result.difference),
      interval: { low: pct(result.interval.low), high: pct(result.interval.high) },
      z: result.z === null ? null : Math.round(result.z * 1000) / 1000,
      pValue: result.pValue === null ? null : Math.round(result.pValue * 10_000) / 10_000,
      enoughData: result.enoughData,
      significant: result.significant,
    };
  });
  // The leader: the best variant when it beats the control significantly, or the control when
  // every other variant is significantly worse.
  const winners = comparisons.filter((c) => c.significant && c.difference > 0);
  const best = winners.sort((a, b) => b.difference - a.difference)[0];
  const controlWins = comparisons.length > 0 && comparisons.every((c) => c.significant && c.difference < 0);
  return {
    test,
    method: RESULTS_METHOD,
    confidenceLevel: 95,
    alpha,
    baselineVariantId: baseline.variantId,
    variants,
    comparisons,
    leaderVariantId: best?.variantId ?? (controlWins ? baseline.variantId : null),
  };
}
