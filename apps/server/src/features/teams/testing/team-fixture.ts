import type { TeamRole } from '@tonemark/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { givePlan, signUp, type TestApp } from '../../../test/test-app.ts';

export type Account = { cookie: string; user: { id: number; email: string } };

export type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Account,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** Route calls as one account, for team tests. */
export function caller(app: FastifyInstance): Call {
  return (method, url, who, payload) =>
    app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
}

/** Creates a team as `owner` (who needs a plan with seats) and brings each member in with a role. */
export async function makeTeam(
  app: FastifyInstance,
  owner: Account,
  name: string,
  members: [Account, TeamRole][],
): Promise<number> {
  const call = caller(app);
  const created = await call('POST', '/api/teams', owner, { name });
  if (created.statusCode !== 201) throw new Error(`team: ${created.statusCode} ${created.body}`);
  const teamId = created.json().team.id as number;
  for (const [who, role] of members) {
    const invited = await call('POST', `/api/teams/${teamId}/invitations`, owner, {
      email: who.user.email,
      role,
    });
    if (invited.statusCode !== 201) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
    const token = new URL(invited.json().link).pathname.split('/').pop();
    const accepted = await call('POST', `/api/invitations/${token}/accept`, who);
    if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  }
  return teamId;
}

export interface TeamCast {
  owner: Account;
  creator: Account;
  viewer: Account;
  outsider: Account;
  teamId: number;
}

/**
 * The accounts most team tests need: a platform admin signed up first (so everyone after is a
 * plain creator account), a Pro owner whose team has a creator and a viewer, and an outsider.
 */
export async function signUpTeamCast(t: TestApp, label: string): Promise<TeamCast> {
  await signUp(t.app, 'platform-admin@example.com');
  const owner = await signUp(t.app, `${label}-owner@example.com`);
  const creator = await signUp(t.app, `${label}-creator@example.com`);
  const viewer = await signUp(t.app, `${label}-viewer@example.com`);
  const outsider = await signUp(t.app, `${label}-outsider@example.com`);
  await givePlan(t, owner.user.id, 'pro');
  const teamId = await makeTeam(t.app, owner, `${label} crew`, [
    [creator, 'creator'],
    [viewer, 'viewer'],
  ]);
  return { owner, creator, viewer, outsider, teamId };
}
