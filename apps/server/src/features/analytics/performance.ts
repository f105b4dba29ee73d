import type { AnalyticsPerformance } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { UserRow } from '../../db/schema.ts';
import { scopedRollups, scopedTriggerAlias, utcDay } from './rollup-scope.ts';
import { percentChange } from './summary.ts';

/** Hour and weekday activity cover this many days back. */
export const ACTIVITY_DAYS = 30;

const rate = (conversions: number, activations: number) =>
  activations > 0 ? Math.round((conversions / activations) * 1000) / 10 : 0;

interface Row {
  kind: 'all' | 'this-month' | 'last-month' | 'campaign' | 'segment' | 'hour' | 'weekday';
  id: number;
  name: string;
  n: number;
  converted: number;
}

/**
 * Conversions, campaigns, segments and hour / weekday activity in one statement over the rollups
 * (daily by owner and by trigger, daily by segment, hourly by trigger): the cost follows days,
 * triggers and segments, never the number of activations.
 */
export async function analyticsPerformance(
  db: Db,
  user: UserRow,
  now = new Date(),
): Promise<AnalyticsPerformance> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000);
  const triggerScope = scopedTriggerAlias(user);
  const m = sql.raw(
    'coalesce(sum(r.activations), 0)::int as n, coalesce(sum(r.converted), 0)::int as converted',
  );
  const rows = await queryRows<Row>(
    db,
    sql`with o as (${scopedRollups(user)})
      select 'all' as kind, 0 as id, '' as name, ${m} from o r
      union all select 'this-month', 0, '', ${m} from o r where r.day >= ${utcDay(monthStart)}::date
      union all select 'last-month', 0, '', ${m} from o r
        where r.day >= ${utcDay(lastMonthStart)}::date and r.day < ${utcDay(monthStart)}::date
      union all (select 'campaign', c.id, c.name, ${m}
        from activation_daily_by_trigger r join sound_triggers t on t.id = r.trigger_id
        join campaigns c on c.id = t.campaign_id where ${triggerScope} group by c.id, c.name)
      union all (select 'segment', s.id, s.name, ${m}
        from activation_daily_by_segment r join sound_triggers t on t.id = r.trigger_id
        join audience_segments s on s.id::text = r.segment where ${triggerScope} group by s.id, s.name)
      union all (select 'hour', extract(hour from r.hour at time zone 'UTC')::int, '', ${m}
        from activation_hourly_by_trigger r join sound_triggers t on t.id = r.trigger_id
        where ${triggerScope} and r.hour >= ${since.toISOString()}::timestamptz group by 2)
      union all (select 'weekday', extract(dow from r.hour at time zone 'UTC')::int, '', ${m}
        from activation_hourly_by_trigger r join sound_triggers t on t.id = r.trigger_id
        where ${triggerScope} and r.hour >= ${since.toISOString()}::timestamptz group by 2)`,
  );
  const of = (kind: Row['kind']) => rows.filter((r) => r.kind === kind);
  const first = (kind: Row['kind']) => of(kind)[0] ?? { n: 0, converted: 0 };
  const all = first('all');
  const thisMonth = first('this-month');
  const lastMonth = first('last-month');
  const hourly = Array.from({ length: 24 }, (_, h) => of('hour').find((r) => r.id === h)?.n ?? 0);
  const weekly = Array.from({ length: 7 }, (_, d) => of('weekday').find((r) => r.id === d)?.n ?? 0);
  const byActivations = (a: { activations: number }, b: { activations: number }) =>
    b.activations - a.activations;
  return {
    conversionRate: rate(all.converted, all.n),
    conversions: all.converted,
    conversionRateTrend: percentChange(
      rate(lastMonth.converted, lastMonth.n),
      rate(thisMonth.converted, thisMonth.n),
    ),
    campaignPerformance: of('campaign')
      .map((r) => ({
        campaignId: r.id,
        name: r.name,
        activations: r.n,
        conversions: r.converted,
        conversionRate: rate(r.converted, r.n),
      }))
      .sort(byActivations),
    segmentPerformance: of('segment')
      .map((r) => ({
        segmentId: r.id,
        name: r.name,
        activations: r.n,
        conversions: r.converted,
        conversionRate: rate(r.converted, r.n),
      }))
      .sort(byActivations),
    hourlyActivity: hourly,
    weeklyActivity: weekly,
    activityDays: ACTIVITY_DAYS,
  };
}
