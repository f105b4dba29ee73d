import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { rangeWindow } from '../analytics/activity.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9)';

describe('rangeWindow', () => {
  it('ends today and spans 7, 30 or the month so far', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    expect(rangeWindow('7d', now)).toEqual({ start: new Date('2026-11-16T00:00:00Z'), days: 7 });
    expect(rangeWindow('30d', now)).toEqual({ start: new Date('2026-10-24T00:00:00Z'), days: 30 });
    expect(rangeWindow('month', now)).toEqual({ start: new Date('2026-11-01T00:00:00Z'), days: 22 });
  });
});

describe.each(TEST_DRIVERS)('activations and activity (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let triggerId: number;
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: { name: 'Jingle, "big" one', type: 'CUSTOM', actionData: 'x' },
    });
    triggerId = created.json().id;
    await t.database.db.insert(triggerActivations).values([
      { triggerId, deviceType: 'Web Listener', osVersion: IPHONE, batteryImpact: 2, activatedAt: daysAgo(0) },
      {
        triggerId,
        deviceType: 'Web Listener',
        osVersion: ANDROID,
        batteryImpact: 2,
        activatedAt: daysAgo(1),
      },
      {
        triggerId,
        deviceType: 'Mobile Simulator',
        osVersion: 'Web',
        batteryImpact: 2,
        activatedAt: daysAgo(2),
      },
      {
        triggerId,
        deviceType: 'Native App',
        osVersion: '=HYPERLINK("x")',
        batteryImpact: 2,
        activatedAt: daysAgo(12),
      },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie = alice.cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('draws the last 7 days, and filters by device', async () => {
    const all = (await get('/api/analytics/activity?range=7d')).json();
    expect(all.days).toHaveLength(7);
    expect(all.total).toBe(3);
    expect(all.previousTotal).toBe(1);
    expect(all.changePercent).toBe(200);
    expect(all.days.at(-1).count).toBe(1);
    expect((await get('/api/analytics/activity?range=7d&device=ios')).json().total).toBe(1);
    expect((await get('/api/analytics/activity?range=30d&device=android')).json().total).toBe(1);
    expect((await get('/api/analytics/activity?range=30d')).json().total).toBe(4);
  });

  it('refuses unknown ranges and devices with the field named', async () => {
    const response = await get('/api/analytics/activity?range=year&device=nokia');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['device', 'range']);
  });

  it('lists activations with filters, only to their owner', async () => {
    const list = (await get(`/api/activations?triggerId=${triggerId}&deviceType=Web%20Listener`)).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ triggerName: 'Jingle, "big" one', deviceType: 'Web Listener' });
    expect((await get('/api/activations', bob.cookie)).json()).toEqual([]);
    const since = daysAgo(5).toISOString().slice(0, 10);
    expect((await get(`/api/activations?startDate=${since}`)).json()).toHaveLength(3);
    expect((await get('/api/activations?startDate=2026-02-30x')).statusCode).toBe(400);
    expect((await get('/api/activations?startDate=2026-05-02&endDate=2026-05-01')).statusCode).toBe(400);
  });

  it('exports CSV that spreadsheets cannot execute', async () => {
    const response = await get('/api/activations?format=csv');
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="tonemark-activations-/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'activationId,activatedAt,triggerId,triggerName,campaignId,deviceType,osVersion,batteryImpact,successful,score,snrDb,speed,tempo',
    );
    expect(lines).toHaveLength(5);
    expect(response.body).toContain('"Jingle, ""big"" one"');
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(response.body).not.toMatch(/,=HYPERLINK/);
  });

  it('pages through the filtered rows, newest first, with the total that matches', async () => {
    const first = (await get('/api/activations/page?limit=2')).json();
    expect(first).toMatchObject({ total: 4, offset: 0, limit: 2 });
    expect(first.activations.map((a: { osVersion: string }) => a.osVersion)).toEqual([IPHONE, ANDROID]);
    const second = (await get('/api/activations/page?limit=2&offset=2')).json();
    expect(second.activations.map((a: { deviceType: string }) => a.deviceType)).toEqual([
      'Mobile Simulator',
      'Native App',
    ]);
    expect((await get('/api/activations/page?limit=2&offset=4')).json()).toMatchObject({
      total: 4,
      activations: [],
    });
    // The plain list takes the same offset.
    expect((await get('/api/activations?limit=1&offset=3')).json()[0].deviceType).toBe('Native App');
  });

  it('counts only what the filters keep, and the CSV of the same filters has the same rows', async () => {
    const since = daysAgo(5).toISOString().slice(0, 10);
    const filtered = `triggerId=${triggerId}&deviceType=Web%20Listener&startDate=${since}`;
    const page = (await get(`/api/activations/page?${filtered}&limit=10`)).json();
    expect(page.total).toBe(2);
    const csv = (await get(`/api/activations?${filtered}&format=csv`)).body.trim().split('\r\n');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(
      page.activations.map((a: { activationId: string }) => a.activationId),
    );
    expect((await get('/api/activations/page?deviceType=Native%20App', bob.cookie)).json()).toMatchObject({
      total: 0,
      activations: [],
    });
  });

  it('refuses bad paging and date order on the page route', async () => {
    const bad = await get('/api/activations/page?offset=-1&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['limit', 'offset']);
    expect((await get('/api/activations/page?format=csv')).statusCode).toBe(400);
    const reversed = await get('/api/activations/page?startDate=2026-05-02&endDate=2026-05-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({ endDate: 'Must not be before startDate' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/activations' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/activations/page' })).statusCode).toBe(401);
  });
});
