import { ACTIVATIONS_DEFAULT_LIMIT, type Activation, type activationFiltersSchema } from '@tonemark/shared';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { soundTriggers, triggerActivations, type UserRow } from '../../db/schema.ts';
import { scopedRollups, utcDay } from '../analytics/rollup-scope.ts';
import { personalAndTeamRows } from '../teams/access.ts';
import { TRIGGER_OWNER, visibleTo } from '../triggers/repository.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { deviceFilterSql } from './device-filter.ts';

type Filters = z.output<typeof activationFiltersSchema>;
export type Scope = Pick<Filters, 'triggerId' | 'startDate' | 'endDate' | 'deviceType' | 'device'>;

const DAY_MS = 86_400_000;

/**
 * The filters' time window as [from, until). A bare date means the whole UTC day; an end instant
 * is inclusive to the millisecond, so `until` is one millisecond after it.
 */
export function timeWindow(filters: Pick<Scope, 'startDate' | 'endDate'>): { from?: Date; until?: Date } {
  const bare = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const from = filters.startDate
    ? new Date(bare(filters.startDate) ? `${filters.startDate}T00:00:00Z` : filters.startDate)
    : undefined;
  let until: Date | undefined;
  if (filters.endDate) {
    until = bare(filters.endDate)
      ? new Date(Date.parse(`${filters.endDate}T00:00:00Z`) + DAY_MS)
      : new Date(Date.parse(filters.endDate) + 1);
  }
  return { from, until };
}

function matching(user: UserRow, filters: Scope, window = timeWindow(filters)) {
  return and(
    visibleTo(user),
    filters.triggerId ? eq(triggerActivations.triggerId, filters.triggerId) : undefined,
    filters.deviceType ? eq(triggerActivations.deviceType, filters.deviceType) : undefined,
    deviceFilterSql(filters.device),
    window.from ? gte(triggerActivations.activatedAt, window.from) : undefined,
    window.until ? lt(triggerActivations.activatedAt, window.until) : undefined,
  );
}

