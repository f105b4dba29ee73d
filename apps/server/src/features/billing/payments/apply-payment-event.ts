import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentEvents, payments, pricingPlans, subscriptions, users } from '../../../db/schema.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { applySubscriptionEvent, SUBSCRIPTION_EVENT_TYPES } from './apply-subscription-event.ts';
import { verifySignature } from './event-signature.ts';
import { type PaymentEvent, paymentEventSchema } from './payment-event.ts';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The end of a period that starts now: one calendar month or year later. */
export function periodEnd(start: Date, period: string): Date {
  const end = new Date(start);
  if (period === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Verifies and parses a signed delivery; a bad signature or body is a 400 and changes nothing. */
export function readSignedEvent(secret: string, rawBody: string, header: string | undefined): PaymentEvent {
  const check = verifySignature(secret, rawBody, header);
  if (!check.ok) throw new AppError('BAD_SIGNATURE', check.reason);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('VALIDATION', 'Event body is not valid JSON');
  }
  const parsed = paymentEventSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION', 'Event body is not a payment event');
  return parsed.data;
}

/**
 * Applies one verified event, at most once: the event id is recorded in the same transaction, and
 * a payment that already succeeded is never applied again (a second event for the same intent).
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<EventOutcome> {
  const intent = event.data.object;
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, paymentIntentId: intent.id })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate';
    if ((SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(event.type)) {
      return applySubscriptionEvent(tx, event);
    }

    const [payment] = await tx.select().from(payments).where(eq(payments.id, intent.id)).for('update');
    // Intents made elsewhere on the same Stripe account are not ours to act on.
    if (!payment) return 'ignored';
    if (payment.status === 'succeeded') return 'duplicate';
    const now = new Date();

    if (event.type === 'payment_intent.payment_failed') {
      await tx
        .update(payments)
        .set({
          status: 'requires_payment_method',
          lastError: intent.last_payment_error?.message ?? null,
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      return 'applied';
    }
    if (event.type !== 'payment_intent.succeeded') return 'ignored';
    if (intent.amount !== undefined && intent.amount !== payment.amountCents) {
      throw new AppError('VALIDATION', 'Event amount does not match the payment');
    }

    await tx
      .update(payments)
      .set({ status: 'succeeded', lastError: null, updatedAt: now })
      .where(eq(payments.id, payment.id));
    if (!payment.subscriptionId) return 'applied';

    const [subscription] = await tx
      .select({
        id: subscriptions.id,
        status: subscriptions.status,
        tier: pricingPlans.tier,
        period: pricingPlans.billingPeriod,
      })
      .from(subscriptions)
      .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
      .where(eq(subscriptions.id, payment.subscriptionId))
      .for('update', { of: subscriptions });
    if (!subscription) return 'applied';
    // Another intent already paid for this subscription (two checkouts open at once): this payment
    // is recorded, but the plan and its period stay as the first payment set them.
    if (subscription.status === 'active') return 'duplicate';
    const end = periodEnd(now, subscription.period);
    // The new plan replaces whatever the account had before.
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: now })
      .where(
        and(
          eq(subscriptions.userId, payment.userId),
          eq(subscriptions.status, 'active'),
          ne(subscriptions.id, subscription.id),
        ),
      );
    await tx
      .update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: end, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    await tx
      .update(users)
      .set({ subscriptionPlan: subscription.tier, subscriptionStatus: 'active', currentPeriodEnd: end })
      .where(eq(users.id, payment.userId));
    return 'applied';
  });
}
