import { EMPTY_ANALYTICS_SUMMARY } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { percentChange } from './summary.ts';

describe('percentChange', () => {
  it('compares months, with no percentage for a start from zero', () => {
    expect(percentChange(10, 15)).toBe(50);
    expect(percentChange(20, 15)).toBe(-25);
    expect(percentChange(0, 3)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
  });
});

describe.each(TEST_DRIVERS)('GET /api/analytics/summary (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
  });
  afterAll(async () => t.close());

  const summary = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/analytics/summary', headers: { cookie } })).json();
  const create = async (cookie: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/triggers', headers: { cookie }, payload })).json();

  it('is all zeros and empty maps with no rows', async () => {
    expect(await summary(alice.cookie)).toEqual(EMPTY_ANALYTICS_SUMMARY);
  });

  it('is computed from the caller’s own triggers and activations', async () => {
    const url = await create(alice.cookie, { name: 'A', type: 'URL', actionData: 'https://a.io' });
    await create(alice.cookie, { name: 'B', type: 'REWARD', actionData: '{}', status: 'inactive' });
    const bobs = await create(bob.cookie, { name: 'C', type: 'APP', actionData: 'app://x' });
    const now = new Date();
    await t.database.db.insert(triggerActivations).values([
      {
        triggerId: url.id,
        deviceType: 'Web Listener',
        osVersion: 'Web',
        batteryImpact: 2,
        successful: true,
        activatedAt: now,
      },
      {
        triggerId: url.id,
        deviceType: 'Web Listener',
        osVersion: 'Web',
        batteryImpact: 4,
        successful: false,
        activatedAt: now,
      },
      {
        triggerId: url.id,
        deviceType: 'Mobile Simulator',
        osVersion: 'Web',
        batteryImpact: 3,
        successful: true,
        activatedAt: now,
      },
      {
        triggerId: bobs.id,
        deviceType: 'Native App',
        osVersion: 'iOS',
        batteryImpact: 9,
        successful: true,
        activatedAt: now,
      },
    ]);
    const s = await summary(alice.cookie);
    expect(s.activeTriggers).toBe(1);
    expect(s.totalActivations).toBe(3);
    expect(s.successRate).toBe(66.7);
    expect(s.batteryImpact).toBe(3);
    expect(s.deviceCompatibility).toEqual({ 'Web Listener': 50, 'Mobile Simulator': 100 });
    expect(s.triggerTypeCounts).toEqual({ URL: 1, REWARD: 1 });
    const days = Object.entries(s.activationsByDay);
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toEqual([now.toISOString().slice(0, 10), 3]);
    expect(s.lastMonthTrends.totalActivations).toBeNull();
  });
});
