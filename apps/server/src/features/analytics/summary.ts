import type { AnalyticsSummary } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { soundTriggers, type UserRow } from '../../db/schema.ts';
import { visibleTo } from '../triggers/repository.ts';
import { scopedRollups, utcDay } from './rollup-scope.ts';

const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/**
 * Month-over-month change in percent. From nothing to something has no percentage: null, which
 * the screens show as 'New this month' rather than a made-up '+100.0%' (issue 14).
 */
export function percentChange(previous: number, current: number): number | null {
  if (previous === 0) return current > 0 ? null : 0;
  return round1(((current - previous) / Math.abs(previous)) * 100);
}

interface SummaryRow {
  kind: 'all' | 'this-month' | 'last-month' | 'device' | 'day' | 'type';
  key: string;
  n: number;
  successful: number;
  batterySum: number;
  batteryCount: number;
  converted: number;
}

const measures = sql.raw(`coalesce(sum(activations), 0)::int as n,
  coalesce(sum(successful), 0)::int as successful, coalesce(sum(battery_sum), 0)::float8 as "batterySum",
  coalesce(sum(battery_count), 0)::int as "batteryCount", coalesce(sum(converted), 0)::int as converted`);

/**
 * SPEC §3.2 from the daily rollups (docs/decisions/analytics-rollups.md) in one statement: its
 * cost follows the days and devices, never the number of activations. Trigger rows reuse the
 * measure columns: n = triggers, successful = active ones, converted = active before this month.
 */
export async function analyticsSummary(db: Db, user: UserRow, now = new Date()): Promise<AnalyticsSummary> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const weekStart = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 6 * DAY_MS,
  );
  const month = utcDay(monthStart);
  const rows = await queryRows<SummaryRow>(
    db,
    sql`with r as (${scopedRollups(user)})
      select 'all' as kind, '' as key, ${measures} from r
      union all select 'this-month', '', ${measures} from r where day >= ${month}::date
      union all select 'last-month', '', ${measures} from r
        where day >= ${utcDay(lastMonthStart)}::date and day < ${month}::date
      union all select 'device', coalesce(nullif(device_type, ''), 'Unknown'), ${measures} from r group by 2
      union all select 'day', day::text, ${measures} from r where day >= ${utcDay(weekStart)}::date group by 2
      union all select 'type', ${soundTriggers.type}::text, count(*)::int,
        (count(*) filter (where ${soundTriggers.status} = 'active'))::int, 0, 0,
        (count(*) filter (where ${soundTriggers.status} = 'active' and ${soundTriggers.createdAt} < ${monthStart.toISOString()}::timestamptz))::int
        from ${soundTriggers} where ${visibleTo(user) ?? sql`true`} group by 2`,
  );
  const stats = (kind: SummaryRow['kind']) => {
    const row = rows.find((r) => r.kind === kind);
    const n = row?.n ?? 0;
    return {
      total: n,
      successful: row?.successful ?? 0,
      batteryAvg: row && row.batteryCount > 0 ? row.batterySum / row.batteryCount : 0,
      converted: row?.converted ?? 0,
    };
  };
  const all = stats('all');
  const thisMonth = stats('this-month');
  const lastMonth = stats('last-month');
  const typeRows = rows.filter((r) => r.kind === 'type');
  const deviceRows = rows.filter((r) => r.kind === 'device' && r.n > 0);
  const dayRows = rows.filter((r) => r.kind === 'day' && r.n > 0);

  const activeTriggers = typeRows.reduce((sum, r) => sum + r.successful, 0);
  const activeLastMonth = typeRows.reduce((sum, r) => sum + r.converted, 0);

  const activationsByDay: Record<string, number> = {};
  if (dayRows.length > 0) {
    const counts = new Map(dayRows.map((r) => [r.key, r.n]));
    for (let i = 0; i < 7; i++) {
      const key = utcDay(new Date(weekStart.getTime() + i * DAY_MS));
      activationsByDay[key] = counts.get(key) ?? 0;
    }
  }

  return {
    activeTriggers,
    totalActivations: all.total,
    successRate: round1(percent(all.successful, all.total)),
    batteryImpact: round1(all.batteryAvg),
    deviceCompatibility: Object.fromEntries(
      deviceRows.map((r) => [r.key, round1(percent(r.successful, r.n))]),
    ),
    triggerTypeCounts: Object.fromEntries(typeRows.map((r) => [r.key, r.n])),
    activationsByDay,
    lastMonthTrends: {
      activeTriggers: percentChange(activeLastMonth, activeTriggers),
      totalActivations: percentChange(lastMonth.total, thisMonth.total),
      successRate: percentChange(
        percent(lastMonth.successful, lastMonth.total),
        percent(thisMonth.successful, thisMonth.total),
      ),
      batteryImpact: percentChange(lastMonth.batteryAvg, thisMonth.batteryAvg),
      conversionRate: percentChange(
        percent(lastMonth.converted, lastMonth.total),
        percent(thisMonth.converted, thisMonth.total),
      ),
    },
  };
}
