import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

describe.each(TEST_DRIVERS)('subscription lifecycle: detail, receipts, cancel and resume (%s)', (driver) => {
  let t: TestApp;
  let dana: { cookie: string; user: { id: number } };
  let other: { cookie: string };
  let subscriptionId = '';
  let paymentId = '';

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    dana = await signUp(t.app, 'dana@example.com');
    other = await signUp(t.app, 'other@example.com');
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

  it('names the plan a subscription pays for, to its owner only', async () => {
    const created = await post('/api/subscriptions', dana.cookie, {
      planId: 'pro-yearly',
      email: 'dana@example.com',
      name: 'Dana',
    });
    subscriptionId = created.json().subscriptionId;
    const detail = await get(`/api/subscriptions/${subscriptionId}`, dana.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      status: 'incomplete',
      plan: { name: 'Pro', billingPeriod: 'yearly', price: 1910.4 },
    });
    expect((await get(`/api/subscriptions/${subscriptionId}`, other.cookie)).statusCode).toBe(404);
  });

  it('reports a failed payment as failed, and a paid one with a receipt', async () => {
    const intent = await post('/api/create-payment-intent', dana.cookie, { amount: 1910.4, subscriptionId });
    const { clientSecret, paymentIntentId } = intent.json();
    paymentId = paymentIntentId;
    const declined = await post('/api/payments/sandbox/confirm', dana.cookie, {
      clientSecret,
      card: { ...CARD, number: '4000 0000 0000 0002' },
    });
    expect(declined.statusCode).toBe(402);
    const failed = await get(`/api/payments/${paymentId}`, dana.cookie);
    expect(failed.json()).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    });
    expect((await get(`/api/payments/${paymentId}/receipt.html`, dana.cookie)).statusCode).toBe(404);

    expect(
      (await post('/api/payments/sandbox/confirm', dana.cookie, { clientSecret, card: CARD })).statusCode,
    ).toBe(200);
    const paid = await get(`/api/payments/${paymentId}`, dana.cookie);
    expect(paid.json()).toMatchObject({
      status: 'succeeded',
      amount: 1910.4,
      planName: 'Pro',
      billingPeriod: 'yearly',
    });
    expect(paid.json().receiptNumber).toMatch(/^TM-\d{8}-pi_/);
    const list = await get('/api/payments', dana.cookie);
    expect(list.json().payments.map((p: { id: string }) => p.id)).toEqual([paymentId]);
    const file = await get(`/api/payments/${paymentId}/receipt.html`, dana.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="tonemark-receipt-TM-/);
    expect(file.body).toContain('Pro plan, one year');
    expect(file.body).toContain('$1,910.40');
    expect((await get(`/api/payments/${paymentId}`, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/payments', other.cookie)).json().payments).toEqual([]);
  });

  it('cancels at period end, keeps the plan until then, and resumes', async () => {
    const cancelled = await post('/api/subscriptions/current/cancel', dana.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      tier: 'pro',
      cancelAtPeriodEnd: true,
      subscriptionId,
      triggerLimit: 25,
    });
    const resumed = await post('/api/subscriptions/current/resume', dana.cookie);
    expect(resumed.json()).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: false });
    await post('/api/subscriptions/current/cancel', dana.cookie);
    // The period ends: Free's limits apply and there is nothing left to cancel.
    await t.database.db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, dana.user.id));
    const after = await get('/api/subscriptions/current', dana.cookie);
    expect(after.json()).toMatchObject({
      tier: 'free',
      isDefault: true,
      triggerLimit: 2,
      cancelAtPeriodEnd: false,
    });
    const late = await post('/api/subscriptions/current/resume', dana.cookie);
    expect(late.statusCode).toBe(409);
    expect((await post('/api/subscriptions/current/cancel', other.cookie)).statusCode).toBe(409);
  });

  it('counts the media an account stores against its plan', async () => {
    await t.database.db.insert(mediaFiles).values([
      {
        name: 'a',
        type: 'audio',
        url: '/media/a.mp3',
        fileSize: 1_000_000,
        ownerId: dana.user.id,
        status: 'ready',
      },
      {
        name: 'b',
        type: 'video',
        url: '/media/b.mp4',
        fileSize: 2_500_000,
        ownerId: dana.user.id,
        status: 'ready',
      },
    ]);
    const plan = await get('/api/subscriptions/current', dana.cookie);
    expect(plan.json().storage).toEqual({ usedBytes: 3_500_000, limitBytes: 500 * 1024 * 1024 });
  });
});
