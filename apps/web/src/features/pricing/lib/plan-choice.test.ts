import type { AccountPlan, PricingPlan } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { planChoiceState } from './plan-choice';

const pro: PricingPlan = {
  id: 'pro-monthly',
  tier: 'pro',
  name: 'Pro',
  description: 'For growing brands and agencies',
  price: 199,
  billingPeriod: 'monthly',
  features: [],
  triggerLimit: 25,
  storageLimit: 50,
  recommended: true,
  contactSales: false,
};

const account: AccountPlan = {
  tier: 'pro',
  planName: 'Pro',
  status: 'active',
  billingPeriod: 'monthly',
  currentPeriodEnd: '2026-12-23T00:00:00.000Z',
  triggerLimit: 25,
  activeTriggers: 0,
  isDefault: false,
  unlimitedAsAdmin: false,
  subscriptionId: 'sub_1',
  cancelAtPeriodEnd: false,
  storage: { usedBytes: 0, limitBytes: 50 * 1024 ** 3 },
};

const idle = { selectedPlanId: null, pendingPlanId: null, account: undefined, planLoading: false };

describe('plan choice button', () => {
  it('offers each plan to a visitor or an account without a subscription', () => {
    expect(planChoiceState(pro, idle)).toEqual({ label: 'Choose Pro', disabled: false });
    expect(
      planChoiceState(pro, {
        ...idle,
        account: { ...account, tier: 'starter', isDefault: true, status: 'inactive' },
      }),
    ).toEqual({ label: 'Choose Pro', disabled: false });
  });

  it('shows Selected, disabled, for the chosen plan and disables the others meanwhile', () => {
    expect(planChoiceState(pro, { ...idle, selectedPlanId: 'pro-monthly' })).toEqual({
      label: 'Selected',
      disabled: true,
    });
    expect(planChoiceState(pro, { ...idle, selectedPlanId: 'starter-monthly' })).toEqual({
      label: 'Choose Pro',
      disabled: true,
    });
    expect(planChoiceState(pro, { ...idle, pendingPlanId: 'pro-monthly' }).label).toBe(
      'Creating subscription…',
    );
  });

  it('marks the plan already paid for as the current one, but not the other period', () => {
    expect(planChoiceState(pro, { ...idle, account })).toEqual({ label: 'Current plan', disabled: true });
    expect(
      planChoiceState({ ...pro, id: 'pro-yearly', billingPeriod: 'yearly' }, { ...idle, account }),
    ).toEqual({
      label: 'Choose Pro',
      disabled: false,
    });
  });

  it('waits, disabled, until the visitor and their plan are known', () => {
    expect(planChoiceState(pro, { ...idle, planLoading: true })).toEqual({
      label: 'Choose Pro',
      disabled: true,
    });
  });
});
