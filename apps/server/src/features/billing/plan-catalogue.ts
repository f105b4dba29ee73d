import { type BillingPeriod, type PlanTier, yearlyPriceCents } from '@tonemark/shared';
import type { Db } from '../../db/client.ts';
import { pricingPlans } from '../../db/schema.ts';

interface TierDefinition {
  tier: PlanTier;
  name: string;
  description: string;
  monthlyCents: number;
  features: string[];
  triggerLimit: number | null;
  storageLimitGb: number;
  recommended: boolean;
  contactSales: boolean;
}

// SPEC §9 landing tiers. The first tier is unnamed there; 'Starter' is our name for it. Storage is
// not given by the SPEC: the sizes below are ours (docs/decisions/commerce-pricing.md).
export const TIERS: readonly TierDefinition[] = [
  {
    tier: 'starter',
    name: 'Starter',
    description: 'For individual creators',
    monthlyCents: 49_00,
    features: [
      'Up to 5 active triggers',
      '25,000 activations/month',
      'Basic analytics',
      '1 team member',
      'Standard support',
    ],
    triggerLimit: 5,
    storageLimitGb: 5,
    recommended: false,
    contactSales: false,
  },
  {
    tier: 'pro',
    name: 'Pro',
    description: 'For growing brands and agencies',
    monthlyCents: 199_00,
    features: [
      'Up to 25 active triggers',
      '150,000 activations/month',
      'Advanced analytics',
      '5 team members',
      'Priority support',
      'A/B testing',
    ],
    triggerLimit: 25,
    storageLimitGb: 50,
    recommended: true,
    contactSales: false,
  },
  {
    tier: 'enterprise',
    name: 'Enterprise',
    description: 'For large media companies',
    monthlyCents: 799_00,
    features: [
      'Unlimited triggers',
      'Unlimited activations',
      'Unlimited team members',
      'Full analytics suite',
      'Dedicated account manager',
      'API access',
    ],
    triggerLimit: null,
    storageLimitGb: 500,
    recommended: false,
    contactSales: true,
  },
];

export function planId(tier: PlanTier, period: BillingPeriod): string {
  return `${tier}-${period}`;
}

/**
 * Inserts the catalogue rows that are missing. Existing rows are left alone so prices changed in
 * the database survive restarts; ON CONFLICT makes concurrent starts of several instances safe.
 */
export async function seedPricingPlans(db: Db): Promise<void> {
  const rows = TIERS.flatMap((t, index) =>
    (['monthly', 'yearly'] as const).map((period) => ({
      id: planId(t.tier, period),
      tier: t.tier,
      name: t.name,
      description: t.description,
      priceCents: period === 'monthly' ? t.monthlyCents : yearlyPriceCents(t.monthlyCents),
      billingPeriod: period,
      features: t.features,
      triggerLimit: t.triggerLimit,
      storageLimitGb: t.storageLimitGb,
      recommended: t.recommended,
      contactSales: t.contactSales,
      sortOrder: index,
    })),
  );
  await db.insert(pricingPlans).values(rows).onConflictDoNothing({ target: pricingPlans.id });
}
