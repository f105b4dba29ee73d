import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/test-app.ts';
import { signatureHeader } from './event-signature.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_0123456789';

/**
 * Stripe's REST API as documented, answered in-process: the one service outside this machine.
 * It records every call so the tests can check what Tonemark asked Stripe to do.
 */
function stripeDouble() {
  const calls: { method: string; path: string; form: Record<string, string> }[] = [];
  let subscriptions = 0;
  const fetchImpl = async (url: string, init: RequestInit) => {
    const { pathname, search } = new URL(url);
    const form = Object.fromEntries(new URLSearchParams(typeof init.body === 'string' ? init.body : search));
    calls.push({ method: init.method ?? 'GET', path: pathname, form });
    if (pathname === '/v1/prices' && init.method === 'GET')
      return Response.json({ object: 'list', data: [] });
    if (pathname === '/v1/prices') return Response.json({ id: 'price_pro_monthly', object: 'price' });
    if (pathname === '/v1/customers') return Response.json({ id: 'cus_dana', object: 'customer' });
    if (pathname === '/v1/subscriptions') {
      const n = ++subscriptions;
      const intent = n === 1 ? 'pi_first' : `pi_first_${n}`;
      return Response.json({
        id: `sub_stripe_${n}`,
        object: 'subscription',
        status: 'incomplete',
        latest_invoice: {
          id: `in_${n}`,
          payment_intent: { id: intent, client_secret: `${intent}_secret_abc` },
        },
      });
    }
    const one = /^\/v1\/subscriptions\/(sub_stripe_\d+)$/.exec(pathname);
    if (one && init.method === 'DELETE') return Response.json({ id: one[1], status: 'canceled' });
    if (one) return Response.json({ id: one[1], cancel_at_period_end: form.cancel_at_period_end === 'true' });
    return Response.json({ error: { message: `No such route ${pathname}` } }, { status: 404 });
  };
  return { calls, fetchImpl };
}

describe('Stripe mode: plans are Stripe Subscriptions', () => {
  let t: TestApp;
  let dana: { cookie: string; user: { id: number } };
  const stripe = stripeDouble();
  let eventNumber = 0;

  beforeAll(async () => {
    t = await createTestApp(
      'postgres',
      {
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      {
        paymentProvider: new StripePaymentProvider(
          'sk_test_abc',
          'pk_test_abc',
          WEBHOOK_SECRET,
          stripe.fetchImpl,
        ),
      },
    );
    await signUp(t.app, 'admin@example.com');
    dana = await signUp(t.app, 'dana@example.com');
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: dana.cookie } });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: dana.cookie }, payload });
  function deliver(type: string, object: Record<string, unknown>) {
    const body = JSON.stringify({
      id: `evt_${++eventNumber}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(WEBHOOK_SECRET, body),
      },
      payload: body,
    });
  }

  it("starts a Stripe Subscription and hands checkout its first invoice's intent", async () => {
    const created = await post('/api/subscriptions', {
      planId: 'pro-monthly',
      email: 'dana@example.com',
      name: 'Dana',
    });
    const subscriptionId = created.json().subscriptionId;
    const intent = await post('/api/create-payment-intent', { amount: 199, subscriptionId });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json()).toMatchObject({
      provider: 'stripe',
      clientSecret: 'pi_first_secret_abc',
      paymentIntentId: 'pi_first',
    });
    const subscriptionCall = stripe.calls.find((c) => c.path === '/v1/subscriptions');
    expect(subscriptionCall?.form).toMatchObject({
      customer: 'cus_dana',
      'items[0][price]': 'price_pro_monthly',
      payment_behavior: 'default_incomplete',
      'expand[0]': 'latest_invoice.payment_intent',
      'metadata[subscriptionId]': subscriptionId,
    });
    expect(stripe.calls.find((c) => c.path === '/v1/prices' && c.method === 'POST')?.form).toMatchObject({
      unit_amount: '19900',
      'recurring[interval]': 'month',
      lookup_key: 'pro-monthly',
    });

    const paid = await deliver('payment_intent.succeeded', {
      id: 'pi_first',
      object: 'payment_intent',
      amount: 19_900,
      status: 'succeeded',
    });
    expect(paid.json().outcome).toBe('applied');
    expect((await get('/api/subscriptions/current')).json()).toMatchObject({ tier: 'pro', triggerLimit: 25 });
  });

  it("cancels and resumes on Stripe's own subscription, and mirrors changes made at Stripe", async () => {
    const cancelled = await post('/api/subscriptions/current/cancel');
    expect(cancelled.json().cancelAtPeriodEnd).toBe(true);
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_stripe_1',
      form: { cancel_at_period_end: 'true' },
    });
    // Resumed from Stripe's dashboard: the event says so.
    await deliver('customer.subscription.updated', {
      id: 'sub_stripe_1',
      object: 'subscription',
      cancel_at_period_end: false,
    });
    expect((await get('/api/subscriptions/current')).json().cancelAtPeriodEnd).toBe(false);
  });

  it('records a renewal Stripe charged, with its receipt and the new period end', async () => {
    const end = Math.floor(Date.UTC(2031, 0, 15) / 1000);
    const renewed = await deliver('invoice.paid', {
      id: 'in_2',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: 'sub_stripe_1',
      payment_intent: 'pi_renewal',
      amount_paid: 19_900,
      currency: 'usd',
      lines: { data: [{ period: { start: end - 2_678_400, end } }] },
    });
    expect(renewed.json().outcome).toBe('applied');
    const plan = (await get('/api/subscriptions/current')).json();
    expect(plan.currentPeriodEnd).toBe(new Date(end * 1000).toISOString());
    const receipts = (await get('/api/payments')).json().payments.map((p: { id: string }) => p.id);
    expect(receipts).toEqual(expect.arrayContaining(['pi_first', 'pi_renewal']));
  });

  it('ends the plan when Stripe deletes the subscription', async () => {
    await deliver('customer.subscription.deleted', {
      id: 'sub_stripe_1',
      object: 'subscription',
      status: 'canceled',
    });
    expect((await get('/api/subscriptions/current')).json()).toMatchObject({ tier: 'free', isDefault: true });
  });

  it('cancels the Stripe subscription at once when the account is deleted', async () => {
    const created = await post('/api/subscriptions', {
      planId: 'pro-monthly',
      email: 'dana@example.com',
      name: 'Dana',
    });
    const intent = await post('/api/create-payment-intent', {
      amount: 199,
      subscriptionId: created.json().subscriptionId,
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: dana.cookie },
      payload: { currentPassword: 'password-123', confirmEmail: 'dana@example.com' },
    });
    expect(deleted.statusCode, JSON.stringify(stripe.calls.slice(-3))).toBe(204);
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_stripe_2' });
  });
});
