import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { IconCardTitle } from '@/components/icon-card-title';
import { QueryStates } from '@/components/query-states';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { formatLongDate } from '@/lib/format-long-date';
import { useAccountPlan } from '../api/get-account-plan';
import { useSubscriptionAction } from '../api/subscription-actions';
import { StorageMeter } from './storage-meter';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A paid plan offers one of the two: cancel at the period's end, or take that back. */
const SUBSCRIPTION_BUTTON = {
  cancel: { variant: 'ghost', label: 'Cancel subscription' },
  resume: { variant: 'outline', label: 'Resume subscription' },
} as const;

/** The account's plan, its period, what it allows and uses, and cancel / resume. */
export function AccountPlanCard() {
  const accountPlan = useAccountPlan();
  const action = useSubscriptionAction();
  const nextAction = accountPlan.data?.cancelAtPeriodEnd ? 'resume' : 'cancel';

  function run(kind: 'cancel' | 'resume') {
    action.mutate(kind, {
      onSuccess: (next) =>
        toast({
          title: kind === 'cancel' ? 'Subscription cancelled' : 'Subscription resumed',
          description:
            kind === 'cancel'
              ? `Your ${next.planName} plan stays until ${formatLongDate(next.currentPeriodEnd)}, then the account moves to Free.`
              : `Your ${next.planName} plan continues.`,
          variant: 'success',
        }),
      onError: (error) => toastFailure(error, 'The plan could not be changed.'),
    });
  }

  return (
    <Card data-testid="account-plan">
      <CardHeader>
        <IconCardTitle icon={CreditCard}>Subscription</IconCardTitle>
        <CardDescription>
          Your plan decides how many triggers can be active and how much media you store.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={accountPlan}
          texts={{ loading: 'Loading your plan', failed: 'Your plan could not be loaded.' }}
        >
          {(plan) => (
            <>
              <dl className="divide-y divide-slate-100">
                <Row
                  label="Plan"
                  value={plan.isDefault ? 'Free (no subscription)' : plan.planName}
                  testId="account-plan-name"
                />
                <div className="flex justify-between gap-4 py-2 text-sm">
                  <dt className="text-slate-500">Status</dt>
                  <dd data-testid="account-plan-status">
                    {plan.isDefault ? (
                      <Badge tone="slate">free</Badge>
                    ) : plan.cancelAtPeriodEnd ? (
                      <Badge tone="amber">cancelled, ends {formatLongDate(plan.currentPeriodEnd)}</Badge>
                    ) : (
                      <Badge tone="emerald">{plan.status}</Badge>
                    )}
                  </dd>
                </div>
                {plan.billingPeriod ? (
                  <Row label="Billing" value={plan.billingPeriod} testId="account-plan-period" />
                ) : null}
                {!plan.isDefault ? (
                  <Row
                    label={plan.cancelAtPeriodEnd ? 'Plan ends on' : 'Current period ends'}
                    value={formatLongDate(plan.currentPeriodEnd)}
                    testId="account-plan-renewal"
                  />
                ) : null}
                <Row
                  label="Active triggers"
                  value={
                    plan.unlimitedAsAdmin
                      ? `${plan.activeTriggers} (unlimited as admin)`
                      : plan.triggerLimit === null
                        ? `${plan.activeTriggers} (unlimited)`
                        : `${plan.activeTriggers} of ${plan.triggerLimit}`
                  }
                  testId="account-plan-usage"
                />
              </dl>
              <StorageMeter storage={plan.storage} className="mt-2" />
              <div className="mt-4 flex flex-wrap gap-2">
                <Link
                  to="/pricing"
                  className={buttonVariants({ variant: plan.isDefault ? 'default' : 'outline' })}
                >
                  {plan.isDefault ? 'Choose a plan' : 'Change plan'}
                </Link>
                {plan.isDefault ? null : (
                  <Button
                    variant={SUBSCRIPTION_BUTTON[nextAction].variant}
                    onClick={() => run(nextAction)}
                    disabled={action.isPending}
                    data-testid={`${nextAction}-subscription`}
                  >
                    {SUBSCRIPTION_BUTTON[nextAction].label}
                  </Button>
                )}
              </div>
              {!plan.isDefault && !plan.cancelAtPeriodEnd ? (
                <p className="mt-2 text-xs text-slate-500">
                  Cancelling keeps the plan until {formatLongDate(plan.currentPeriodEnd)}; nothing is
                  refunded.
                </p>
              ) : null}
            </>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
