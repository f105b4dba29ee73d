import { type AccountPlan, type AccountTier, gigabytes, type PricingPlan } from '@tonemark/shared';
import { formatBytes } from '@/lib/format-number';

const ORDER: Record<AccountTier, number> = { free: 0, starter: 1, pro: 2, enterprise: 3 };

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'period';

export interface PlanChange {
  kind: PlanChangeKind;
  title: string;
  /** 'Active triggers: 2 → 25' and the like. */
  limits: string[];
  /** What the person must know before paying: over-limit triggers or files, the old plan ending. */
  warnings: string[];
}

const triggers = (limit: number | null) => (limit === null ? 'unlimited' : String(limit));

/** What choosing `next` does to the account's limits, said before it is confirmed (issue 14). */
export function describePlanChange(account: AccountPlan, next: PricingPlan): PlanChange {
  const kind: PlanChangeKind =
    ORDER[next.tier] > ORDER[account.tier]
      ? 'upgrade'
      : ORDER[next.tier] < ORDER[account.tier]
        ? 'downgrade'
        : 'period';
  const period = next.billingPeriod === 'yearly' ? 'yearly' : 'monthly';
  const title =
    kind === 'period'
      ? `Switch ${account.planName} to ${period} billing`
      : `${kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} from ${account.planName} to ${next.name}`;
  const nextStorage = gigabytes(next.storageLimit);
  const limits = [
    `Active triggers: ${triggers(account.triggerLimit)} → ${triggers(next.triggerLimit)}`,
    `Storage: ${account.storage.limitBytes === null ? 'unlimited' : formatBytes(account.storage.limitBytes)} → ${formatBytes(nextStorage)}`,
  ];
  const warnings: string[] = [];
  if (!account.unlimitedAsAdmin && next.triggerLimit !== null && account.activeTriggers > next.triggerLimit) {
    warnings.push(
      `You have ${account.activeTriggers} active triggers and ${next.name} allows ${next.triggerLimit}. They stay active, but no other trigger can be switched on until fewer than ${next.triggerLimit} are.`,
    );
  }
  if (account.storage.limitBytes !== null && account.storage.usedBytes > nextStorage) {
    warnings.push(
      `You store ${formatBytes(account.storage.usedBytes)} and ${next.name} allows ${formatBytes(nextStorage)}. Your files stay, but uploads are refused until you are under it.`,
    );
  }
  if (!account.isDefault) {
    warnings.push(
      `${next.name} starts as soon as its payment succeeds and replaces your ${account.planName} plan at once; the unused part of the current period is not refunded.`,
    );
  }
  return { kind, title, limits, warnings };
}
