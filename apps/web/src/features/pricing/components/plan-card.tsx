import type { PricingPlan } from '@tonemark/shared';
import { Check, Database, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatPrice, periodSuffix, triggerLimitLabel } from '../lib/format-price';

/** One plan as the server describes it; the action (choose, contact) comes from the page. */
export function PlanCard({
  plan,
  action,
  highlighted,
}: {
  plan: PricingPlan;
  action: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <Card
      data-testid={`plan-${plan.tier}`}
      className={cn(
        'relative flex flex-col p-6',
        plan.recommended && 'border-indigo-500 shadow-lg shadow-indigo-100 ring-1 ring-indigo-500',
        highlighted && 'ring-2 ring-emerald-500',
      )}
    >
      {plan.recommended ? (
        <Badge
          tone="indigo"
          className="absolute -top-3 left-1/2 -translate-x-1/2 bg-indigo-600 text-white ring-indigo-600"
        >
          Most Popular
        </Badge>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-1 text-sm text-slate-500">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid="plan-price">
          {formatPrice(plan.price)}
        </span>
        <span className="text-sm text-slate-500">{periodSuffix(plan.billingPeriod)}</span>
      </p>
      <ul className="mt-5 grid gap-2 text-sm text-slate-700">
        <li className="flex items-center gap-2 font-medium">
          <Zap className="size-4 text-indigo-600" /> {triggerLimitLabel(plan.triggerLimit)}
        </li>
        <li className="flex items-center gap-2 font-medium">
          <Database className="size-4 text-indigo-600" /> {plan.storageLimit} GB of storage
        </li>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto grid gap-2 pt-6 [&>*]:w-full">{action}</div>
    </Card>
  );
}
