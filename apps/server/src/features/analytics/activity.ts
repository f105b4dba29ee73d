import type { ActivityRange, ActivityResponse, DeviceFilter } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { UserRow } from '../../db/schema.ts';
import { scopedRollups, utcDay } from './rollup-scope.ts';
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

/**
 * Activations per day for the Trigger Activity chart, with the change against the period before:
 * one query over the daily rollups of both periods, filtered by the stored platform.
 */
export async function activity(
  db: Db,
  user: UserRow,
  range: ActivityRange,
  device: DeviceFilter,
  now = new Date(),
): Promise<ActivityResponse> {
  const { start, days } = rangeWindow(range, now);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const end = new Date(start.getTime() + days * DAY_MS);
  const rows = await queryRows<{ day: string; n: number }>(
    db,
    sql`select day::text as day, sum(activations)::int as n from (${scopedRollups(user)}) r
      where ${device === 'all' ? sql`true` : sql`platform = ${device}`}
        and day >= ${utcDay(previousStart)}::date and day < ${utcDay(end)}::date
      group by day`,
  );
  const counts = new Map(rows.map((r) => [r.day, r.n]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(start.getTime() + i * DAY_MS));
    return { date, count: counts.get(date) ?? 0 };
  });
  const total = series.reduce((sum, d) => sum + d.count, 0);
  const startDay = utcDay(start);
  const previousTotal = rows.filter((r) => r.day < startDay).reduce((sum, r) => sum + r.n, 0);
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
