import type { TeamRole } from '@tonemark/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

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
