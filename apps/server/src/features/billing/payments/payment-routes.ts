import { createHash } from 'node:crypto';
import {
  CARD_ERROR_CODE,
  type ConfirmSandboxPaymentInput,
  type CreatePaymentIntentResponse,
  confirmSandboxPaymentSchema,
  createPaymentIntentSchema,
} from '@tonemark/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, pricingPlans, subscriptions, type UserRow, users } from '../../../db/schema.ts';
import { AppError, notFound, parseInput } from '../../../plugins/app-error.ts';
import { requireUser } from '../../../plugins/request-user.ts';
import { findPlan } from '../pricing-repository.ts';
import { applyPaymentEvent, readSignedEvent } from './apply-payment-event.ts';
import { intentIdFromClientSecret } from './payment-provider.ts';
import { sandboxCardOutcome } from './sandbox-cards.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function paymentRoutes(app: FastifyInstance) {
  /** SPEC §7: amount (and the subscription it pays for) -> clientSecret. */
  app.post('/create-payment-intent', async (request): Promise<CreatePaymentIntentResponse> => {
    const user = requireUser(request);
    const input = parseInput(createPaymentIntentSchema, request.body);
    const amountCents = Math.round(input.amount * 100);
    const metadata: Record<string, string> = { userId: String(user.id) };
    if (input.subscriptionId) {
      const [subscription] = await app.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.userId, user.id)));
      if (!subscription) throw notFound('Subscription');
      if (subscription.status === 'active') throw alreadyPaid();
      const plan = await findPlan(app.db, subscription.planId);
      // The price comes from the plan row, never from the page: a changed link cannot pay less.
      if (!plan || plan.priceCents !== amountCents) {
        const message = `Amount does not match the ${plan?.name ?? ''} plan price (${dollars(plan?.priceCents ?? 0)})`;
        throw new AppError('VALIDATION', `amount: ${message}`, { amount: message });
      }
      metadata.subscriptionId = subscription.id;
    }
    const idempotencyKey = `${user.id}-${request.id}-${Date.now()}`;
    const intent = await startPayment(app, user, {
      amountCents,
      metadata,
      idempotencyKey,
      subscriptionId: input.subscriptionId,
    });
    await app.db.insert(payments).values({
      id: intent.id,
      provider: app.payments.name,
      userId: user.id,
      subscriptionId: input.subscriptionId ?? null,
      amountCents,
      clientSecretHash: sha256(intent.clientSecret),
    });
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      provider: app.payments.name,
      publishableKey: app.payments.publishableKey,
    };
  });

  /**
   * The sandbox's stand-in for Stripe's confirmPayment: checks the card as Stripe's test mode would
   * and delivers the outcome as a signed event to the same handler Stripe's webhook uses.
   */
  app.post('/payments/sandbox/confirm', async (request) => {
    const user = requireUser(request);
    const provider = app.payments;
    if (!(provider instanceof SandboxPaymentProvider)) throw notFound('Sandbox payments');
    const input = parseInput(confirmSandboxPaymentSchema, request.body);
    const payment = await findOwnPayment(app, user.id, input);
    if (payment.status === 'succeeded') return { status: 'succeeded', paymentIntentId: payment.id };
    // A second intent for a subscription another intent already paid: refused before any charge.
    if (payment.subscriptionId) await assertSubscriptionUnpaid(app, payment.subscriptionId);

    const outcome = sandboxCardOutcome(input.card.number.replace(/[\s-]/g, ''));
    const metadata: Record<string, string> = { userId: String(user.id) };
    if (payment.subscriptionId) metadata.subscriptionId = payment.subscriptionId;
    const intent = {
      id: payment.id,
      amountCents: payment.amountCents,
      metadata,
      ...(outcome.ok ? {} : { errorMessage: outcome.message }),
    };
    const delivery = provider.signedEvent(
      outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      intent,
    );
    await applyPaymentEvent(
      app.db,
      readSignedEvent(provider.webhookSecret, delivery.body, delivery.signature),
    );
    if (!outcome.ok) {
      throw new AppError(CARD_ERROR_CODE, outcome.message, { [outcome.field]: outcome.message });
    }
    return { status: 'succeeded', paymentIntentId: payment.id };
  });
}

/**
 * A plan's payment: with Stripe, a Stripe Subscription whose first invoice's intent is paid (so
 * Stripe renews it); otherwise one PaymentIntent.
 */
async function startPayment(
  app: FastifyInstance,
  user: UserRow,
  request: {
    amountCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
    subscriptionId?: string;
  },
) {
  const provider = app.payments;
  if (!request.subscriptionId || !provider.startSubscription) {
    return provider.createPaymentIntent({ ...request, currency: 'usd' });
  }
  const [row] = await app.db
    .select({ plan: pricingPlans })
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
    .where(eq(subscriptions.id, request.subscriptionId));
  if (!row) throw notFound('Subscription');
  const started = await provider.startSubscription({
    customer: {
      id: user.stripeCustomerId,
      email: user.email,
      name: user.displayName ?? user.username,
      userId: user.id,
    },
    plan: {
      id: row.plan.id,
      name: row.plan.name,
      priceCents: row.plan.priceCents,
      period: row.plan.billingPeriod,
    },
    subscriptionId: request.subscriptionId,
    idempotencyKey: request.idempotencyKey,
  });
  await app.db.update(users).set({ stripeCustomerId: started.customerId }).where(eq(users.id, user.id));
  await app.db
    .update(subscriptions)
    .set({ stripeSubscriptionId: started.providerSubscriptionId, updatedAt: new Date() })
    .where(eq(subscriptions.id, request.subscriptionId));
  return started.intent;
}

const alreadyPaid = () => new AppError('ALREADY_PAID', 'This subscription is already paid for.');

async function assertSubscriptionUnpaid(app: FastifyInstance, subscriptionId: string): Promise<void> {
  const [subscription] = await app.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (subscription?.status === 'active') throw alreadyPaid();
}

async function findOwnPayment(app: FastifyInstance, userId: number, input: ConfirmSandboxPaymentInput) {
  const id = intentIdFromClientSecret(input.clientSecret);
  const [payment] = id
    ? await app.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)))
    : [];
  if (!payment || payment.clientSecretHash !== sha256(input.clientSecret)) throw notFound('Payment');
  return payment;
}

/** POST /api/payments/webhook: signed events from the provider (Stripe-Signature), raw body verified. */
export async function webhookRoutes(app: FastifyInstance) {
  // The signature covers the exact bytes, so this route keeps the body as a string.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post('/', async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['stripe-signature'];
    const event = readSignedEvent(
      app.payments.webhookSecret,
      raw,
      Array.isArray(header) ? header[0] : header,
    );
    const outcome = await applyPaymentEvent(app.db, event);
    return { received: true, outcome };
  });
}
