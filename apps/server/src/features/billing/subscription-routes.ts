import { randomBytes } from 'node:crypto';
import { createSubscriptionSchema, type SubscriptionDetail } from '@tonemark/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pricingPlans, subscriptions, users } from '../../db/schema.ts';
import { AppError, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { accountPlan, hasPaidPlan } from './plan-limits.ts';
import { findPlan, toPricingPlan } from './pricing-repository.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  /** Starts a subscription for the signed-in user; it becomes active when its payment succeeds. */
  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createSubscriptionSchema, request.body);
    const plan = await findPlan(app.db, input.planId);
    if (!plan?.active) {
      throw new AppError('VALIDATION', 'planId: Unknown plan', { planId: 'Unknown plan' });
    }
    const id = `sub_${randomBytes(12).toString('hex')}`;
    await app.db.insert(subscriptions).values({
      id,
      userId: user.id,
      planId: plan.id,
      contactEmail: input.email,
      contactName: input.name,
      metadata: input.metadata,
    });
    return reply.status(201).send({ subscriptionId: id });
  });

  /** The account's plan, status, period end, trigger allowance and storage. */
  app.get('/current', async (request) => accountPlan(app.db, requireUser(request)));

  /** Cancel at period end: the plan keeps its limits until currentPeriodEnd, then Free applies. */
  app.post('/current/cancel', async (request) => {
    const user = requireUser(request);
    await setCancelAtPeriodEnd(app, user.id, true);
    return accountPlan(app.db, user);
  });

  /** Undo a cancellation before the period ends. */
  app.post('/current/resume', async (request) => {
    const user = requireUser(request);
    await setCancelAtPeriodEnd(app, user.id, false);
    return accountPlan(app.db, user);
  });

  /** One of the account's own subscriptions with its plan: what checkout is paying for. */
  app.get('/:id', async (request): Promise<SubscriptionDetail> => {
    const user = requireUser(request);
    const { id } = parseInput(subscriptionIdParams, request.params);
    const [row] = await app.db
      .select({ subscription: subscriptions, plan: pricingPlans })
      .from(subscriptions)
      .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, user.id)));
    if (!row) throw notFound('Subscription');
    return { id: row.subscription.id, status: row.subscription.status, plan: toPricingPlan(row.plan) };
  });
}

const subscriptionIdParams = z.object({ id: z.string().min(1).max(64) });

async function setCancelAtPeriodEnd(app: FastifyInstance, userId: number, cancel: boolean): Promise<void> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  const [current] =
    user && hasPaidPlan(user)
      ? await app.db
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
      : [];
  if (!current) throw new AppError('NO_SUBSCRIPTION', 'There is no paid plan in force to change.');
  // Stripe mode: Stripe's own subscription is changed first, so Stripe stops (or resumes) renewing
  // it; its customer.subscription.updated event then says the same thing again.
  if (current.stripeSubscriptionId && app.payments.setCancelAtPeriodEnd) {
    await app.payments.setCancelAtPeriodEnd(current.stripeSubscriptionId, cancel);
  }
  await app.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? new Date() : null, updatedAt: new Date() })
    .where(eq(subscriptions.id, current.id));
}
