import type { AccountPlan, PricingPlan } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { describePlanChange } from './plan-change';

const plan = (
  tier: PricingPlan['tier'],
  name: string,
  triggerLimit: number | null,
  storageLimit: number,
): PricingPlan => ({
  id: `${tier}-monthly`,
  tier,
  name,
  description: '',
  price: 49,
  billingPeriod: 'monthly',
  features: [],
  triggerLimit,
  storageLimit,
  recommended: false,
  contactSales: false,
});

const free: AccountPlan = {
  tier: 'free',
  planName: 'Free',
  status: 'free',
  billingPeriod: null,
  currentPeriodEnd: null,
  triggerLimit: 2,
  activeTriggers: 1,
  isDefault: true,
  unlimitedAsAdmin: false,
  subscriptionId: null,
  cancelAtPeriodEnd: false,
  storage: { usedBytes: 0, limitBytes: 500 * 1024 * 1024 },
};

describe('describePlanChange', () => {
  it('explains an upgrade from Free by its limits', () => {
    const change = describePlanChange(free, plan('pro', 'Pro', 25, 50));
    expect(change).toEqual({
      kind: 'upgrade',
      title: 'Upgrade from Free to Pro',
      limits: ['Active triggers: 2 → 25', 'Storage: 500 MB → 50 GB'],
      warnings: [],
    });
  });

  it('warns a downgrade about triggers and files over the new limits, and the old plan ending', () => {
    const pro: AccountPlan = {
      ...free,
      tier: 'pro',
      planName: 'Pro',
      status: 'active',
      triggerLimit: 25,
      activeTriggers: 8,
      isDefault: false,
      storage: { usedBytes: 7 * 1024 ** 3, limitBytes: 50 * 1024 ** 3 },
    };
    const change = describePlanChange(pro, plan('starter', 'Starter', 5, 5));
    expect(change.kind).toBe('downgrade');
    expect(change.limits).toEqual(['Active triggers: 25 → 5', 'Storage: 50 GB → 5 GB']);
    expect(change.warnings[0]).toContain('You have 8 active triggers and Starter allows 5');
    expect(change.warnings[1]).toContain('You store 7 GB and Starter allows 5 GB');
    expect(change.warnings[2]).toContain('replaces your Pro plan at once');
  });

  it('names a change of billing period on the same tier', () => {
    const starter: AccountPlan = {
      ...free,
      tier: 'starter',
      planName: 'Starter',
      isDefault: false,
      triggerLimit: 5,
    };
    const yearly = { ...plan('starter', 'Starter', 5, 5), billingPeriod: 'yearly' as const };
    expect(describePlanChange(starter, yearly).title).toBe('Switch Starter to yearly billing');
  });
});
