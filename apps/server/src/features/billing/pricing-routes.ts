import type { PricingResponse } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { listActivePlans, toPricingPlan } from './pricing-repository.ts';

export async function pricingRoutes(app: FastifyInstance) {
  // Public: the landing and pricing pages show it to visitors.
  app.get('/', async (): Promise<PricingResponse> => {
    const plans = (await listActivePlans(app.db)).map(toPricingPlan);
    return {
      monthly: plans.filter((p) => p.billingPeriod === 'monthly'),
      yearly: plans.filter((p) => p.billingPeriod === 'yearly'),
    };
  });
}
