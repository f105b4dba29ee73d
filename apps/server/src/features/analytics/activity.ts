import type { ActivityRange, ActivityResponse, DeviceFilter } from '@tonemark/shared';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations, type UserRow } from '../../db/schema.ts';
import { deviceFilterSql } from '../activations/device-filter.ts';
import { visibleTo } from '../triggers/repository.ts';
import { percentChange } from './summary.ts';

const DAY_MS = 86_400_000;

/** First day (UTC midnight) of the range and its number of days, ending today. */
export function rangeWindow(range: ActivityRange, now: Date): { start: Date; days: number } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (range === 'month') {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    return { start: new Date(start), days: Math.round((today - start) / DAY_MS) + 1 };
  }
  const days = range === '7d' ? 7 : 30;
  return { start: new Date(today - (days - 1) * DAY_MS), days };
}

/** Activations per day for the Trigger Activity chart, with the change against the period before. */
export async function activity(
  db: Db,
  user: UserRow,
  range: ActivityRange,
  device: DeviceFilter,
  now = new Date(),
): Promise<ActivityResponse> {
  const { start, days } = rangeWindow(range, now);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const scope = and(visibleTo(user), deviceFilterSql(device));
  const day = sql<string>`to_char(${triggerActivations.activatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, total: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(and(scope, gte(triggerActivations.activatedAt, start)))
    .groupBy(sql`1`);
  const [previous] = await db
    .select({ total: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(
      and(
        scope,
        gte(triggerActivations.activatedAt, previousStart),
        lt(triggerActivations.activatedAt, start),
      ),
    );
  const counts = new Map(rows.map((r) => [r.day, r.total]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
  const total = series.reduce((sum, d) => sum + d.count, 0);
  const previousTotal = previous?.total ?? 0;
  return {
    range,
    device,
    days: series,
    total,
    previousTotal,
    // From an empty period the screens read previousTotal, not this 0.
    changePercent: percentChange(previousTotal, total) ?? 0,
  };
}
