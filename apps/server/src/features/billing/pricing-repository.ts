import type { PlanTier, PricingPlan } from '@tonemark/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PricingPlanRow, pricingPlans } from '../../db/schema.ts';

export function toPricingPlan(row: PricingPlanRow): PricingPlan {
  return {
    id: row.id,
    tier: row.tier,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    billingPeriod: row.billingPeriod,
    features: row.features,
    triggerLimit: row.triggerLimit,
    storageLimit: row.storageLimitGb,
    recommended: row.recommended,
    contactSales: row.contactSales,
  };
}

export async function listActivePlans(db: Db): Promise<PricingPlanRow[]> {
  return db
    .select()
    .from(pricingPlans)
    .where(eq(pricingPlans.active, true))
    .orderBy(asc(pricingPlans.sortOrder), asc(pricingPlans.id));
}

export async function findPlan(db: Db, id: string): Promise<PricingPlanRow | undefined> {
  const [row] = await db.select().from(pricingPlans).where(eq(pricingPlans.id, id)).limit(1);
  return row;
}

/** The limits of a tier come from its monthly row: both periods of a tier allow the same. */
export async function findTierPlan(db: Db, tier: PlanTier): Promise<PricingPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(pricingPlans)
    .where(and(eq(pricingPlans.tier, tier), eq(pricingPlans.billingPeriod, 'monthly')))
    .limit(1);
  return row;
}
