import type { BillingPeriod } from '@tonemark/shared';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** $199 for whole dollars, $1,910.40 otherwise. */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? wholeUsd.format(price) : usd.format(price);
}

/** Always two decimals, for amounts to pay. */
export function formatAmount(amount: number): string {
  return usd.format(amount);
}

/** SPEC §9: per-month or per-year suffixes. */
export function periodSuffix(period: BillingPeriod): string {
  return period === 'yearly' ? '/year' : '/month';
}

export function triggerLimitLabel(limit: number | null): string {
  return limit === null ? 'Unlimited triggers per month' : `${limit} triggers per month`;
}
