import { randomBytes } from 'node:crypto';
import { createSubscriptionSchema } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { subscriptions } from '../../db/schema.ts';
import { AppError, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { accountPlan } from './plan-limits.ts';
import { findPlan } from './pricing-repository.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  /** Starts a subscription for the signed-in user; it becomes active when its payment succeeds. */
  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createSubscriptionSchema, request.body);
    const plan = await findPlan(app.db, input.planId);
    if (!plan?.active) {
      throw new AppError(400, 'VALIDATION', 'planId: Unknown plan', { planId: 'Unknown plan' });
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

  /** The account's plan, status, renewal date and trigger allowance. */
  app.get('/current', async (request) => accountPlan(app.db, requireUser(request)));
}
