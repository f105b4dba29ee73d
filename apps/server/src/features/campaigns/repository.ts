import type { CreateCampaignInput, UpdateCampaignInput } from '@tonemark/shared';
import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, soundTriggers, type UserRow } from '../../db/schema.ts';
import { matchesSearch, totalOverWindow } from '../paging/list-page.ts';

export type CampaignRow = typeof campaigns.$inferSelect & { triggerCount: number };

/** Admins see every campaign; everyone else only their own (DESIGN §5). */
export function campaignVisibleTo(user: UserRow): SQL | undefined {
  return user.role === 'admin' ? undefined : eq(campaigns.ownerId, user.id);
}

const withTriggerCount = {
  ...getTableColumns(campaigns),
  triggerCount: count(soundTriggers.id),
};

function selectCampaigns(db: Db, where: SQL | undefined) {
  return db
    .select(withTriggerCount)
    .from(campaigns)
    .leftJoin(soundTriggers, eq(soundTriggers.campaignId, campaigns.id))
    .where(where)
    .groupBy(campaigns.id);
}

function ownedMatching(ownerId: number, search: string | undefined) {
  return and(eq(campaigns.ownerId, ownerId), matchesSearch(search, [campaigns.name, campaigns.description]));
}

/** Newest first; all of them unless a page (limit and offset) is asked for. */
export async function listCampaignsOf(db: Db, ownerId: number, search?: string): Promise<CampaignRow[]> {
  return selectCampaigns(db, ownedMatching(ownerId, search)).orderBy(
    desc(campaigns.createdAt),
    desc(campaigns.id),
  );
}

/** One page, newest first, each row with the number of campaigns the search keeps. */
export async function listCampaignPage(
  db: Db,
  ownerId: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<(CampaignRow & { total: number })[]> {
  return db
    .select({ ...withTriggerCount, total: totalOverWindow })
    .from(campaigns)
    .leftJoin(soundTriggers, eq(soundTriggers.campaignId, campaigns.id))
    .where(ownedMatching(ownerId, search))
    .groupBy(campaigns.id)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset);
}

export async function countCampaignsOf(db: Db, ownerId: number, search?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(campaigns).where(ownedMatching(ownerId, search));
  return row?.n ?? 0;
}

export async function findCampaign(db: Db, user: UserRow, id: number): Promise<CampaignRow | undefined> {
  const [row] = await selectCampaigns(db, and(eq(campaigns.id, id), campaignVisibleTo(user)));
  return row;
}

type CampaignWrite = Omit<UpdateCampaignInput, 'startDate' | 'endDate'> & {
  startDate?: string | null;
  endDate?: string | null;
};

function toColumns(input: CampaignWrite) {
  const { startDate, endDate, ...rest } = input;
  const toDate = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null ? null : new Date(v);
  return {
    ...rest,
    ...(startDate !== undefined ? { startDate: toDate(startDate) } : {}),
    ...(endDate !== undefined ? { endDate: toDate(endDate) } : {}),
  };
}

export async function insertCampaign(db: Db, ownerId: number, input: CreateCampaignInput): Promise<number> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...toColumns(input), name: input.name, ownerId })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateCampaign(db: Db, id: number, input: CampaignWrite): Promise<void> {
  await db
    .update(campaigns)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(eq(campaigns.id, id));
}

export async function setTriggerCampaign(
  db: Db,
  triggerId: number,
  campaignId: number | null,
): Promise<void> {
  await db
    .update(soundTriggers)
    .set({ campaignId, updatedAt: new Date() })
    .where(eq(soundTriggers.id, triggerId));
}

export async function campaignTriggers(db: Db, campaignId: number) {
  return db
    .select()
    .from(soundTriggers)
    .where(eq(soundTriggers.campaignId, campaignId))
    .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id));
}