const cursorAt = sql<string>`to_char(${triggerActivations.activatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface ActivationRows {
  activations: Activation[];
  /** Where the next rows start; null when none are left. */
  nextCursor: string | null;
}

/**
 * Newest first by (activated_at, id). With a cursor the rows after it (keyset: an index range, as
 * fast on the last page as the first); offset is still honoured for callers that page by number.
 */
export async function listActivations(
  db: Db,
  user: UserRow,
  filters: Scope & { limit?: number; offset?: number; cursor?: string },
): Promise<ActivationRows> {
  const limit = filters.limit ?? ACTIVATIONS_DEFAULT_LIMIT;
  const after = filters.cursor ? decodeCursor(filters.cursor) : undefined;
  const { from, until } = timeWindow(filters);
  const shape: ListShape = {
    admin: user.role === 'admin',
    trigger: Boolean(filters.triggerId),
    deviceType: Boolean(filters.deviceType),
    device: filters.device === 'ios' || filters.device === 'android' ? filters.device : undefined,
    from: from !== undefined,
    until: until !== undefined,
    after: after !== undefined,
  };
  const rows = await listQuery(db, shape).execute({
    userId: user.id,
    triggerId: filters.triggerId ?? null,
    deviceType: filters.deviceType ?? null,
    from: from ?? null,
    until: until ?? null,
    afterAt: after?.at ?? null,
    afterId: after?.id ?? null,
    limit: limit + 1,
    offset: filters.offset ?? 0,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    activations: page.map(({ cursorAt: _, ...r }) => ({ ...r, activatedAt: r.activatedAt.toISOString() })),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** Which filters a list asks for; their values are the prepared statement's parameters. */
interface ListShape {
  admin: boolean;
  trigger: boolean;
  deviceType: boolean;
  device: 'ios' | 'android' | undefined;
  from: boolean;
  until: boolean;
  after: boolean;
}

function prepareList(db: Db, shape: ListShape) {
  const p = sql.placeholder;
  const [personal, team] = personalAndTeamRows(TRIGGER_OWNER, p('userId'));
  const at = triggerActivations.activatedAt;
  return db
    .select({
      id: triggerActivations.id,
      activationId: triggerActivations.activationId,
      triggerId: triggerActivations.triggerId,
      triggerName: soundTriggers.name,
      campaignId: triggerActivations.campaignId,
      deviceType: triggerActivations.deviceType,
      osVersion: triggerActivations.osVersion,
      batteryImpact: triggerActivations.batteryImpact,
      successful: triggerActivations.successful,
      activatedAt: triggerActivations.activatedAt,
      score: triggerActivations.detectionScore,
      snrDb: triggerActivations.snrDb,
      speed: triggerActivations.speed,
      tempo: triggerActivations.tempo,
      cursorAt,
    })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(
      and(
        shape.admin ? undefined : or(personal, team),
        shape.trigger ? eq(triggerActivations.triggerId, p('triggerId')) : undefined,
        shape.deviceType ? eq(triggerActivations.deviceType, p('deviceType')) : undefined,
        deviceFilterSql(shape.device),
        shape.from ? gte(at, p('from')) : undefined,
        shape.until ? lt(at, p('until')) : undefined,
        shape.after
          ? sql`(${at}, ${triggerActivations.id}) < (${p('afterAt')}::timestamptz, ${p('afterId')}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(at), desc(triggerActivations.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(`tonemark_activations_${shapeKey(shape).replaceAll(':', '_')}`);
}

function shapeKey(shape: ListShape): string {
  return Object.values(shape)
    .map((v) => (v === true ? '1' : v === false ? '0' : (v ?? '')))
    .join(':');
}

// Every Analytics table page asks this: each filter shape is built once per database, not once
// per request (building it cost more server CPU than PostgreSQL spent running it).
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function listQuery(db: Db, shape: ListShape) {
  let queries = listQueries.get(db);
  if (!queries) {
    queries = new Map();
    listQueries.set(db, queries);
  }
  const key = shapeKey(shape);
  let query = queries.get(key);
  if (!query) {
    query = prepareList(db, shape);
    queries.set(key, query);
  }
  return query;
}

/** Rows counted one by one at most, on the partial days at a window's edges. */
export const EDGE_COUNT_CAP = 100_000;

/**
 * How many activations match, ignoring paging. Whole UTC days come from the daily rollups; only
 * the partial days at the window's edges (a viewer's local-day filter) are counted from the rows,
 * at most EDGE_COUNT_CAP of them, so the cost never follows the table. `exact` is false only when
 * that cap was reached (the total is then a lower bound).
 */
export async function countActivations(
  db: Db,
  user: UserRow,
  filters: Scope,
): Promise<{ total: number; exact: boolean }> {
  const { from, until } = timeWindow(filters);
  const firstFull = from ? Math.ceil(from.getTime() / DAY_MS) * DAY_MS : undefined;
  const endFull = until ? Math.floor(until.getTime() / DAY_MS) * DAY_MS : undefined;
  const hasFullDays = firstFull === undefined || endFull === undefined || firstFull < endFull;

  const edges: { from?: Date; until?: Date }[] = [];
  if (!hasFullDays) edges.push({ from, until });
  else {
    if (from && firstFull !== undefined && from.getTime() < firstFull)
      edges.push({ from, until: new Date(firstFull) });
    if (until && endFull !== undefined && until.getTime() > endFull)
      edges.push({ from: new Date(endFull), until });
  }

  const rollupCount = hasFullDays ? rollupTotal(db, user, filters, firstFull, endFull) : Promise.resolve(0);
  const edgeCounts = edges.map(async (window) => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${triggerActivations}
        inner join ${soundTriggers} on ${soundTriggers.id} = ${triggerActivations.triggerId}
        where ${matching(user, filters, window)} limit ${EDGE_COUNT_CAP}) capped`,
    );
    return row?.n ?? 0;
  });
  const [full, ...partial] = await Promise.all([rollupCount, ...edgeCounts]);
  return {
    total: (full ?? 0) + partial.reduce((sum, n) => sum + n, 0),
    exact: partial.every((n) => n < EDGE_COUNT_CAP),
  };
}

async function rollupTotal(
  db: Db,
  user: UserRow,
  filters: Scope,
  firstFull: number | undefined,
  endFull: number | undefined,
): Promise<number> {
  const conditions: SQL[] = [];
  if (filters.deviceType) conditions.push(sql`r.device_type = ${filters.deviceType}`);
  if (filters.device === 'ios' || filters.device === 'android')
    conditions.push(sql`r.platform = ${filters.device}`);
  if (firstFull !== undefined) conditions.push(sql`r.day >= ${utcDay(new Date(firstFull))}::date`);
  if (endFull !== undefined) conditions.push(sql`r.day < ${utcDay(new Date(endFull))}::date`);
  const where = sql.join([sql`true`, ...conditions], sql` and `);
  const query = filters.triggerId
    ? sql`select coalesce(sum(r.activations), 0)::int as n from activation_daily_by_trigger r
        join ${soundTriggers} on ${soundTriggers.id} = r.trigger_id
        where r.trigger_id = ${filters.triggerId} and ${visibleTo(user) ?? sql`true`} and ${where}`
    : sql`select coalesce(sum(r.activations), 0)::int as n from (${scopedRollups(user)}) r
        where ${where}`;
  const [row] = await queryRows<{ n: number }>(db, query);
  return row?.n ?? 0;
}
