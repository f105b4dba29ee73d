import {
  type CreatedInvitation,
  canManageTeam,
  changeMemberRoleSchema,
  createInvitationSchema,
  createTeamSchema,
  type InvitationPreview,
  invitationTokenParamsSchema,
  TEAM_MEMBER_LIMIT_CODE,
  TEAM_TEXTS,
  type TeamDetail,
  type TeamRole,
  teamIdParamsSchema,
  teamInvitationParamsSchema,
  teamInvitationPath,
  teamMemberParamsSchema,
  updateTeamSchema,
} from '@tonemark/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type TeamRow, teamInvitations, teamMembers, teams, type UserRow, users } from '../../db/schema.ts';
import { AppError, forbidden, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { teamRoleOf } from './access.ts';
import { teamInvitationEmail } from './team-emails.ts';
import {
  countAdmins,
  countMembers,
  countPendingInvitations,
  createTeam,
  findInvitationByToken,
  findTeam,
  insertInvitation,
  invitationUsable,
  listMembers,
  listPendingInvitations,
  memberLimit,
  reassignOwnerIfGone,
  teamAssets,
  teamsOf,
  toInvitation,
  toTeam,
} from './team-repository.ts';

const displayName = (user: Pick<UserRow, 'displayName' | 'username'>) => user.displayName ?? user.username;

/** Refuses a new seat (member or pending invitation) past the owner's plan. Call inside a transaction. */
async function assertSeatFree(tx: Db, team: TeamRow, pendingAfter: number): Promise<void> {
  const { limit, planName } = await memberLimit(tx, team);
  if (limit === null) return;
  if ((await countMembers(tx, team.id)) + pendingAfter > limit) {
    throw new AppError(TEAM_MEMBER_LIMIT_CODE, TEAM_TEXTS.memberLimit(planName, limit));
  }
}

/** /api/teams (issue 13): teams, members, roles and invitations. */
export async function teamRoutes(app: FastifyInstance) {
  /** The team and the caller's role in it; a team the caller is not in is a 404 (admins see all). */
  async function loadTeam(user: UserRow, id: number): Promise<{ team: TeamRow; role: TeamRole | null }> {
    const team = await findTeam(app.db, id);
    const role = team ? await teamRoleOf(app.db, user.id, id) : null;
    if (!team || (role === null && user.role !== 'admin')) throw notFound('Team');
    return { team, role };
  }

  async function loadManaged(user: UserRow, id: number) {
    const loaded = await loadTeam(user, id);
    if (!canManageTeam(user, loaded.role ?? undefined)) throw forbidden(TEAM_TEXTS.notManager);
    return loaded;
  }

  async function detail(user: UserRow, team: TeamRow, role: TeamRole | null): Promise<TeamDetail> {
    const manager = canManageTeam(user, role ?? undefined);
    return {
      team: await toTeam(app.db, team, role),
      members: await listMembers(app.db, team.id),
      invitations: manager ? await listPendingInvitations(app.db, team.id) : [],
      assets: await teamAssets(app.db, team.id),
    };
  }

  app.get('/', async (request) => {
    const user = requireUser(request);
    const mine = await teamsOf(app.db, user.id);
    return { teams: await Promise.all(mine.map(({ row, role }) => toTeam(app.db, row, role))) };
  });

  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    // A viewer account reads within its teams and changes nothing, teams included (DESIGN §5).
    if (user.role === 'viewer') throw forbidden();
    const input = parseInput(createTeamSchema, request.body);
    const team = await createTeam(app.db, user, input);
    return reply.status(201).send(await detail(user, team, 'admin'));
  });

  app.get('/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(teamIdParamsSchema, request.params);
    const { team, role } = await loadTeam(user, id);
    return detail(user, team, role);
  });

  app.patch('/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(teamIdParamsSchema, request.params);
    const input = parseInput(updateTeamSchema, request.body);
    const { role } = await loadManaged(user, id);
    const [row] = await app.db.update(teams).set(input).where(eq(teams.id, id)).returning();
    if (!row) throw notFound('Team');
    return detail(user, row, role);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(teamIdParamsSchema, request.params);
    await loadManaged(user, id);
    await app.db.transaction(async (tx) => {
      await findTeam(tx, id, true);
      const assets = await teamAssets(tx, id);
      if (assets.triggers + assets.campaigns + assets.media > 0) {
        throw new AppError('TEAM_NOT_EMPTY', TEAM_TEXTS.notEmpty);
      }
      await tx.delete(teams).where(eq(teams.id, id));
    });
    return reply.status(204).send();
  });

  app.post('/:id/invitations', async (request, reply): Promise<CreatedInvitation> => {
    const user = requireUser(request);
    const { id } = parseInput(teamIdParamsSchema, request.params);
    const input = parseInput(createInvitationSchema, request.body ?? {});
    const { team } = await loadManaged(user, id);
    if (input.email) {
      const [member] = await app.db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, id), eq(users.email, input.email)));
      if (member) {
        throw new AppError('ALREADY_MEMBER', `${input.email} is already a member of this team`, {
          email: 'Already a member of this team',
        });
      }
    }
    const { row, token } = await app.db.transaction(async (tx) => {
      const locked = (await findTeam(tx, id, true)) ?? team;
      await assertSeatFree(tx, locked, (await countPendingInvitations(tx, id)) + 1);
      return insertInvitation(tx, id, user.id, input.email ?? null, input.role);
    });
    const link = `${app.appUrl}${teamInvitationPath(token)}`;
    let emailed = false;
    if (input.email) {
      try {
        await app.mailer.send(
          teamInvitationEmail(input.email, team.name, displayName(user), input.role, link),
        );
        emailed = true;
      } catch (error) {
        // The invitation stands: its link is shown to copy and send another way.
        request.log.warn({ err: error }, 'team invitation e-mail failed');
      }
    }
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ invitation: toInvitation(row, displayName(user)), link, emailed });
  });

  app.delete('/:id/invitations/:invitationId', async (request, reply) => {
    const user = requireUser(request);
    const { id, invitationId } = parseInput(teamInvitationParamsSchema, request.params);
    await loadManaged(user, id);
    const rows = await app.db
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, id)))
      .returning({ id: teamInvitations.id });
    if (rows.length === 0) throw notFound('Invitation');
    return reply.status(204).send();
  });

  app.patch('/:id/members/:userId', async (request) => {
    const user = requireUser(request);
    const { id, userId } = parseInput(teamMemberParamsSchema, request.params);
    const { role: newRole } = parseInput(changeMemberRoleSchema, request.body);
    const { role } = await loadManaged(user, id);
    await app.db.transaction(async (tx) => {
      await findTeam(tx, id, true);
      const current = await teamRoleOf(tx, userId, id);
      if (current === null) throw notFound('Member');
      if (current === 'admin' && newRole !== 'admin' && (await countAdmins(tx, id, userId)) === 0) {
        throw new AppError('LAST_ADMIN', TEAM_TEXTS.lastAdmin);
      }
      await tx
        .update(teamMembers)
        .set({ role: newRole })
        .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, userId)));
    });
    const team = await findTeam(app.db, id);
    if (!team) throw notFound('Team');
    return detail(user, team, userId === user.id ? newRole : role);
  });

  /** Removes a member (team admins), or leaves (anyone, for themself). Access ends at once. */
  app.delete('/:id/members/:userId', async (request, reply) => {
    const user = requireUser(request);
    const { id, userId } = parseInput(teamMemberParamsSchema, request.params);
    if (userId === user.id) await loadTeam(user, id);
    else await loadManaged(user, id);
    await removeMember(id, userId);
    return reply.status(204).send();
  });

  app.post('/:id/leave', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(teamIdParamsSchema, request.params);
    await loadTeam(user, id);
    await removeMember(id, user.id);
    return reply.status(204).send();
  });

  async function removeMember(teamId: number, userId: number) {
    await app.db.transaction(async (tx) => {
      const team = await findTeam(tx, teamId, true);
      if (!team) throw notFound('Team');
      const current = await teamRoleOf(tx, userId, teamId);
      if (current === null) throw notFound('Member');
      if (current === 'admin' && (await countAdmins(tx, teamId, userId)) === 0) {
        throw new AppError('LAST_ADMIN', TEAM_TEXTS.lastAdmin);
      }
      await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      await reassignOwnerIfGone(tx, team);
    });
  }
}

