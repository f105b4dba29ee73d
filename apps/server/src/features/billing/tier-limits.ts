import { type AccountTier, FREE_PLAN, gigabytes, type PlanTier } from '@tonemark/shared';
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

/** The paid tier that counts now: active, its period not ended (a cancelled one included); else null. */
export function paidTier(user: UserRow, now = new Date()): PlanTier | null {
  const counts =
    user.subscriptionStatus === 'active' && (user.currentPeriodEnd === null || user.currentPeriodEnd > now);
  return counts ? user.subscriptionPlan : null;
}

export function hasPaidPlan(user: UserRow, now = new Date()): boolean {
  return paidTier(user, now) !== null;
}

const FREE_LIMITS: TierLimits = {
  tier: FREE_PLAN.tier,
  name: FREE_PLAN.name,
  triggerLimit: FREE_PLAN.triggerLimit,
  storageLimitBytes: FREE_PLAN.storageLimitBytes,
};

/** The limits an account has now: its paid tier's (from the plan rows), else Free's. */
export async function tierLimits(db: Db, user: UserRow): Promise<TierLimits> {
  const tier = paidTier(user);
  if (tier === null) return FREE_LIMITS;
  const plan = await findTierPlan(db, tier);
  if (!plan) return FREE_LIMITS;
  return {
    tier,
    name: plan.name,
    triggerLimit: plan.triggerLimit,
    storageLimitBytes: gigabytes(plan.storageLimitGb),
  };
}
