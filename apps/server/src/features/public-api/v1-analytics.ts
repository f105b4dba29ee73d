import type { V1Analytics, V1DateRange } from '@tonemark/shared';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations, type UserRow } from '../../db/schema.ts';
import { visibleTo } from '../triggers/repository.ts';

const DAYS: Record<Exclude<V1DateRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
const round1 = (n: number) => Math.round(n * 10) / 10;

/** GET /api/v1/analytics: the key owner's triggers and their activations within the range. */
export async function v1Analytics(
  db: Db,
  user: UserRow,
  dateRange: V1DateRange,
  now = new Date(),
): Promise<V1Analytics> {
  const from =
    dateRange === 'all'
      ? null
      : new Date(
          Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
            (DAYS[dateRange] - 1) * 86_400_000,
        );
  // The key owner's triggers and their teams' (features/teams/access.ts).
  const owned = visibleTo(user);
  const inRange = and(owned, from ? gte(triggerActivations.activatedAt, from) : undefined);

  const [triggerCounts] = await db
    .select({
      total: count(),
      active:
        sql<number>`coalesce(sum(case when ${soundTriggers.status} = 'active' then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(soundTriggers)
    .where(owned);

  const [totals] = await db
    .select({
      total: count(),
      successful:
        sql<number>`coalesce(sum(case when ${triggerActivations.successful} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
      battery: sql<number>`coalesce(avg(${triggerActivations.batteryImpact}), 0)`.mapWith(Number),
    })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(inRange);

  const day = sql<string>`to_char(${triggerActivations.activatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const byDay = await db
    .select({ day, n: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(inRange)
    .groupBy(day)
    .orderBy(day);

  const device = sql<string>`coalesce(${triggerActivations.deviceType}, 'Unknown')`;
  const byDevice = await db
    .select({ device, n: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(inRange)
    .groupBy(device);

  const top = await db
    .select({ triggerId: soundTriggers.id, name: soundTriggers.name, activations: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(inRange)
    .groupBy(soundTriggers.id, soundTriggers.name)
    .orderBy(desc(count()), soundTriggers.id)
    .limit(5);

  const total = totals?.total ?? 0;
  return {
    dateRange,
    from: from?.toISOString() ?? null,
    to: now.toISOString(),
    totalTriggers: triggerCounts?.total ?? 0,
    activeTriggers: triggerCounts?.active ?? 0,
    totalActivations: total,
    successRate: total > 0 ? round1(((totals?.successful ?? 0) / total) * 100) : 0,
    averageBatteryImpact: round1(totals?.battery ?? 0),
    activationsByDay: Object.fromEntries(byDay.map((r) => [r.day, r.n])),
    deviceTypes: Object.fromEntries(byDevice.map((r) => [r.device, r.n])),
    topTriggers: top,
  };
}
