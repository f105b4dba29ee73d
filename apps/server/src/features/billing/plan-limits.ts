import { type AccountPlan, PLAN_LIMIT_CODE, planLimitMessage, teamPlanLimitMessage } from '@tonemark/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pricingPlans, soundTriggers, subscriptions, type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { heldBy } from './plan-holder.ts';
import { storageQuota } from './storage-quota.ts';
import { hasPaidPlan, tierLimits } from './tier-limits.ts';

export { hasPaidPlan } from './tier-limits.ts';

/** Active triggers on the user's plan: their own, and every trigger of the teams they own (issue 13). */
export async function countActiveTriggers(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(soundTriggers)
    .where(
      and(heldBy(userId, soundTriggers.creatorId, soundTriggers.teamId), eq(soundTriggers.status, 'active')),
    );
  return row?.n ?? 0;
}

/** What the account has: its paid tier, or Free when nothing is paid for. */
export async function accountPlan(db: Db, user: UserRow): Promise<AccountPlan> {
  const paid = hasPaidPlan(user);
  const limits = await tierLimits(db, user);
  const admin = user.role === 'admin';
  const [current] = paid
    ? await db
        .select({
          id: subscriptions.id,
          period: pricingPlans.billingPeriod,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        })
        .from(subscriptions)
        .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')))
        .orderBy(desc(subscriptions.updatedAt))
        .limit(1)
    : [];
  return {
    tier: limits.tier,
    planName: limits.name,
    status: paid ? user.subscriptionStatus : 'free',
    billingPeriod: current?.period ?? null,
    currentPeriodEnd: paid ? (user.currentPeriodEnd?.toISOString() ?? null) : null,
    triggerLimit: admin ? null : limits.triggerLimit,
    activeTriggers: await countActiveTriggers(db, user.id),
    isDefault: !paid,
    unlimitedAsAdmin: admin,
    subscriptionId: current?.id ?? null,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    storage: await storageQuota(db, user),
  };
}

/**
 * Refuses `adding` active triggers (one, or a moved campaign's) too many for `ownerId`'s plan (the plan holder: planHolderId()). Runs inside the write's transaction and
 * locks the owner's row first, so two concurrent activations cannot both take the last slot.
 */
export async function assertCanActivateTrigger(
  tx: Db,
  actor: UserRow,
  ownerId: number,
  adding = 1,
): Promise<void> {
  if (actor.role === 'admin') return;
  const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).for('update');
  if (!owner || owner.role === 'admin') return;
  const limits = await tierLimits(tx, owner);
  if (limits.triggerLimit === null) return;
  if ((await countActiveTriggers(tx, ownerId)) + adding > limits.triggerLimit) {
    const message =
      ownerId === actor.id
        ? planLimitMessage(limits.name, limits.triggerLimit)
        : teamPlanLimitMessage(limits.name, limits.triggerLimit);
    throw new AppError(PLAN_LIMIT_CODE, message, { status: message });
  }
}
