import type { PricingPlan } from '@tonemark/shared';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatPrice, periodSuffix } from '../lib/format-price';
import type { PlanChange } from '../lib/plan-change';

/** Says what a plan change does to the account's limits before anything is bought (issue 14). */
export function PlanChangeDialog({
  plan,
  change,
  pending,
  onConfirm,
  onClose,
}: {
  plan: PricingPlan | null;
  change: PlanChange | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={plan !== null && change !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="plan-change-dialog">
        {plan && change ? (
          <>
            <DialogHeader>
              <DialogTitle>{change.title}</DialogTitle>
              <DialogDescription>
                {plan.name}, {formatPrice(plan.price)}
                {periodSuffix(plan.billingPeriod)}. Here is what changes for your account.
              </DialogDescription>
            </DialogHeader>
            <ul className="grid gap-1.5 text-sm" data-testid="plan-change-limits">
              {change.limits.map((line) => (
                <li key={line} className="flex items-center gap-2 text-slate-700">
                  <ArrowRight className="size-4 text-indigo-500" /> {line}
                </li>
              ))}
            </ul>
            {change.warnings.length > 0 ? (
              <ul
                className="grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
                data-testid="plan-change-warnings"
              >
                {change.warnings.map((line) => (
                  <li key={line} className="flex gap-2">
                    <TriangleAlert className="mt-0.5 size-4 shrink-0" /> {line}
                  </li>
                ))}
              </ul>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Keep my plan</Button>
              </DialogClose>
              <Button onClick={onConfirm} disabled={pending} data-testid="confirm-plan-change">
                {pending ? 'Preparing checkout…' : `Continue to payment`}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
