import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

const trigger = (name: string, status = 'active') => ({
  name,
  type: 'CUSTOM',
  actionData: name,
  status,
  frequencyPattern: freshPattern(),
});

describe.each(TEST_DRIVERS)('plan limits on active triggers (%s)', (driver) => {
  let t: TestApp;
  let admin: { cookie: string };
  let carol: { cookie: string; user: { id: number } };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await signUp(t.app, 'admin@example.com');
    carol = await signUp(t.app, 'carol@example.com');
  });
  afterAll(async () => t.close());

  const call = (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });

  it('puts an account without a subscription on Free, which allows 2 active triggers, and names it', async () => {
    for (let i = 1; i <= 2; i++) {
      expect((await call('POST', '/api/triggers', carol.cookie, trigger(`t${i}`))).statusCode).toBe(201);
    }
    const third = await call('POST', '/api/triggers', carol.cookie, trigger('t3'));
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      error: 'Your Free plan allows 2 active triggers. Deactivate one or upgrade your plan.',
    });
  });

  it('still lets an inactive trigger be created, but not switched on', async () => {
    const parked = await call('POST', '/api/triggers', carol.cookie, trigger('parked', 'inactive'));
    expect(parked.statusCode).toBe(201);
    const on = await call('PATCH', `/api/triggers/${parked.json().id}`, carol.cookie, { status: 'active' });
    expect(on.statusCode).toBe(403);
    expect(on.json().code).toBe('PLAN_LIMIT');
    const rename = await call('PATCH', `/api/triggers/${parked.json().id}`, carol.cookie, {
      name: 'still parked',
    });
    expect(rename.statusCode).toBe(200);
  });

  it('gives Starter its 5, which Free does not have', async () => {
    await t.database.db
      .update(users)
      .set({
        subscriptionPlan: 'starter',
        subscriptionStatus: 'active',
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      })
      .where(eq(users.id, carol.user.id));
    for (let i = 3; i <= 5; i++) {
      expect((await call('POST', '/api/triggers', carol.cookie, trigger(`t${i}`))).statusCode).toBe(201);
    }
    const sixth = await call('POST', '/api/triggers', carol.cookie, trigger('t6'));
    expect(sixth.json().error).toContain('Starter plan allows 5');
  });

  it('raises the limit to 25 on an active Pro plan, and back to Free when it lapses', async () => {
    await t.database.db
      .update(users)
      .set({
        subscriptionPlan: 'pro',
        subscriptionStatus: 'active',
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      })
      .where(eq(users.id, carol.user.id));
    expect((await call('POST', '/api/triggers', carol.cookie, trigger('pro-6'))).statusCode).toBe(201);
    await t.database.db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, carol.user.id));
    const lapsed = await call('POST', '/api/triggers', carol.cookie, trigger('pro-7'));
    expect(lapsed.json().error).toContain('Free plan allows 2');
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: { cookie: carol.cookie },
    });
    expect(current.json()).toMatchObject({
      tier: 'free',
      planName: 'Free',
      isDefault: true,
      triggerLimit: 2,
      activeTriggers: 6,
      storage: { usedBytes: 0, limitBytes: 500 * 1024 * 1024 },
    });
  });

  it('does not limit admins', async () => {
    for (let i = 1; i <= 7; i++) {
      expect((await call('POST', '/api/triggers', admin.cookie, trigger(`a${i}`))).statusCode).toBe(201);
    }
  });
});
