import { randomUUID } from 'node:crypto';
import type { CreateTriggerData, OwnerFilter, TriggerType, UpdateTriggerData } from '@tonemark/shared';
import { and, count, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  campaigns,
  type NewTriggerRow,
  soundTriggers,
  type TriggerRow,
  type UserRow,
} from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { containsPattern, matchesPattern, matchesSearch, totalOf } from '../paging/list-page.ts';
import {
  assertCanCreateIn,
  type OwnedAsset,
  type OwnerColumns,
  ownedScope,
  ownerFilter,
  personalAndTeamRows,
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

type TriggerWrite = CreateTriggerData | UpdateTriggerData;

/**
 * Contract output -> column values (timestamps parsed, nothing else renamed). Generic, so a
 * create's required fields stay required in what it returns.
 */
function toColumns<T extends TriggerWrite>(input: T): Omit<T, 'expiresAt'> & { expiresAt?: Date | null } {
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
    throw new AppError('VALIDATION', 'campaignId: Campaign not found', {
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
  if (user.role !== 'admin') {
    const shape = shapeOf(filters);
    return pageQuery(db, shape).execute({
      userId: user.id,
      limit,
      offset,
      window: limit + offset,
      type: filters.type ?? null,
      pattern: filters.search ? containsPattern(filters.search) : null,
      teamId: typeof filters.teamId === 'number' ? filters.teamId : null,
    });
  }
  const where = listed(user, filters);
  return db
    .select({ ...getTableColumns(soundTriggers), total: totalOf(soundTriggers, where) })
    .from(soundTriggers)
    .where(where)
    .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id))
    .limit(limit)
    .offset(offset);
}

/** Which filters a page asks for (their values are the prepared statement's parameters). */
interface PageShape {
  type: boolean;
  search: boolean;
  owner: 'any' | 'personal' | 'team';
}

function shapeOf(filters: TriggerListFilters): PageShape {
  return {
    type: filters.type !== undefined,
    search: Boolean(filters.search),
    owner: filters.teamId === undefined ? 'any' : filters.teamId === 'personal' ? 'personal' : 'team',
  };
}

/** The filters of `shape`, beyond what the user may see, as placeholders. */
function shapeFilters(shape: PageShape): SQL | undefined {
  const p = sql.placeholder;
  return and(
    shape.owner === 'personal'
      ? and(isNull(soundTriggers.teamId), eq(soundTriggers.creatorId, p('userId')))
      : shape.owner === 'team'
        ? eq(soundTriggers.teamId, p('teamId'))
        : undefined,
    shape.type ? eq(soundTriggers.type, p('type')) : undefined,
    shape.search ? matchesPattern(p('pattern'), [soundTriggers.name, soundTriggers.description]) : undefined,
  );
}

/**
 * A page of what a non-admin sees, as the union of their personal triggers and their teams'
 * triggers, each half read newest first through its own index and cut at `window` (= limit +
 * offset) rows: PostgreSQL merges the two and stops after the page, where `personal OR team`
 * made it read and sort every row (docs/decisions/request-path.md). The halves are disjoint
 * (team_id null or not), so the union keeps every row once and the totals add up.
 */
function preparePage(db: Db, shape: PageShape) {
  const p = sql.placeholder;
  const [personal, team] = personalAndTeamRows(TRIGGER_OWNER, p('userId'));
  const filters = shapeFilters(shape);
  const columns = getTableColumns(soundTriggers);
  const half = (scope: SQL) =>
    db
      .select(columns)
      .from(soundTriggers)
      .where(and(scope, filters))
      .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id))
      .limit(p('window'));
  const page = unionAll(half(personal), half(team))
    .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .as('page');
  const total = sql<number>`(select count(*) from ${soundTriggers} where ${and(personal, filters)}) + (select count(*) from ${soundTriggers} where ${and(team, filters)})`;
  const name = `tonemark_trigger_page_${shape.owner}${shape.type ? '_type' : ''}${shape.search ? '_search' : ''}`;
  return db
    .select({ ...page._.selectedFields, total: total.mapWith(Number).as('total') })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(name);
}

// Manage Triggers asks this on every load: each shape is built once per database (12 at most),
// not once per request; building the statement cost more server CPU than running it.
const pageQueries = new WeakMap<Db, Map<string, ReturnType<typeof preparePage>>>();

function pageQuery(db: Db, shape: PageShape) {
  let queries = pageQueries.get(db);
  if (!queries) {
    queries = new Map();
    pageQueries.set(db, queries);
  }
  const key = `${shape.owner}:${shape.type}:${shape.search}`;
  let query = queries.get(key);
  if (!query) {
    query = preparePage(db, shape);
    queries.set(key, query);
  }
  return query;
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
  const values: NewTriggerRow = {
    ...toColumns(input),
    teamId,
    creatorId: user.id,
    publicId: newPublicId(),
  };
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
