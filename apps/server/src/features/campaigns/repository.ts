import type { CreateCampaignInput, OwnerFilter, UpdateCampaignInput } from '@tonemark/shared';
import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, soundTriggers, type UserRow } from '../../db/schema.ts';
import { matchesSearch, totalOverWindow } from '../paging/list-page.ts';
import { type OwnerColumns, ownedScope, ownerFilter } from '../teams/access.ts';

export type CampaignRow = typeof campaigns.$inferSelect & { triggerCount: number };

export const CAMPAIGN_OWNER: OwnerColumns = { owner: campaigns.ownerId, team: campaigns.teamId };

/** Admins see every campaign; everyone else their own and their teams' (features/teams/access.ts). */
export function campaignVisibleTo(user: UserRow): SQL | undefined {
  return ownedScope(user, CAMPAIGN_OWNER);
}

/**
 * Which campaigns a list shows: for the caller, what they may see (filtered by `teamId`); for an
 * admin naming another account, that account's own.
 */
export type CampaignListScope = { user: UserRow; teamId?: OwnerFilter } | { ownerId: number };

function scopeCondition(scope: CampaignListScope): SQL | undefined {
  if ('ownerId' in scope) return eq(campaigns.ownerId, scope.ownerId);
  return and(campaignVisibleTo(scope.user), ownerFilter(scope.user, CAMPAIGN_OWNER, scope.teamId));
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

function ownedMatching(scope: CampaignListScope, search: string | undefined) {
  return and(scopeCondition(scope), matchesSearch(search, [campaigns.name, campaigns.description]));
}

/** Newest first; all of them unless a page (limit and offset) is asked for. */
export async function listCampaignsOf(
  db: Db,
  scope: CampaignListScope,
  search?: string,
): Promise<CampaignRow[]> {
  return selectCampaigns(db, ownedMatching(scope, search)).orderBy(
    desc(campaigns.createdAt),
    desc(campaigns.id),
  );
}

/** One page, newest first, each row with the number of campaigns the search keeps. */
export async function listCampaignPage(
  db: Db,
  scope: CampaignListScope,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<(CampaignRow & { total: number })[]> {
  return db
    .select({ ...withTriggerCount, total: totalOverWindow })
    .from(campaigns)
    .leftJoin(soundTriggers, eq(soundTriggers.campaignId, campaigns.id))
    .where(ownedMatching(scope, search))
    .groupBy(campaigns.id)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset);
}

export async function countCampaignsOf(db: Db, scope: CampaignListScope, search?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(campaigns).where(ownedMatching(scope, search));
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

export async function insertCampaign(
  db: Db,
  ownerId: number,
  teamId: number | null,
  input: Omit<CreateCampaignInput, 'teamId'>,
): Promise<number> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...toColumns(input), name: input.name, ownerId, teamId })
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
