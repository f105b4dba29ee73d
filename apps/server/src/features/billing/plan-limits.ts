import { type AccountPlan, PLAN_LIMIT_CODE, planLimitMessage } from '@tonemark/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pricingPlans, soundTriggers, subscriptions, type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { asTier, findTierPlan } from './pricing-repository.ts';

/** A paid plan counts while it is active and its period has not ended. */
export function hasPaidPlan(user: UserRow, now = new Date()): boolean {
  return (
    user.subscriptionStatus === 'active' &&
    Boolean(user.subscriptionPlan) &&
    (user.currentPeriodEnd === null || user.currentPeriodEnd > now)
  );
}

export async function countActiveTriggers(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(soundTriggers)
    .where(and(eq(soundTriggers.creatorId, userId), eq(soundTriggers.status, 'active')));
  return row?.n ?? 0;
}

/** What the account has: its paid tier, or the first tier's limits when nothing is paid for. */
export async function accountPlan(db: Db, user: UserRow): Promise<AccountPlan> {
  const paid = hasPaidPlan(user);
  const tier = asTier(paid ? user.subscriptionPlan : null);
  const plan = await findTierPlan(db, tier);
  const admin = user.role === 'admin';
  const [current] = paid
    ? await db
        .select({ period: pricingPlans.billingPeriod })
        .from(subscriptions)
        .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')))
        .orderBy(desc(subscriptions.updatedAt))
        .limit(1)
    : [];
  return {
    tier,
    planName: plan?.name ?? tier,
    status: user.subscriptionStatus,
    billingPeriod: current ? (current.period === 'yearly' ? 'yearly' : 'monthly') : null,
    currentPeriodEnd: paid ? (user.currentPeriodEnd?.toISOString() ?? null) : null,
    triggerLimit: admin ? null : (plan?.triggerLimit ?? null),
    activeTriggers: await countActiveTriggers(db, user.id),
    isDefault: !paid,
    unlimitedAsAdmin: admin,
  };
}

/**
 * Refuses one active trigger too many for `owner`'s plan. Runs inside the write's transaction and
 * locks the owner's row first, so two concurrent activations cannot both take the last slot.
 */
export async function assertCanActivateTrigger(tx: Db, actor: UserRow, ownerId: number): Promise<void> {
  if (actor.role === 'admin') return;
  const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).for('update');
  if (!owner || owner.role === 'admin') return;
  const tier = asTier(hasPaidPlan(owner) ? owner.subscriptionPlan : null);
  const plan = await findTierPlan(tx, tier);
  if (!plan || plan.triggerLimit === null) return;
  if ((await countActiveTriggers(tx, ownerId)) + 1 > plan.triggerLimit) {
    throw new AppError(403, PLAN_LIMIT_CODE, planLimitMessage(plan.name, plan.triggerLimit), {
      status: planLimitMessage(plan.name, plan.triggerLimit),
    });
  }
}
