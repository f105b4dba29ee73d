import { createHash, randomBytes } from 'node:crypto';
import {
  TEAM_INVITATION_TTL_DAYS,
  TEAM_MEMBER_LIMITS,
  type Team,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
} from '@tonemark/shared';
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  campaigns,
  mediaFiles,
  soundTriggers,
  type TeamInvitationRow,
  type TeamRow,
  teamInvitations,
  teamMembers,
  teams,
  type UserRow,
  users,
} from '../../db/schema.ts';
import { tierLimits } from '../billing/tier-limits.ts';

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Members allowed by the plan of the team's owner (SPEC §9); platform admins' teams are unlimited. */
export async function memberLimit(
  db: Db,
  team: TeamRow,
): Promise<{ limit: number | null; planName: string }> {
  if (team.ownerId === null) return { limit: TEAM_MEMBER_LIMITS.free, planName: 'Free' };
  const [owner] = await db.select().from(users).where(eq(users.id, team.ownerId));
  if (!owner) return { limit: TEAM_MEMBER_LIMITS.free, planName: 'Free' };
  if (owner.role === 'admin') return { limit: null, planName: 'admin' };
  const limits = await tierLimits(db, owner);
  return { limit: TEAM_MEMBER_LIMITS[limits.tier], planName: limits.name };
}

export async function countMembers(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/** Invitations that can still be accepted: they hold a seat until they expire. */
const pending = (teamId: number) =>
  and(
    eq(teamInvitations.teamId, teamId),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, new Date()),
  );

export async function countPendingInvitations(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamInvitations).where(pending(teamId));
  return row?.n ?? 0;
}

export async function findTeam(db: Db, id: number, lock = false): Promise<TeamRow | undefined> {
  const query = db.select().from(teams).where(eq(teams.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function toTeam(db: Db, row: TeamRow, myRole: TeamRole | null): Promise<Team> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    myRole,
    memberCount: await countMembers(db, row.id),
    memberLimit: (await memberLimit(db, row)).limit,
  };
}

/** The teams a user belongs to with the user's role in each, oldest first. */
export async function teamsOf(db: Db, userId: number): Promise<{ row: TeamRow; role: TeamRole }[]> {
  const rows = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  return rows.map((r) => ({ row: r.team, role: r.role }));
}

export async function createTeam(
  db: Db,
  user: UserRow,
  input: { name: string; description?: string | null | undefined },
): Promise<TeamRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teams)
      .values({ name: input.name, description: input.description ?? null, ownerId: user.id })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await tx.insert(teamMembers).values({ teamId: row.id, userId: user.id, role: 'admin' });
    return row;
  });
}

export async function listMembers(db: Db, teamId: number): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      email: users.email,
      username: users.username,
      displayName: users.displayName,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.displayName ?? r.username,
    email: r.email,
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

export async function listPendingInvitations(db: Db, teamId: number): Promise<TeamInvitation[]> {
  const rows = await db
    .select({ invitation: teamInvitations, inviter: users.username, inviterName: users.displayName })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(pending(teamId))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return rows.map((r) => toInvitation(r.invitation, r.inviterName ?? r.inviter));
}

export function toInvitation(row: TeamInvitationRow, invitedBy: string | null): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    invitedBy,
  };
}

/** A new invitation; the token is returned once, only its hash is kept. */
export async function insertInvitation(
  db: Db,
  teamId: number,
  invitedBy: number,
  email: string | null,
  role: TeamRole,
): Promise<{ row: TeamInvitationRow; token: string }> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(teamInvitations)
    .values({
      teamId,
      tokenHash: hashInvitationToken(token),
      email,
      role,
      invitedBy,
      expiresAt: new Date(Date.now() + TEAM_INVITATION_TTL_DAYS * 86_400_000),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { row, token };
}

/** An invitation by its token, whatever its state (the caller tells used from expired). */
export async function findInvitationByToken(
  db: Db,
  token: string,
  lock = false,
): Promise<TeamInvitationRow | undefined> {
  const query = db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashInvitationToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function invitationUsable(row: TeamInvitationRow, now = new Date()): boolean {
  return row.acceptedAt === null && row.revokedAt === null && row.expiresAt > now;
}

export async function countAdmins(db: Db, teamId: number, except?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.role, 'admin'),
        except === undefined ? undefined : ne(teamMembers.userId, except),
      ),
    );
  return row?.n ?? 0;
}

/** What the team owns: a team holding any of it cannot be deleted (its files would be orphaned). */
export async function teamAssets(db: Db, teamId: number) {
  const [row] = await queryRows<{ triggers: number; campaigns: number; media: number }>(
    db,
    sql`select
      (select count(*) from ${soundTriggers} where ${soundTriggers.teamId} = ${teamId})::int as triggers,
      (select count(*) from ${campaigns} where ${campaigns.teamId} = ${teamId})::int as campaigns,
      (select count(*) from ${mediaFiles} where ${mediaFiles.teamId} = ${teamId})::int as media`,
  );
  return row ?? { triggers: 0, campaigns: 0, media: 0 };
}

/**
 * After an owner leaves or is removed, the team's plan (its member limit) follows the
 * longest-standing remaining admin.
 */
export async function reassignOwnerIfGone(db: Db, team: TeamRow): Promise<void> {
  if (team.ownerId !== null) {
    const [still] = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, team.ownerId)));
    if (still) return;
  }
  const [next] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.role, 'admin')))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id))
    .limit(1);
  await db
    .update(teams)
    .set({ ownerId: next?.userId ?? null })
    .where(eq(teams.id, team.id));
}
