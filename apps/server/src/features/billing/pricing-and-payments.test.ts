import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { signatureHeader } from './payments/event-signature.ts';

const SIGNING_SECRET = 'test-signing-secret-0123456789abcdef0123';
const VALID_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

describe.each(TEST_DRIVERS)('pricing, subscriptions and sandbox payments (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: number; email: string } };
  let bob: { cookie: string; user: { id: number } };

  beforeAll(async () => {
    t = await createTestApp(driver, { PAYMENTS_SIGNING_SECRET: SIGNING_SECRET });
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
  });
  afterAll(async () => t.close());

  const post = (url: string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  async function subscribe(cookie: string, planId: string) {
    const response = await post('/api/subscriptions', cookie, {
      planId,
      email: 'alice@example.com',
      name: 'Alice Doe',
      metadata: { source: 'pricing_page' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ subscriptionId: string }>().subscriptionId;
  }

  async function intent(cookie: string, amount: number, subscriptionId?: string) {
    const response = await post('/api/create-payment-intent', cookie, { amount, subscriptionId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ clientSecret: string; paymentIntentId: string; provider: string }>();
  }

  it('serves the seeded tiers, monthly and yearly at 12 x monthly less 20 %', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(response.statusCode).toBe(200);
    const { monthly, yearly } = response.json();
    expect(monthly.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['Starter', 49],
      ['Pro', 199],
      ['Enterprise', 799],
    ]);
    expect(yearly.map((p: { price: number }) => p.price)).toEqual([470.4, 1910.4, 7670.4]);
    expect(monthly[1]).toMatchObject({
      id: 'pro-monthly',
      billingPeriod: 'monthly',
      triggerLimit: 25,
      recommended: true,
      storageLimit: 50,
    });
    expect(monthly[2]).toMatchObject({ triggerLimit: null, contactSales: true });
    expect(Object.keys(monthly[0])).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'description',
        'price',
        'billingPeriod',
        'features',
        'triggerLimit',
        'storageLimit',
        'recommended',
      ]),
    );
  });

  it('creates subscriptions only for signed-in users and known plans', async () => {
    expect((await post('/api/subscriptions', undefined, { planId: 'pro-monthly' })).statusCode).toBe(401);
    const unknown = await post('/api/subscriptions', alice.cookie, {
      planId: 'gold',
      email: 'a@example.com',
      name: 'A',
      metadata: { source: 'pricing_page' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('planId');
    const bad = await post('/api/subscriptions', alice.cookie, {
      planId: 'pro-monthly',
      email: 'nope',
      name: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ email: 'Invalid email' });
    expect(await subscribe(alice.cookie, 'pro-monthly')).toMatch(/^sub_[0-9a-f]{24}$/);
  });

  it('refuses bad payment input with 4xx and a price that is not the plan price', async () => {
    expect((await post('/api/create-payment-intent', undefined, { amount: 49.99 })).statusCode).toBe(401);
    for (const amount of [0, -5, 'ten', 12.345, 10_000_000]) {
      expect((await post('/api/create-payment-intent', alice.cookie, { amount })).statusCode).toBe(400);
    }
    const sub = await subscribe(alice.cookie, 'pro-monthly');
    const cheap = await post('/api/create-payment-intent', alice.cookie, { amount: 1, subscriptionId: sub });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().fields.amount).toContain('$199.00');
    const foreign = await post('/api/create-payment-intent', bob.cookie, {
      amount: 199,
      subscriptionId: sub,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('declines 4000 0000 0000 0002 and 9995 with the provider message and changes nothing', async () => {
    const sub = await subscribe(alice.cookie, 'pro-monthly');
    const { clientSecret, paymentIntentId } = await intent(alice.cookie, 199, sub);
    const declined = await post('/api/payments/sandbox/confirm', alice.cookie, {
      clientSecret,
      card: { ...VALID_CARD, number: '4000 0000 0000 0002' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'Your card was declined.', code: 'CARD_DECLINED' });
    const poor = await post('/api/payments/sandbox/confirm', alice.cookie, {
      clientSecret,
      card: { ...VALID_CARD, number: '4000000000009995' },
    });
    expect(poor.json().error).toBe('Your card has insufficient funds.');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentIntentId));
    expect(row).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
    });
    expect(await userRow(alice.user.id)).toMatchObject({
      subscriptionPlan: null,
      subscriptionStatus: 'inactive',
    });
  });

  it('validates Luhn, expiry and CVC before charging', async () => {
    const { clientSecret } = await intent(alice.cookie, 49.99);
    const cases = [
      [{ ...VALID_CARD, number: '4242 4242 4242 4241' }, 'card.number'],
      [{ ...VALID_CARD, expiry: '01 / 20' }, 'card.expiry'],
      [{ ...VALID_CARD, expiry: '13 / 30' }, 'card.expiry'],
      [{ ...VALID_CARD, cvc: '1' }, 'card.cvc'],
    ] as const;
    for (const [card, field] of cases) {
      const response = await post('/api/payments/sandbox/confirm', alice.cookie, { clientSecret, card });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
    }
    const wrongSecret = await post('/api/payments/sandbox/confirm', alice.cookie, {
      clientSecret: `${clientSecret}x`,
      card: VALID_CARD,
    });
    expect(wrongSecret.statusCode).toBe(404);
    const othersIntent = await post('/api/payments/sandbox/confirm', bob.cookie, {
      clientSecret,
      card: VALID_CARD,
    });
    expect(othersIntent.statusCode).toBe(404);
  });

  it('pays for Pro with 4242, activates the plan once, and a second confirmation changes nothing', async () => {
    const sub = await subscribe(alice.cookie, 'pro-monthly');
    const { clientSecret, paymentIntentId, provider } = await intent(alice.cookie, 199, sub);
    expect(provider).toBe('sandbox');
    expect(clientSecret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    const paid = await post('/api/payments/sandbox/confirm', alice.cookie, {
      clientSecret,
      card: VALID_CARD,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', paymentIntentId });
    const after = await userRow(alice.user.id);
    expect(after).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });
    const end = after?.currentPeriodEnd?.getTime() ?? 0;
    expect(end - Date.now()).toBeGreaterThan(27 * 86_400_000);

    const again = await post('/api/payments/sandbox/confirm', alice.cookie, {
      clientSecret,
      card: VALID_CARD,
    });
    expect(again.json()).toEqual({ status: 'succeeded', paymentIntentId });
    expect((await userRow(alice.user.id))?.currentPeriodEnd?.getTime()).toBe(end);

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: { cookie: alice.cookie },
    });
    expect(current.json()).toMatchObject({
      tier: 'pro',
      planName: 'Pro',
      status: 'active',
      billingPeriod: 'monthly',
      triggerLimit: 25,
      isDefault: false,
    });
    const reuse = await post('/api/create-payment-intent', alice.cookie, {
      amount: 199,
      subscriptionId: sub,
    });
    expect(reuse.statusCode).toBe(409);
  });

  it('charges one subscription once even when two checkouts made two intents', async () => {
    const carol = await signUp(t.app, 'carol@example.com');
    const sub = await subscribe(carol.cookie, 'pro-monthly');
    const first = await intent(carol.cookie, 199, sub);
    const second = await intent(carol.cookie, 199, sub);
    const paid = await post('/api/payments/sandbox/confirm', carol.cookie, {
      clientSecret: first.clientSecret,
      card: VALID_CARD,
    });
    expect(paid.statusCode).toBe(200);
    const end = (await userRow(carol.user.id))?.currentPeriodEnd?.getTime();
    expect(end).toBeGreaterThan(Date.now());

    const twice = await post('/api/payments/sandbox/confirm', carol.cookie, {
      clientSecret: second.clientSecret,
      card: VALID_CARD,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_PAID',
      error: 'This subscription is already paid for.',
    });
    const [unpaid] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, second.paymentIntentId));
    expect(unpaid?.status).not.toBe('succeeded');

    // Stripe could still report the second intent paid (two tabs): the plan's period is not extended.
    const body = JSON.stringify({
      id: 'evt_second_intent',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: second.paymentIntentId, amount: 19_900 } },
    });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(SIGNING_SECRET, body),
      },
      payload: body,
    });
    expect(late.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await userRow(carol.user.id))?.currentPeriodEnd?.getTime()).toBe(end);
  });

  it('applies a signed webhook event once and refuses bad signatures', async () => {
    const sub = await subscribe(bob.cookie, 'starter-yearly');
    const { paymentIntentId } = await intent(bob.cookie, 470.4, sub);
    const body = JSON.stringify({
      id: 'evt_test_1',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: paymentIntentId, amount: 47040, metadata: {} } },
    });
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
    expect((await deliver(signatureHeader('wrong-secret-wrong-secret-wrong-secret', body))).statusCode).toBe(
      400,
    );
    expect(
      (await deliver(signatureHeader(SIGNING_SECRET, body, Math.floor(Date.now() / 1000) - 3600))).statusCode,
    ).toBe(400);
    expect((await deliver('t=1,v1=abc')).statusCode).toBe(400);
    expect((await userRow(bob.user.id))?.subscriptionStatus).toBe('inactive');

    const first = await deliver(signatureHeader(SIGNING_SECRET, body));
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const bobRow = await userRow(bob.user.id);
    expect(bobRow).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'active' });
    expect((bobRow?.currentPeriodEnd?.getTime() ?? 0) - Date.now()).toBeGreaterThan(360 * 86_400_000);
    const replay = await deliver(signatureHeader(SIGNING_SECRET, body));
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await userRow(bob.user.id))?.currentPeriodEnd?.getTime()).toBe(
      bobRow?.currentPeriodEnd?.getTime(),
    );
  });
});
