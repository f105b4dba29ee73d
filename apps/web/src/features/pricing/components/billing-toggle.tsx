import type { BillingPeriod } from '@tonemark/shared';
import { cn } from '@/lib/cn';
import { PRICING_TEXTS } from '../lib/pricing-texts';

/** Monthly/yearly switch with the 'Save 20%' badge (SPEC §2.17). */
export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
}) {
  const option = (period: BillingPeriod, label: string) => (
    <button
      type="button"
      aria-pressed={value === period}
      onClick={() => onChange(period)}
      data-testid={`billing-${period}`}
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors',
        value === period ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
      {period === 'yearly' ? (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-700">
          {PRICING_TEXTS.saveBadge}
        </span>
      ) : null}
    </button>
  );
  return (
    <fieldset aria-label="Billing period" className="inline-flex rounded-full bg-slate-100 p-1">
      {option('monthly', 'Monthly')}
      {option('yearly', 'Yearly')}
    </fieldset>
  );
}
