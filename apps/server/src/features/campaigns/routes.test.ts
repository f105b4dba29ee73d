import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

describe.each(TEST_DRIVERS)('campaign routes (%s)', (driver) => {
  let t: TestApp;
  let admin: { cookie: string };
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string; user: { id: number } };
  let viewer: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    const v = await signUpViewer(t, 'viewer@example.com');
    viewer = v;
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  it('needs a session and the creator role to write', async () => {
    expect((await call('GET', '/api/campaigns')).statusCode).toBe(401);
    expect((await call('POST', '/api/campaigns', undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/api/campaigns', viewer.cookie, { name: 'x' })).statusCode).toBe(403);
    const bad = await call('POST', '/api/campaigns', alice.cookie, { name: '', status: 'running' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['name', 'status']));
  });

  it('creates, edits and archives a campaign', async () => {
    const created = await call('POST', '/api/campaigns', alice.cookie, {
      name: 'Summer launch',
      description: 'Podcast and radio',
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      name: 'Summer launch',
      status: 'active',
      ownerId: alice.user.id,
      triggerCount: 0,
    });
    const edited = await call('PATCH', `/api/campaigns/${campaign.id}`, alice.cookie, {
      status: 'paused',
      name: 'Summer',
    });
    expect(edited.json()).toMatchObject({ name: 'Summer', status: 'paused' });
    const badDates = await call('PATCH', `/api/campaigns/${campaign.id}`, alice.cookie, {
      startDate: '2030-02-01T00:00:00Z',
      endDate: '2030-01-01T00:00:00Z',
    });
    expect(badDates.statusCode).toBe(400);
    const archived = await call('DELETE', `/api/campaigns/${campaign.id}`, alice.cookie);
    expect(archived.json().status).toBe('archived');
    expect((await call('GET', '/api/campaigns', alice.cookie)).json()).toHaveLength(1);
  });

  it('lists by userId only for the caller, or anyone for an admin', async () => {
    await call('POST', '/api/campaigns', bob.cookie, { name: 'Bob only' });
    const own = await call('GET', `/api/campaigns?userId=${bob.user.id}`, bob.cookie);
    expect(own.json().map((c: { name: string }) => c.name)).toEqual(['Bob only']);
    expect((await call('GET', `/api/campaigns?userId=${bob.user.id}`, alice.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/campaigns?userId=${bob.user.id}`, admin.cookie)).json()).toHaveLength(1);
    const bad = await call('GET', '/api/campaigns?userId=abc', alice.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('userId');
    // A stray parameter does not turn the list into an error, nor widen it.
    const busted = await call('GET', `/api/campaigns?userId=${bob.user.id}&_=1700000000`, bob.cookie);
    expect(busted.statusCode).toBe(200);
    expect(busted.json().map((c: { name: string }) => c.name)).toEqual(['Bob only']);
  });

  it("hides another creator's campaign by id and refuses changes to it", async () => {
    const bobs = (await call('GET', '/api/campaigns', bob.cookie)).json()[0];
    expect((await call('GET', `/api/campaigns/${bobs.id}`, alice.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/campaigns/${bobs.id}`, alice.cookie, { name: 'mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/campaigns/${bobs.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/campaigns/${bobs.id}`, admin.cookie)).statusCode).toBe(200);
  });

  it('assigns only own triggers, shows them with activations over time, and removes them', async () => {
    const campaign = (await call('POST', '/api/campaigns', alice.cookie, { name: 'Radio' })).json();
    const mine = (
      await call('POST', '/api/triggers', alice.cookie, { name: 'Jingle', type: 'CUSTOM', actionData: 'x' })
    ).json();
    const bobs = (
      await call('POST', '/api/triggers', bob.cookie, { name: 'Bob', type: 'CUSTOM', actionData: 'y' })
    ).json();
    expect(
      (await call('POST', `/api/campaigns/${campaign.id}/triggers`, alice.cookie, { triggerId: bobs.id }))
        .statusCode,
    ).toBe(400);
    const bobsCampaign = (await call('GET', '/api/campaigns', bob.cookie)).json()[0];
    expect(
      (await call('POST', `/api/campaigns/${bobsCampaign.id}/triggers`, alice.cookie, { triggerId: mine.id }))
        .statusCode,
    ).toBe(404);

    const assigned = await call('POST', `/api/campaigns/${campaign.id}/triggers`, alice.cookie, {
      triggerId: mine.id,
    });
    expect(assigned.json().campaignId).toBe(campaign.id);
    await t.database.db.insert(triggerActivations).values([
      { triggerId: mine.id, deviceType: 'Web Listener' },
      { triggerId: mine.id, deviceType: 'Web Listener' },
    ]);
    const detail = (await call('GET', `/api/campaigns/${campaign.id}`, alice.cookie)).json();
    expect(detail.campaign).toMatchObject({ name: 'Radio', triggerCount: 1 });
    expect(detail.triggers.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect(detail.activity).toHaveLength(30);
    expect(detail.activity.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), activations: 2 });
    expect(detail.totalActivations).toBe(2);

    const removed = await call('DELETE', `/api/campaigns/${campaign.id}/triggers/${mine.id}`, alice.cookie);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/campaigns/${campaign.id}`, alice.cookie)).json().triggers).toEqual([]);
  });
});
