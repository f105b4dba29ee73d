import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('payments configuration', () => {
  it('uses the sandbox by default and Stripe when both keys and the webhook secret are set', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', signingSecret: undefined });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
    });
  });

  it('stops with a message naming the variable when the Stripe settings are incomplete or malformed', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'nope' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS_SIGNING_SECRET: 'short' })).toThrow(/PAYMENTS_SIGNING_SECRET/);
  });
});
