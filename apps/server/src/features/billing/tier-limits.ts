import { type AccountTier, FREE_PLAN, gigabytes, PLAN_TIERS, type PlanTier } from '@tonemark/shared';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { findTierPlan } from './pricing-repository.ts';

export interface TierLimits {
  tier: AccountTier;
  name: string;
  /** null: unlimited. */
  triggerLimit: number | null;
  storageLimitBytes: number;
}

/** A paid plan counts while it is active and its period has not ended (a cancelled one included). */
export function hasPaidPlan(user: UserRow, now = new Date()): boolean {
  return (
    user.subscriptionStatus === 'active' &&
    (PLAN_TIERS as readonly string[]).includes(user.subscriptionPlan ?? '') &&
    (user.currentPeriodEnd === null || user.currentPeriodEnd > now)
  );
}

const FREE_LIMITS: TierLimits = {
  tier: FREE_PLAN.tier,
  name: FREE_PLAN.name,
  triggerLimit: FREE_PLAN.triggerLimit,
  storageLimitBytes: FREE_PLAN.storageLimitBytes,
};

/** The limits an account has now: its paid tier's (from the plan rows), else Free's. */
export async function tierLimits(db: Db, user: UserRow): Promise<TierLimits> {
  if (!hasPaidPlan(user)) return FREE_LIMITS;
  const tier = user.subscriptionPlan as PlanTier;
  const plan = await findTierPlan(db, tier);
  if (!plan) return FREE_LIMITS;
  return {
    tier,
    name: plan.name,
    triggerLimit: plan.triggerLimit,
    storageLimitBytes: gigabytes(plan.storageLimitGb),
  };
}
