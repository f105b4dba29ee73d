import type { AnalyticsSummary } from '@tonemark/shared';
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations, type UserRow } from '../../db/schema.ts';
import { visibleTo } from '../triggers/repository.ts';

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

interface ActivationStats {
  total: number;
  successful: number;
  batteryAvg: number;
  converted: number;
}

async function activationStats(
  db: Db,
  scope: SQL | undefined,
  from?: Date,
  to?: Date,
): Promise<ActivationStats> {
  const [row] = await db
    .select({
      total: count(),
      successful:
        sql<number>`coalesce(sum(case when ${triggerActivations.successful} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
      batteryAvg: sql<number>`coalesce(avg(${triggerActivations.batteryImpact}), 0)`.mapWith(Number),
      converted:
        sql<number>`coalesce(sum(case when ${triggerActivations.conversionTracking} is not null then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(
      and(
        scope,
        from ? gte(triggerActivations.activatedAt, from) : undefined,
        to ? lt(triggerActivations.activatedAt, to) : undefined,
      ),
    );
  return row ?? { total: 0, successful: 0, batteryAvg: 0, converted: 0 };
}

/** SPEC §3.2 computed from the rows the user may see (creators: their own triggers). */
export async function analyticsSummary(db: Db, user: UserRow, now = new Date()): Promise<AnalyticsSummary> {
  const scope = visibleTo(user);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const weekStart = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 6 * DAY_MS,
  );

  const typeRows = await db
    .select({
      type: soundTriggers.type,
      total: count(),
      active:
        sql<number>`coalesce(sum(case when ${soundTriggers.status} = 'active' then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
      activeBeforeMonth:
        sql<number>`coalesce(sum(case when ${soundTriggers.status} = 'active' and ${soundTriggers.createdAt} < ${monthStart} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(soundTriggers)
    .where(scope)
    .groupBy(soundTriggers.type);

  const deviceRows = await db
    .select({
      device: sql<string>`coalesce(${triggerActivations.deviceType}, 'Unknown')`,
      total: count(),
      successful:
        sql<number>`coalesce(sum(case when ${triggerActivations.successful} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(scope)
    .groupBy(sql`1`);

  const day = sql<string>`to_char(${triggerActivations.activatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const dayRows = await db
    .select({ day, total: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(and(scope, gte(triggerActivations.activatedAt, weekStart)))
    .groupBy(sql`1`);

  const [all, thisMonth, lastMonth] = await Promise.all([
    activationStats(db, scope),
    activationStats(db, scope, monthStart),
    activationStats(db, scope, lastMonthStart, monthStart),
  ]);

  const activeTriggers = typeRows.reduce((sum, r) => sum + r.active, 0);
  const activeLastMonth = typeRows.reduce((sum, r) => sum + r.activeBeforeMonth, 0);

  const activationsByDay: Record<string, number> = {};
  if (dayRows.length > 0) {
    const counts = new Map(dayRows.map((r) => [r.day, r.total]));
    for (let i = 0; i < 7; i++) {
      const key = new Date(weekStart.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      activationsByDay[key] = counts.get(key) ?? 0;
    }
  }

  return {
    activeTriggers,
    totalActivations: all.total,
    successRate: round1(percent(all.successful, all.total)),
    batteryImpact: round1(all.batteryAvg),
    deviceCompatibility: Object.fromEntries(
      deviceRows.map((r) => [r.device, round1(percent(r.successful, r.total))]),
    ),
    triggerTypeCounts: Object.fromEntries(typeRows.map((r) => [r.type, r.total])),
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
