import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia } from '@tonemark/ffmpeg';
import type { TeamRole } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';
import { postMultipart } from '../media/testing/multipart.ts';

type Account = { cookie: string; user: { id: number; email: string } };

/**
 * Issue 13's access matrix: for each team role (and an outsider), what each can do with the
 * team's triggers, campaigns, media and activations, through the real routes.
 */
describe.each(TEST_DRIVERS)('team access: member x role x asset (%s)', (driver) => {
  let t: TestApp;
  let dir: string;
  let owner: Account;
  const members: Record<TeamRole, Account> = {} as Record<TeamRole, Account>;
  let outsider: Account;
  let teamId: number;
  let triggerId: number;
  let campaignId: number;
  let mediaId: number;
  let personalTriggerId: number;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Account, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function invite(role: TeamRole, who: Account) {
    const created = await call('POST', `/api/teams/${teamId}/invitations`, owner, {
      email: who.user.email,
      role,
    });
    expect(created.statusCode).toBe(201);
    const token = new URL(created.json().link).pathname.split('/').pop();
    const accepted = await call('POST', `/api/invitations/${token}/accept`, who);
    expect(accepted.statusCode).toBe(200);
  }

  async function addMediaRow(teamOf: number | null, ownerId: number, name: string) {
    const [row] = await t.database.db
      .insert(mediaFiles)
      .values({
        name,
        type: 'audio',
        url: '/media/none.wav',
        publicId: `pub_${name.replaceAll(' ', '_')}`,
        status: 'ready',
        ownerId,
        teamId: teamOf,
        metadata: { storageKey: '', contentType: 'audio/wav' },
      })
      .returning();
    if (!row) throw new Error('no row');
    return row.id;
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-team-access-'));
    t = await createTestApp(driver);
    await signUp(t.app, 'platform-admin@example.com');
    owner = await signUp(t.app, 'owner@example.com');
    members.admin = await signUp(t.app, 'team-admin@example.com');
    members.creator = await signUp(t.app, 'team-creator@example.com');
    members.viewer = await signUp(t.app, 'team-viewer@example.com');
    outsider = await signUp(t.app, 'outsider@example.com');
    await givePlan(t, owner.user.id, 'pro');
    await givePlan(t, members.creator.user.id, 'pro');

    teamId = (await call('POST', '/api/teams', owner, { name: 'Launch crew' })).json().team.id;
    for (const role of ['admin', 'creator', 'viewer'] as const) await invite(role, members[role]);

    const trigger = await call('POST', '/api/triggers', owner, {
      name: 'Team jingle',
      type: 'URL',
      actionData: 'https://example.com/team',
      teamId,
    });
    expect(trigger.statusCode).toBe(201);
    expect(trigger.json().teamId).toBe(teamId);
    triggerId = trigger.json().id;
    const campaign = await call('POST', '/api/campaigns', owner, { name: 'Team campaign', teamId });
    expect(campaign.statusCode).toBe(201);
    campaignId = campaign.json().id;
    mediaId = await addMediaRow(teamId, owner.user.id, 'team clip');
    personalTriggerId = (
      await call('POST', '/api/triggers', owner, {
        name: 'Owner private',
        type: 'CUSTOM',
        actionData: 'x',
        frequencyPattern: [600, 900, 1300, 1700],
      })
    ).json().id;
    await t.database.db.insert(triggerActivations).values([
      { triggerId, deviceType: 'Web Listener', osVersion: 'Web' },
      { triggerId: personalTriggerId, deviceType: 'Web Listener', osVersion: 'Web' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const everyRole = ['admin', 'creator', 'viewer'] as const;

  it.each(everyRole)('a team %s reads the team trigger, campaign, media and activations', async (role) => {
    const who = members[role];
    expect((await call('GET', `/api/triggers/${triggerId}`, who)).statusCode).toBe(200);
    const list = (await call('GET', '/api/triggers', who)).json() as { id: number }[];
    expect(list.map((r) => r.id)).toContain(triggerId);
    expect(list.map((r) => r.id)).not.toContain(personalTriggerId);
    expect((await call('GET', `/api/campaigns/${campaignId}`, who)).statusCode).toBe(200);
    const campaigns = (await call('GET', '/api/campaigns', who)).json() as { id: number }[];
    expect(campaigns.map((c) => c.id)).toContain(campaignId);
    expect((await call('GET', `/api/media/${mediaId}`, who)).statusCode).toBe(200);
    const activations = await call('GET', `/api/activations?triggerId=${triggerId}`, who);
    expect(activations.json()).toHaveLength(1);
    const all = (await call('GET', '/api/activations', who)).json() as { triggerId: number }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((a) => a.triggerId === triggerId)).toBe(true);
    const csv = await call('GET', '/api/activations?format=csv', who);
    expect(csv.body.split('\n').filter((line) => line.trim() !== '')).toHaveLength(2);
    const page = (await call('GET', '/api/activations/page', who)).json();
    expect(page.total).toBe(1);
    const summary = (await call('GET', '/api/analytics/summary', who)).json();
    expect(summary.totalActivations).toBe(1);
    const filtered = (await call('GET', `/api/triggers?teamId=${teamId}`, who)).json() as { id: number }[];
    expect(filtered.map((r) => r.id)).toEqual([triggerId]);
    expect((await call('GET', '/api/triggers?teamId=personal', who)).json()).toEqual([]);
  });

  it('an outsider sees none of it: lists are empty and ids answer 404', async () => {
    expect((await call('GET', `/api/triggers/${triggerId}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', '/api/triggers', outsider)).json()).toEqual([]);
    expect((await call('GET', `/api/campaigns/${campaignId}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', '/api/campaigns', outsider)).json()).toEqual([]);
    expect((await call('GET', `/api/media/${mediaId}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', '/api/media', outsider)).json()).toEqual([]);
    expect((await call('GET', '/api/activations', outsider)).json()).toEqual([]);
    expect((await call('GET', '/api/analytics/summary', outsider)).json().totalActivations).toBe(0);
    expect((await call('GET', `/api/teams/${teamId}`, outsider)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/triggers/${triggerId}`, outsider, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/triggers/${triggerId}`, outsider)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/campaigns/${campaignId}`, outsider, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/media/${mediaId}`, outsider)).statusCode).toBe(404);
    const intoTeam = await call('POST', '/api/triggers', outsider, {
      name: 'Sneaky',
      type: 'CUSTOM',
      actionData: 'x',
      teamId,
    });
    expect(intoTeam.statusCode).toBe(400);
    expect(intoTeam.json().fields).toHaveProperty('teamId');
  });

  it('a team viewer changes nothing: 403 on every write, and the rows stay as they were', async () => {
    const v = members.viewer;
    expect((await call('PATCH', `/api/triggers/${triggerId}`, v, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/triggers/${triggerId}`, v)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/campaigns/${campaignId}`, v, { name: 'Hijacked' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/campaigns/${campaignId}`, v)).statusCode).toBe(403);
    expect((await call('POST', `/api/campaigns/${campaignId}/triggers`, v, { triggerId })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', `/api/media/${mediaId}`, v, { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/media/${mediaId}`, v)).statusCode).toBe(403);
    const create = await call('POST', '/api/triggers', v, {
      name: 'Viewer made',
      type: 'CUSTOM',
      actionData: 'x',
      teamId,
    });
    expect(create.statusCode).toBe(403);
    expect((await call('POST', '/api/campaigns', v, { name: 'Viewer made', teamId })).statusCode).toBe(403);
    expect((await call('GET', `/api/triggers/${triggerId}`, v)).json().name).toBe('Team jingle');
    expect((await call('GET', `/api/campaigns/${campaignId}`, v)).json().campaign.name).toBe('Team campaign');
    expect((await call('POST', `/api/teams/${teamId}/invitations`, v, {})).statusCode).toBe(403);
  });

  it.each(['admin', 'creator'] as const)(
    'a team %s creates, updates and deletes team assets',
    async (role) => {
      const who = members[role];
      const created = await call('POST', '/api/triggers', who, {
        name: `${role} trigger`,
        type: 'CUSTOM',
        actionData: 'x',
        status: 'inactive',
        teamId,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect((await call('GET', `/api/triggers/${id}`, owner)).statusCode).toBe(200);
      expect((await call('PATCH', `/api/triggers/${triggerId}`, who, { description: role })).statusCode).toBe(
        200,
      );
      expect((await call('DELETE', `/api/triggers/${id}`, who)).statusCode).toBe(204);

      const campaign = await call('POST', '/api/campaigns', who, { name: `${role} campaign`, teamId });
      expect(campaign.statusCode).toBe(201);
      expect(campaign.json().teamId).toBe(teamId);
      const cid = campaign.json().id;
      expect((await call('PATCH', `/api/campaigns/${cid}`, who, { status: 'paused' })).statusCode).toBe(200);
      expect((await call('POST', `/api/campaigns/${cid}/triggers`, who, { triggerId })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/campaigns/${cid}`, who)).statusCode).toBe(200);

      const mid = await addMediaRow(teamId, owner.user.id, `${role} media`);
      expect((await call('PATCH', `/api/media/${mid}`, who, { title: 'Renamed' })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/media/${mid}`, who)).statusCode).toBe(204);
    },
  );

  it('a personal trigger cannot join a team campaign, nor a team trigger a personal one', async () => {
    const joined = await call('POST', `/api/campaigns/${campaignId}/triggers`, owner, {
      triggerId: personalTriggerId,
    });
    expect(joined.statusCode).toBe(400);
    const personal = (await call('POST', '/api/campaigns', owner, { name: 'Mine' })).json().id;
    const wrong = await call('POST', `/api/campaigns/${personal}/triggers`, owner, { triggerId });
    expect(wrong.statusCode).toBe(400);
  });

  it('uploads media into a team, and its members see it in the library filtered by team', async () => {
    await makeTestMedia(path.join(dir, 'tone.wav'), { seconds: 1 });
    const uploaded = await postMultipart(
      t.app,
      '/api/media/upload',
      members.creator.cookie,
      { title: 'Team upload', teamId: String(teamId) },
      {
        field: 'mediaFile',
        filename: 'tone.wav',
        content: { kind: 'path', path: path.join(dir, 'tone.wav') },
      },
    );
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().teamId).toBe(teamId);
    const library = (await call('GET', `/api/media?teamId=${teamId}`, members.viewer)).json() as {
      title: string;
    }[];
    expect(library.map((m) => m.title)).toContain('Team upload');
    const refused = await postMultipart(
      t.app,
      '/api/media/upload',
      members.viewer.cookie,
      { title: 'Viewer upload', teamId: String(teamId) },
      {
        field: 'mediaFile',
        filename: 'tone.wav',
        content: { kind: 'path', path: path.join(dir, 'tone.wav') },
      },
    );
    expect(refused.statusCode).toBe(403);
  });

  it('moves a trigger between personal and team for one who may change both', async () => {
    const own = await call('POST', '/api/triggers', members.creator, {
      name: 'Solo tone',
      type: 'CUSTOM',
      actionData: 'x',
      status: 'inactive',
    });
    const id = own.json().id as number;
    expect((await call('GET', `/api/triggers/${id}`, members.viewer)).statusCode).toBe(404);
    const shared = await call('PATCH', `/api/triggers/${id}`, members.creator, { teamId });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().teamId).toBe(teamId);
    expect((await call('GET', `/api/triggers/${id}`, members.viewer)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/triggers/${id}`, members.viewer, { teamId: null })).statusCode).toBe(
      403,
    );
    const elsewhere = await call('PATCH', `/api/triggers/${id}`, members.creator, { teamId: 999_999 });
    expect(elsewhere.statusCode).toBe(400);
    expect((await call('PATCH', `/api/triggers/${id}`, members.admin, { teamId: null })).statusCode).toBe(
      403,
    );
    const back = await call('PATCH', `/api/triggers/${id}`, members.creator, { teamId: null });
    expect(back.json().teamId).toBeNull();
    expect((await call('GET', `/api/triggers/${id}`, members.viewer)).statusCode).toBe(404);
  });

  it('a viewer account no longer reads every account: only its teams, read-only even as team admin', async () => {
    const viewer = (await signUpViewer(t, 'global-viewer@example.com')) as Account;
    expect((await call('GET', '/api/triggers', viewer)).json()).toEqual([]);
    expect((await call('GET', '/api/media', viewer)).json()).toEqual([]);
    expect((await call('GET', '/api/activations', viewer)).json()).toEqual([]);
    expect((await call('GET', `/api/triggers/${personalTriggerId}`, viewer)).statusCode).toBe(404);
    const link = (await call('POST', `/api/teams/${teamId}/invitations`, owner, { role: 'admin' })).json()
      .link;
    expect((await call('POST', `/api/invitations/${link.split('/').pop()}/accept`, viewer)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/triggers/${triggerId}`, viewer)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/triggers/${triggerId}`, viewer, { name: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/teams/${teamId}/invitations`, viewer, {})).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${teamId}/members/${viewer.user.id}`, owner)).statusCode).toBe(
      204,
    );
  });

  it('a removed member loses access at once, and an invitation link works only once', async () => {
    const temp = await signUp(t.app, 'temp@example.com');
    const link = (await call('POST', `/api/teams/${teamId}/invitations`, owner, {})).json().link as string;
    const token = link.split('/').pop();
    expect((await call('GET', `/api/invitations/${token}`, temp)).json()).toMatchObject({
      teamName: 'Launch crew',
      role: 'viewer',
    });
    expect((await call('POST', `/api/invitations/${token}/accept`, temp)).statusCode).toBe(200);
    expect((await call('POST', `/api/invitations/${token}/accept`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/triggers/${triggerId}`, temp)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/teams/${teamId}/members/${temp.user.id}`, owner)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/triggers/${triggerId}`, temp)).statusCode).toBe(404);
    expect((await call('GET', '/api/triggers', temp)).json()).toEqual([]);
    expect((await call('GET', '/api/activations', temp)).json()).toEqual([]);
    expect((await call('GET', '/api/analytics/summary', temp)).json().totalActivations).toBe(0);
  });
});
