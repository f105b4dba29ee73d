import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payments, pricingPlans, subscriptions, users } from '../../../db/schema.ts';
import type { EventOutcome, PaymentEvent } from './payment-event.ts';

/** Stripe's subscription events (Stripe mode only): renewals, cancellation changes, the end. */
export const SUBSCRIPTION_EVENT_TYPES = [
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const seconds = (value: unknown) => (typeof value === 'number' ? new Date(value * 1000) : null);

async function findByStripeId(tx: Db, stripeSubscriptionId: string | null) {
  if (!stripeSubscriptionId) return undefined;
  const [row] = await tx
    .select({ subscription: subscriptions, tier: pricingPlans.tier })
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for('update', { of: subscriptions });
  return row;
}

/**
 * Applies one of Stripe's subscription events, inside the transaction that recorded its id:
 * - invoice.paid for a renewal (billing_reason subscription_cycle) records the payment, so it has
 *   a receipt, and moves the plan's period end to the end of the period Stripe billed;
 * - customer.subscription.updated mirrors cancel_at_period_end (changed in Stripe's dashboard too);
 * - customer.subscription.deleted ends the plan.
 * The first invoice's payment arrives as payment_intent.succeeded and goes through the same path
 * as the sandbox's.
 */
export async function applySubscriptionEvent(tx: Db, event: PaymentEvent): Promise<EventOutcome> {
  const object = event.data.object as Record<string, unknown>;
  const now = new Date();

  if (event.type === 'invoice.paid') {
    if (object.billing_reason !== 'subscription_cycle') return 'ignored';
    const row = await findByStripeId(tx, text(object.subscription));
    if (!row) return 'ignored';
    const lines = (object.lines as { data?: { period?: { end?: unknown } }[] } | undefined)?.data ?? [];
    const end = seconds(lines[0]?.period?.end);
    const amount = typeof object.amount_paid === 'number' ? object.amount_paid : 0;
    const paymentId = text(object.payment_intent) ?? text(object.id) ?? event.id;
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        provider: 'stripe',
        userId: row.subscription.userId,
        subscriptionId: row.subscription.id,
        amountCents: amount,
        currency: text(object.currency) ?? 'usd',
        status: 'succeeded',
        // Renewals are charged by Stripe off-session: there is no client secret to check.
        clientSecretHash: createHash('sha256').update(`renewal:${paymentId}`).digest('hex'),
      })
      .onConflictDoNothing({ target: payments.id });
    if (end) {
      await tx
        .update(subscriptions)
        .set({ status: 'active', currentPeriodEnd: end, updatedAt: now })
        .where(eq(subscriptions.id, row.subscription.id));
      await tx
        .update(users)
        .set({ subscriptionPlan: row.tier, subscriptionStatus: 'active', currentPeriodEnd: end })
        .where(eq(users.id, row.subscription.userId));
    }
    return 'applied';
  }

  const row = await findByStripeId(tx, text(object.id));
  if (!row) return 'ignored';

  if (event.type === 'customer.subscription.updated') {
    const cancel = object.cancel_at_period_end === true;
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? now : null, updatedAt: now })
      .where(eq(subscriptions.id, row.subscription.id));
    return 'applied';
  }

  if (event.type === 'customer.subscription.deleted') {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: now })
      .where(eq(subscriptions.id, row.subscription.id));
    // The account leaves the plan only if this subscription is the one in force.
    await tx
      .update(users)
      .set({ subscriptionStatus: 'canceled', currentPeriodEnd: now })
      .where(
        and(
          eq(users.id, row.subscription.userId),
          eq(users.subscriptionPlan, row.tier),
          eq(users.subscriptionStatus, 'active'),
        ),
      );
    return 'applied';
  }
  return 'ignored';
}
