import {
  canReadAsset,
  canWriteAsset,
  type OwnedAsset,
  type OwnerFilter,
  TEAM_TEXTS,
  type TeamRole,
  WRITER_ROLES,
} from '@tonemark/shared';
import { and, eq, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, type UserRow } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../plugins/app-error.ts';

// The access rules of issue 13 in one place (docs/decisions/teams-and-access.md). Every route that
// reads or changes triggers, campaigns, media, activations, analytics, exports, the public API and
// the real-time channel asks here. The rule itself is shared with the screens
// (canReadAsset / canWriteAsset in @tonemark/shared); this module applies it to SQL and rows.

export type { OwnedAsset } from '@tonemark/shared';

/** The two columns that say who owns a table's rows: the person, and the team (null: personal). */
export interface OwnerColumns {
  owner: AnyPgColumn;
  team: AnyPgColumn;
}

/** The teams `userId` belongs to, as a subquery: membership is read at every request, never cached. */
export function memberTeamIds(userId: number, roles?: readonly TeamRole[]): SQL {
  return roles
    ? sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId} and ${inArray(teamMembers.role, [...roles])})`
    : sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;
}

/**
 * SQL condition for "rows this user may read": admins all (undefined), everyone else their own
 * personal rows and every row of a team they belong to.
 */
export function ownedScope(user: UserRow, columns: OwnerColumns): SQL | undefined {
  if (user.role === 'admin') return undefined;
  return or(
    and(isNull(columns.team), eq(columns.owner, user.id)),
    sql`${columns.team} in ${memberTeamIds(user.id)}`,
  );
}

/**
 * ownedScope for a user who is not an admin, as its two disjoint halves: personal rows and team
 * rows. A list that reads each half through its own index and merges them in order stops after
 * its page, where the OR of the two makes PostgreSQL read and sort every row
 * (docs/decisions/request-path.md). `userId` may be a placeholder of a statement prepared once.
 */
export function personalAndTeamRows(
  columns: OwnerColumns,
  userId: number | Placeholder,
): [personal: SQL, team: SQL] {
  return [
    sql`(${columns.team} is null and ${columns.owner} = ${userId})`,
    sql`${columns.team} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`,
  ];
}

/** SQL condition for "rows this user may change": as ownedScope, teams only where admin or creator. */
export function writableScope(user: UserRow, columns: OwnerColumns): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'viewer') return sql`false`;
  return or(
    and(isNull(columns.team), eq(columns.owner, user.id)),
    sql`${columns.team} in ${memberTeamIds(user.id, WRITER_ROLES)}`,
  );
}

/** The list filter `teamId=personal|<id>`, on top of the scope (which still decides what is seen). */
export function ownerFilter(user: UserRow, columns: OwnerColumns, filter: OwnerFilter): SQL | undefined {
  if (filter === undefined) return undefined;
  if (filter === 'personal') return and(isNull(columns.team), eq(columns.owner, user.id));
  return eq(columns.team, filter);
}

/** The caller's role in one team, or null when not a member. */
export async function teamRoleOf(db: Db, userId: number, teamId: number): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Every team the user belongs to, with the role in each. */
export async function teamRolesOf(db: Db, userId: number): Promise<Map<number, TeamRole>> {
  const rows = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return new Map(rows.map((r) => [r.teamId, r.role]));
}

async function rolesFor(db: Db, user: UserRow, asset: OwnedAsset): Promise<Map<number, TeamRole>> {
  if (asset.teamId === null || user.role === 'admin') return new Map();
  const role = await teamRoleOf(db, user.id, asset.teamId);
  return role ? new Map([[asset.teamId, role]]) : new Map();
}

export async function canRead(db: Db, user: UserRow, asset: OwnedAsset): Promise<boolean> {
  return canReadAsset(user, asset, await rolesFor(db, user, asset));
}

export async function canWrite(db: Db, user: UserRow, asset: OwnedAsset): Promise<boolean> {
  return canWriteAsset(user, asset, await rolesFor(db, user, asset));
}

/** Throws 404 (named `what`) when the user may not read the asset: outsiders learn nothing. */
export async function assertCanRead(db: Db, user: UserRow, asset: OwnedAsset, what = 'Item'): Promise<void> {
  if (!(await canRead(db, user, asset))) throw notFound(what);
}

/**
 * Throws when the user may not change the asset: 404 if they cannot even read it, 403 if they
 * read it as a viewer.
 */
export async function assertCanWrite(db: Db, user: UserRow, asset: OwnedAsset, what = 'Item'): Promise<void> {
  const roles = await rolesFor(db, user, asset);
  if (!canReadAsset(user, asset, roles)) throw notFound(what);
  if (!canWriteAsset(user, asset, roles)) {
    throw forbidden(asset.teamId !== null ? TEAM_TEXTS.readOnly : undefined);
  }
}

/**
 * Checks the owner chosen in a create form: null is the creator's own; a team needs its admin or
 * creator role. Returns the team id to store. A team the user is not in is a 400 on the field.
 */
export async function assertCanCreateIn(
  db: Db,
  user: UserRow,
  teamId: number | null | undefined,
): Promise<number | null> {
  if (teamId === undefined || teamId === null) {
    if (user.role === 'viewer') throw forbidden();
    return null;
  }
  const role = user.role === 'admin' ? 'admin' : await teamRoleOf(db, user.id, teamId);
  if (role === null) {
    throw new AppError('VALIDATION', 'teamId: Team not found', { teamId: 'Team not found' });
  }
  if (!canWriteAsset(user, { ownerId: null, teamId }, new Map([[teamId, role]]))) {
    throw forbidden(TEAM_TEXTS.readOnly);
  }
  if (user.role === 'admin') await assertTeamExists(db, teamId);
  return teamId;
}

/**
 * Checks a move to another owner (issue 13) for one who may already change the asset: they must be
 * able to create in the destination, and only the asset's maker (or a platform admin) takes a
 * team's asset back to personal, which means the maker's own. Returns the new team id, or
 * undefined when the owner does not change.
 */
export async function assertCanMoveTo(
  db: Db,
  user: UserRow,
  asset: OwnedAsset,
  to: number | null | undefined,
  what: string,
): Promise<number | null | undefined> {
  if (to === undefined || (to ?? null) === asset.teamId) return undefined;
  if (to === null && asset.ownerId !== user.id && user.role !== 'admin') {
    throw forbidden(`Only the ${what.toLowerCase()}’s creator can move it out of the team`);
  }
  return assertCanCreateIn(db, user, to);
}

async function assertTeamExists(db: Db, teamId: number): Promise<void> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!row) {
    throw new AppError('VALIDATION', 'teamId: Team not found', { teamId: 'Team not found' });
  }
}

/** Two assets may be linked (a trigger in a campaign, media embedding a trigger) only within one owner. */
export function sameOwner(a: OwnedAsset, b: OwnedAsset): boolean {
  return a.teamId !== null || b.teamId !== null ? a.teamId === b.teamId : a.ownerId === b.ownerId;
}

/**
 * Who hears about an asset in real time and through webhooks: its owner, or every current
 * member of its team (looked up now, so a removed member stops hearing at once).
 */
export async function audienceOf(db: Db, asset: OwnedAsset): Promise<number[]> {
  if (asset.teamId === null) return asset.ownerId === null ? [] : [asset.ownerId];
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, asset.teamId));
  return rows.map((r) => r.userId);
}
