import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TEAM_MEMBER_LIMIT_CODE, TEAM_TEXTS } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

type Account = { cookie: string; user: { id: number; email: string } };

describe.each(TEST_DRIVERS)('team routes (%s)', (driver) => {
  let t: TestApp;
  let ann: Account;
  let ben: Account;
  let cat: Account;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Account, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const tokenOf = (link: string) => link.split('/').pop() ?? '';

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'root@example.com');
    ann = await signUp(t.app, 'ann@example.com');
    ben = await signUp(t.app, 'ben@example.com');
    cat = await signUp(t.app, 'cat@example.com');
  });
  afterAll(async () => t?.close());

  async function newTeam(name: string, who = ann) {
    const created = await call('POST', '/api/teams', who, { name });
    expect(created.statusCode).toBe(201);
    return created.json().team.id as number;
  }

  it('needs a session, validates names, and lets no viewer account create a team', async () => {
    expect((await call('GET', '/api/teams')).statusCode).toBe(401);
    expect((await call('POST', '/api/teams', ann, { name: '' })).statusCode).toBe(400);
    expect((await call('POST', '/api/teams', ann, { name: 'x', extra: 1 })).statusCode).toBe(400);
    const viewer = await signUpViewer(t, 'global-viewer@example.com');
    expect((await call('POST', '/api/teams', viewer, { name: 'Nope' })).statusCode).toBe(403);
  });

  it('creates, renames and lists a team; its creator is its admin and owner', async () => {
    const id = await newTeam('Studio');
    const renamed = await call('PATCH', `/api/teams/${id}`, ann, { name: 'Studio A', description: 'Radio' });
    expect(renamed.json().team).toMatchObject({ name: 'Studio A', description: 'Radio', myRole: 'admin' });
    const { teams } = (await call('GET', '/api/teams', ann)).json();
    expect(teams).toContainEqual(
      expect.objectContaining({
        id,
        name: 'Studio A',
        ownerId: ann.user.id,
        myRole: 'admin',
        memberCount: 1,
      }),
    );
    expect((await call('GET', '/api/teams', ben)).json().teams).toEqual([]);
  });

  it('limits members by the owner plan: Free and Starter 1, Pro 5 (SPEC §9)', async () => {
    const id = await newTeam('Limited');
    const refused = await call('POST', `/api/teams/${id}/invitations`, ann, { email: 'ben@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(TEAM_MEMBER_LIMIT_CODE);
    expect(refused.json().error).toBe(TEAM_TEXTS.memberLimit('Free', 1));
    await givePlan(t, ann.user.id, 'pro');
    expect((await call('GET', `/api/teams/${id}`, ann)).json().team.memberLimit).toBe(5);
    for (let i = 0; i < 4; i++) {
      expect((await call('POST', `/api/teams/${id}/invitations`, ann, {})).statusCode).toBe(201);
    }
    // Four pending invitations hold the four free seats.
    const fifth = await call('POST', `/api/teams/${id}/invitations`, ann, {});
    expect(fifth.statusCode).toBe(403);
    const pending = (await call('GET', `/api/teams/${id}`, ann)).json().invitations as { id: number }[];
    expect(pending).toHaveLength(4);
    const revoked = await call('DELETE', `/api/teams/${id}/invitations/${pending[0]?.id}`, ann);
    expect(revoked.statusCode).toBe(204);
    expect((await call('POST', `/api/teams/${id}/invitations`, ann, {})).statusCode).toBe(201);
    await givePlan(t, ann.user.id, 'enterprise');
    expect((await call('GET', `/api/teams/${id}`, ann)).json().team.memberLimit).toBeNull();
  });

  it('e-mails an invitation; only that address accepts it, once, as a viewer by default', async () => {
    await givePlan(t, ann.user.id, 'pro');
    const id = await newTeam('Mailed');
    const sent = await call('POST', `/api/teams/${id}/invitations`, ann, { email: 'Ben@Example.com' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      emailed: true,
      invitation: { email: 'ben@example.com', role: 'viewer' },
    });
    const link = sent.json().link as string;
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.includes(link) && m.includes('Mailed'))).toBe(true);

    const wrong = await call('POST', `/api/invitations/${tokenOf(link)}/accept`, cat);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(TEAM_TEXTS.invitationOtherEmail('ben@example.com'));
    expect((await call('POST', `/api/invitations/${tokenOf(link)}/accept`)).statusCode).toBe(401);
    const accepted = await call('POST', `/api/invitations/${tokenOf(link)}/accept`, ben);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().team).toMatchObject({ id, myRole: 'viewer', memberCount: 2 });
    expect((await call('GET', `/api/invitations/${tokenOf(link)}`)).statusCode).toBe(404);
    const again = await call('POST', `/api/teams/${id}/invitations`, ann, { email: 'ben@example.com' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses expired and malformed invitations with a clear 4xx', async () => {
    const id = await newTeam('Expiring');
    const link = (await call('POST', `/api/teams/${id}/invitations`, ann, {})).json().link as string;
    await t.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.teamId, id));
    const expired = await call('POST', `/api/invitations/${tokenOf(link)}/accept`, cat);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe(TEAM_TEXTS.invitationInvalid);
    expect((await call('GET', '/api/invitations/short')).statusCode).toBe(400);
    expect((await call('GET', `/api/invitations/${'x'.repeat(40)}`)).statusCode).toBe(404);
  });

  it('changes roles, keeps one admin, lets members leave and admins remove them', async () => {
    const id = await newTeam('Roles');
    const link = (await call('POST', `/api/teams/${id}/invitations`, ann, { role: 'creator' })).json().link;
    await call('POST', `/api/invitations/${tokenOf(link)}/accept`, cat);
    let members = (await call('GET', `/api/teams/${id}`, cat)).json().members as {
      userId: number;
      role: string;
    }[];
    expect(members).toContainEqual(expect.objectContaining({ userId: cat.user.id, role: 'creator' }));
    // Not an admin: cannot manage.
    expect(
      (await call('PATCH', `/api/teams/${id}/members/${ann.user.id}`, cat, { role: 'viewer' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/teams/${id}`, cat)).json().invitations).toEqual([]);
    // The last admin can neither step down nor leave.
    const stepDown = await call('PATCH', `/api/teams/${id}/members/${ann.user.id}`, ann, { role: 'viewer' });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().error).toBe(TEAM_TEXTS.lastAdmin);
    expect((await call('POST', `/api/teams/${id}/leave`, ann)).statusCode).toBe(409);
    // Hand over, then leave: ownership (the plan that sets the limit) follows the remaining admin.
    expect(
      (await call('PATCH', `/api/teams/${id}/members/${cat.user.id}`, ann, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/teams/${id}/leave`, ann)).statusCode).toBe(204);
    const after = (await call('GET', `/api/teams/${id}`, cat)).json();
    expect(after.team.ownerId).toBe(cat.user.id);
    members = after.members;
    expect(members.map((m) => m.userId)).toEqual([cat.user.id]);
    expect((await call('GET', `/api/teams/${id}`, ann)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/teams/${id}/members/999`, cat, { role: 'viewer' })).statusCode).toBe(
      404,
    );
  });

  it('keeps a team with members from losing its last admin to an account deletion', async () => {
    const dee = await signUp(t.app, 'dee@example.com');
    await givePlan(t, dee.user.id, 'pro');
    const id = await newTeam('Dee crew', dee);
    const link = (await call('POST', `/api/teams/${id}/invitations`, dee, {})).json().link as string;
    await call('POST', `/api/invitations/${tokenOf(link)}/accept`, cat);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: dee.cookie },
      payload: { currentPassword: 'password-123', confirmEmail: 'dee@example.com' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('Dee crew');
    expect((await call('GET', `/api/teams/${id}`, dee)).statusCode).toBe(200);
  });

  it('deletes only an empty team', async () => {
    await givePlan(t, ann.user.id, 'pro');
    const id = await newTeam('Short-lived');
    const trigger = await call('POST', '/api/triggers', ann, {
      name: 'Team tone',
      type: 'CUSTOM',
      actionData: 'x',
      status: 'inactive',
      teamId: id,
    });
    expect(trigger.statusCode).toBe(201);
    const refused = await call('DELETE', `/api/teams/${id}`, ann);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TEAM_TEXTS.notEmpty);
    expect((await call('GET', `/api/teams/${id}`, ann)).json().assets).toEqual({
      triggers: 1,
      campaigns: 0,
      media: 0,
    });
    expect((await call('DELETE', `/api/triggers/${trigger.json().id}`, ann)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/teams/${id}`, ben)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/teams/${id}`, ann)).statusCode).toBe(204);
    expect((await call('GET', `/api/teams/${id}`, ann)).statusCode).toBe(404);
  });
});
