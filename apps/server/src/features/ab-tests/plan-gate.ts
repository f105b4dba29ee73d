import type { ErrorCode, PlanTier } from '@tonemark/shared';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { paidTier } from '../billing/tier-limits.ts';

/** The plans that include A/B testing: Pro names it (SPEC §9), Enterprise has everything Pro has. */
export const AB_TEST_TIERS: readonly PlanTier[] = ['pro', 'enterprise'];
export const AB_TEST_PLAN_CODE = 'PLAN_REQUIRED' satisfies ErrorCode;

export function includesAbTesting(user: UserRow): boolean {
  if (user.role === 'admin') return true;
  const tier = paidTier(user);
  return tier !== null && AB_TEST_TIERS.includes(tier);
}

/** Creating and starting tests needs a plan with A/B testing; results stay readable after a downgrade. */
export function assertAbTestingPlan(user: UserRow): void {
  if (!includesAbTesting(user))
    throw new AppError(
      AB_TEST_PLAN_CODE,
      'A/B testing is part of the Pro and Enterprise plans: upgrade on the Pricing page to create and run tests.',
    );
}
