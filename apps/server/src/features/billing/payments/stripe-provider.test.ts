import { describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/app-error.ts';
import { buildCreateIntentRequest, StripePaymentProvider } from './stripe-provider.ts';

const request = {
  amountCents: 19_900,
  currency: 'usd' as const,
  metadata: { userId: '7', subscriptionId: 'sub_1' },
  idempotencyKey: 'key-1',
};

describe('Stripe provider', () => {
  it('builds a form-encoded PaymentIntents request with auth, version and idempotency headers', () => {
    const { url, init } = buildCreateIntentRequest('sk_test_123', request);
    expect(url).toBe('https://api.stripe.com/v1/payment_intents');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer sk_test_123',
      'Content-Type': 'application/x-www-form-urlencoded',
      'Idempotency-Key': 'key-1',
    });
    expect(Object.fromEntries(new URLSearchParams(init.body))).toEqual({
      amount: '19900',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[userId]': '7',
      'metadata[subscriptionId]': 'sub_1',
    });
  });

  it('returns the intent id and client secret, and turns Stripe errors into clear 4xx/5xx', async () => {
    const ok = new StripePaymentProvider('sk_test_1', 'pk_test_1', 'whsec_1', async () =>
      Response.json({ id: 'pi_1', client_secret: 'pi_1_secret_2' }),
    );
    expect(await ok.createPaymentIntent(request)).toEqual({ id: 'pi_1', clientSecret: 'pi_1_secret_2' });

    const refused = new StripePaymentProvider('sk_test_1', 'pk_test_1', 'whsec_1', async () =>
      Response.json({ error: { message: 'Amount must be at least $0.50 usd' } }, { status: 400 }),
    );
    await expect(refused.createPaymentIntent(request)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Amount must be at least $0.50 usd',
    });
    const offline = new StripePaymentProvider('sk_test_1', 'pk_test_1', 'whsec_1', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(offline.createPaymentIntent(request)).rejects.toBeInstanceOf(AppError);
  });
});