/** /api/invitations/:token: what a link holder sees, and accepting it (signed in). */
export async function invitationRoutes(app: FastifyInstance) {
  async function usable(token: string) {
    const invitation = await findInvitationByToken(app.db, token);
    if (!invitation || !invitationUsable(invitation)) {
      throw new AppError('INVITATION_INVALID', TEAM_TEXTS.invitationInvalid);
    }
    return invitation;
  }

  app.get('/:token', async (request): Promise<InvitationPreview> => {
    const { token } = parseInput(invitationTokenParamsSchema, request.params);
    const invitation = await usable(token);
    const team = await findTeam(app.db, invitation.teamId);
    if (!team) throw new AppError('INVITATION_INVALID', TEAM_TEXTS.invitationInvalid);
    const [inviter] = invitation.invitedBy
      ? await app.db.select().from(users).where(eq(users.id, invitation.invitedBy))
      : [];
    return {
      teamId: team.id,
      teamName: team.name,
      role: invitation.role,
      invitedBy: inviter ? displayName(inviter) : null,
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  });

  app.post('/:token/accept', async (request) => {
    const user = requireUser(request);
    const { token } = parseInput(invitationTokenParamsSchema, request.params);
    const teamId = await app.db.transaction(async (tx) => {
      // Locked: two people holding one link cannot both use it.
      const invitation = await findInvitationByToken(tx, token, true);
      if (!invitation || !invitationUsable(invitation)) {
        throw new AppError('INVITATION_INVALID', TEAM_TEXTS.invitationInvalid);
      }
      if (invitation.email !== null && invitation.email !== user.email.toLowerCase()) {
        throw new AppError('INVITATION_OTHER_EMAIL', TEAM_TEXTS.invitationOtherEmail(invitation.email));
      }
      const team = await findTeam(tx, invitation.teamId, true);
      if (!team) throw new AppError('INVITATION_INVALID', TEAM_TEXTS.invitationInvalid);
      if ((await teamRoleOf(tx, user.id, team.id)) !== null) {
        throw new AppError('ALREADY_MEMBER', TEAM_TEXTS.alreadyMember);
      }
      // This invitation's seat was counted while pending; it becomes a member's.
      await assertSeatFree(tx, team, await countPendingInvitations(tx, team.id));
      await tx.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: invitation.role });
      await tx
        .update(teamInvitations)
        .set({ acceptedAt: new Date(), acceptedBy: user.id })
        .where(eq(teamInvitations.id, invitation.id));
      return team.id;
    });
    const team = await findTeam(app.db, teamId);
    if (!team) throw notFound('Team');
    return { team: await toTeam(app.db, team, await teamRoleOf(app.db, user.id, teamId)) };
  });
}
