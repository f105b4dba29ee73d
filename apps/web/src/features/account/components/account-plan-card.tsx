import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAccountPlan } from '../api/get-account-plan';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The account's plan, status, renewal date and how many active triggers it may have. */
export function AccountPlanCard() {
  const { data: plan, isPending, isError } = useAccountPlan();
  return (
    <Card data-testid="account-plan">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-indigo-600" /> Subscription
        </CardTitle>
        <CardDescription>Your plan decides how many triggers can be active at once.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading your plan" />
        ) : isError ? (
          <p className="text-sm text-red-600">Your plan could not be loaded.</p>
        ) : (
          <>
            <dl className="divide-y divide-slate-100">
              <Row
                label="Plan"
                value={plan.isDefault ? `${plan.planName} (free allowance, no subscription)` : plan.planName}
                testId="account-plan-name"
              />
              <div className="flex justify-between gap-4 py-2 text-sm">
                <dt className="text-slate-500">Status</dt>
                <dd data-testid="account-plan-status">
                  <Badge tone={plan.status === 'active' ? 'emerald' : 'amber'}>{plan.status}</Badge>
                </dd>
              </div>
              {plan.billingPeriod ? (
                <Row label="Billing" value={plan.billingPeriod} testId="account-plan-period" />
              ) : null}
              <Row
                label="Renews on"
                value={plan.currentPeriodEnd ? new Date(plan.currentPeriodEnd).toLocaleDateString() : '—'}
                testId="account-plan-renewal"
              />
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
            <Link to="/pricing" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
              {plan.isDefault ? 'Choose a plan' : 'Change plan'}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
