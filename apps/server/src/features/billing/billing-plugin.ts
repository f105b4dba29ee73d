import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsConfig } from '../../config/env.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { paymentRoutes, webhookRoutes } from './payments/payment-routes.ts';
import { receiptRoutes } from './payments/receipt-routes.ts';
import { SandboxPaymentProvider } from './payments/sandbox-provider.ts';
import { StripePaymentProvider } from './payments/stripe-provider.ts';
import { seedPricingPlans } from './plan-catalogue.ts';
import { pricingRoutes } from './pricing-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  return config.provider === 'stripe'
    ? new StripePaymentProvider(config.secretKey, config.publishableKey, config.webhookSecret)
    : new SandboxPaymentProvider(config.signingSecret);
}

/** Seeds the plan catalogue and picks the card provider; routes use `app.payments`. */
export const billingPlugin = fp(
  async (app: FastifyInstance, opts: { config: PaymentsConfig; provider?: PaymentProvider }) => {
    await seedPricingPlans(app.db);
    const provider = opts.provider ?? createPaymentProvider(opts.config);
    app.decorate('payments', provider);
    app.log.info({ provider: provider.name }, 'payments provider');
  },
  { name: 'billing', dependencies: ['database'] },
);

/** /api/pricing, /api/subscriptions, /api/create-payment-intent, /api/payments/* (SPEC §7). */
export async function billingRoutes(app: FastifyInstance) {
  await app.register(pricingRoutes, { prefix: '/api/pricing' });
  await app.register(subscriptionRoutes, { prefix: '/api/subscriptions' });
  await app.register(paymentRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { prefix: '/api/payments/webhook' });
  await app.register(receiptRoutes, { prefix: '/api/payments' });
}
