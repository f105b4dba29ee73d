import { CAMPAIGN_ACTIVITY_DAYS, type CampaignActivityPoint } from '@tonemark/shared';
import { and, count, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Daily activations of a campaign over the last 30 days (UTC days, zero-filled), plus the all-time
 * total. An activation counts when it was recorded for the campaign or its trigger belongs to it now.
 */
export async function campaignActivity(
  db: Db,
  campaignId: number,
  now = new Date(),
): Promise<{ activity: CampaignActivityPoint[]; total: number }> {
  const belongs = or(
    eq(triggerActivations.campaignId, campaignId),
    inArray(
      triggerActivations.triggerId,
      db.select({ id: soundTriggers.id }).from(soundTriggers).where(eq(soundTriggers.campaignId, campaignId)),
    ),
  );
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  first.setUTCDate(first.getUTCDate() - (CAMPAIGN_ACTIVITY_DAYS - 1));
  const day = sql<string>`to_char(${triggerActivations.activatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [rows, totals] = await Promise.all([
    db
      .select({ day, n: count() })
      .from(triggerActivations)
      .where(and(belongs, gte(triggerActivations.activatedAt, first)))
      .groupBy(day),
    db.select({ n: count() }).from(triggerActivations).where(belongs),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  const activity: CampaignActivityPoint[] = [];
  for (let i = 0; i < CAMPAIGN_ACTIVITY_DAYS; i++) {
    const date = new Date(first);
    date.setUTCDate(first.getUTCDate() + i);
    activity.push({ date: dayKey(date), activations: byDay.get(dayKey(date)) ?? 0 });
  }
  return { activity, total: totals[0]?.n ?? 0 };
}
