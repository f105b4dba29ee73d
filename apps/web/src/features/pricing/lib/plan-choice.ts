import type { AccountPlan, PricingPlan } from '@tonemark/shared';

export interface PlanChoiceState {
  label: string;
  disabled: boolean;
}

/**
 * The label and state of a plan's button on /pricing: 'Selected' once chosen (SPEC §4), 'Current
 * plan' for the plan the account already pays for, so nobody buys the same plan twice by mistake.
 * While the visitor or their plan is still loading (`planLoading`) no button can be chosen: a choice
 * then would skip saying what the plan changes, or offer the plan already paid for.
 */
export function planChoiceState(
  plan: PricingPlan,
  state: {
    selectedPlanId: string | null;
    pendingPlanId: string | null;
    account: AccountPlan | undefined;
    planLoading: boolean;
  },
): PlanChoiceState {
  const { selectedPlanId, pendingPlanId, account, planLoading } = state;
  if (selectedPlanId === plan.id) return { label: 'Selected', disabled: true };
  const busy = pendingPlanId !== null || selectedPlanId !== null;
  if (pendingPlanId === plan.id) return { label: 'Creating subscription…', disabled: true };
  const current =
    account !== undefined &&
    !account.isDefault &&
    account.status === 'active' &&
    account.tier === plan.tier &&
    account.billingPeriod === plan.billingPeriod;
  if (current) return { label: 'Current plan', disabled: true };
  return { label: `Choose ${plan.name}`, disabled: busy || planLoading };
}
