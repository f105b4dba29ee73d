import { randomUUID } from 'node:crypto';
import type { CreateTriggerData, OwnerFilter, TriggerType, UpdateTriggerData } from '@tonemark/shared';
import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  campaigns,
  type NewTriggerRow,
  soundTriggers,
  type TriggerRow,
  type UserRow,
} from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { matchesSearch, totalOf } from '../paging/list-page.ts';
import {
  assertCanCreateIn,
  type OwnedAsset,
  type OwnerColumns,
  ownedScope,
  ownerFilter,
  sameOwner,
  writableScope,
} from '../teams/access.ts';

export const TRIGGER_OWNER: OwnerColumns = { owner: soundTriggers.creatorId, team: soundTriggers.teamId };

/** Which triggers a user may see (features/teams/access.ts): own, their teams', admins all. */
export function visibleTo(user: UserRow): SQL | undefined {
  return ownedScope(user, TRIGGER_OWNER);
}

/** Which triggers a user may change: as visibleTo, teams only as their admin or creator. */
export function writableBy(user: UserRow): SQL | undefined {
  return writableScope(user, TRIGGER_OWNER);
}

export function newPublicId(): string {
  return `tm_trg_${randomUUID().replaceAll('-', '')}`;
}

type TriggerWrite = Partial<CreateTriggerData> | UpdateTriggerData;

/** Contract output -> column values (timestamps parsed, nothing else renamed). */
function toColumns(input: TriggerWrite): Partial<NewTriggerRow> {
  const { expiresAt, ...rest } = input;
  return {
    ...rest,
    ...(expiresAt !== undefined ? { expiresAt: expiresAt === null ? null : new Date(expiresAt) } : {}),
  };
}

/**
 * A trigger may join only a campaign of the same owner (the same team, or the same person's own),
 * that the user can see; checked here so no bad link is stored.
 */
async function checkCampaign(
  db: Db,
  user: UserRow,
  campaignId: number | null | undefined,
  trigger: OwnedAsset,
) {
  if (campaignId === undefined || campaignId === null) return;
  const [campaign] = await db
    .select({ ownerId: campaigns.ownerId, teamId: campaigns.teamId })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, campaignId),
        ownedScope(user, { owner: campaigns.ownerId, team: campaigns.teamId }),
      ),
    );
  if (!campaign || !sameOwner(campaign, trigger)) {
    throw new AppError(400, 'VALIDATION', 'campaignId: Campaign not found', {
      campaignId: 'Campaign not found',
    });
  }
}

export interface TriggerListFilters {
  search?: string;
  type?: TriggerType;
  teamId?: OwnerFilter;
}

function listed(user: UserRow, filters: TriggerListFilters) {
  return and(
    visibleTo(user),
    ownerFilter(user, TRIGGER_OWNER, filters.teamId),
    filters.type ? eq(soundTriggers.type, filters.type) : undefined,
    matchesSearch(filters.search, [soundTriggers.name, soundTriggers.description]),
  );
}

/** Newest first, all of them (SPEC §7's list). */
export async function listTriggers(
  db: Db,
  user: UserRow,
  filters: TriggerListFilters = {},
): Promise<TriggerRow[]> {
  return db
    .select()
    .from(soundTriggers)
    .where(listed(user, filters))
    .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id));
}

/** One page, newest first, each row with the number of triggers the filters keep. */
export async function listTriggerPage(
  db: Db,
  user: UserRow,
  filters: TriggerListFilters,
  limit: number,
  offset: number,
): Promise<(TriggerRow & { total: number })[]> {
  const where = listed(user, filters);
  return db
    .select({ ...getTableColumns(soundTriggers), total: totalOf(soundTriggers, where) })
    .from(soundTriggers)
    .where(where)
    .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id))
    .limit(limit)
    .offset(offset);
}

export async function countTriggers(db: Db, user: UserRow, filters: TriggerListFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(soundTriggers).where(listed(user, filters));
  return row?.n ?? 0;
}

export async function findTrigger(db: Db, user: UserRow, id: number): Promise<TriggerRow | undefined> {
  const [row] = await db
    .select()
    .from(soundTriggers)
    .where(and(eq(soundTriggers.id, id), visibleTo(user)))
    .limit(1);
  return row;
}

export async function insertTrigger(db: Db, user: UserRow, input: CreateTriggerData): Promise<TriggerRow> {
  const teamId = await assertCanCreateIn(db, user, input.teamId);
  await checkCampaign(db, user, input.campaignId, { ownerId: user.id, teamId });
  const values = {
    ...toColumns(input),
    teamId,
    creatorId: user.id,
    publicId: newPublicId(),
  } as NewTriggerRow;
  const [row] = await db.insert(soundTriggers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTrigger(
  db: Db,
  user: UserRow,
  id: number,
  input: UpdateTriggerData,
  existing: OwnedAsset,
): Promise<TriggerRow | undefined> {
  await checkCampaign(db, user, input.campaignId, existing);
  const [row] = await db
    .update(soundTriggers)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(and(eq(soundTriggers.id, id), writableBy(user)))
    .returning();
  return row;
}

export async function deleteTrigger(db: Db, user: UserRow, id: number): Promise<boolean> {
  const rows = await db
    .delete(soundTriggers)
    .where(and(eq(soundTriggers.id, id), writableBy(user)))
    .returning({ id: soundTriggers.id });
  return rows.length > 0;
}
