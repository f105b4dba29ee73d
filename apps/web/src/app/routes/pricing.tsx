import { useQuery } from '@tanstack/react-query';
import { type BillingPeriod, FREE_PLAN, type PricingPlan } from '@tonemark/shared';
import { Check, Mail, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getAccountPlanQueryOptions } from '@/features/account/api/get-account-plan';
import { useUser } from '@/features/auth/api/get-me';
import { signInPath } from '@/features/auth/components/require-auth';
import { useCreateSubscription } from '@/features/pricing/api/create-subscription';
import { usePricing } from '@/features/pricing/api/get-pricing';
import { BillingToggle } from '@/features/pricing/components/billing-toggle';
import { PlanCard } from '@/features/pricing/components/plan-card';
import { PlanChangeDialog } from '@/features/pricing/components/plan-change-dialog';
import { describePlanChange } from '@/features/pricing/lib/plan-change';
import { planChoiceState } from '@/features/pricing/lib/plan-choice';
import { PRICING_TEXTS } from '@/features/pricing/lib/pricing-texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { formatBytes } from '@/lib/format-number';

/** Shown after the notice so the 'Selected' state is seen before checkout opens. */
const CHECKOUT_DELAY_MS = 1200;
export const SALES_EMAIL = 'sales@tonemark.io';

function checkoutPath(plan: PricingPlan, subscriptionId: string): string {
  const params = new URLSearchParams({ amount: String(plan.price), subscriptionId });
  return `/checkout?${params.toString()}`;
}

export function PricingRoute() {
  useDocumentTitle('Pricing');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const period: BillingPeriod = searchParams.get('billing') === 'yearly' ? 'yearly' : 'monthly';
  const wanted = searchParams.get('plan');
  const { data: pricing, isPending, isError, refetch, isRefetching } = usePricing();
  const userQuery = useUser();
  const user = userQuery.data;
  const accountQuery = useQuery({ ...getAccountPlanQueryOptions(), enabled: Boolean(user) });
  const account = accountQuery.data;
  // A plan that fails to load does not stop anyone buying (choose() then skips the explanation).
  const planLoading = userQuery.isPending || (Boolean(user) && accountQuery.isPending);
  const subscribe = useCreateSubscription();
  const [selected, setSelected] = useState<{ planId: string; subscriptionId: string } | null>(null);
  const [confirming, setConfirming] = useState<PricingPlan | null>(null);
  // Leaving the page during the pause must not pull the visitor back into checkout.
  const checkoutTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(checkoutTimer.current), []);

  function changePeriod(next: BillingPeriod) {
    const params = new URLSearchParams(searchParams);
    params.set('billing', next);
    setSearchParams(params, { replace: true });
  }

  function choose(plan: PricingPlan) {
    if (!user) {
      // Back to this page with the same plan marked once signed in.
      const back = `/pricing?billing=${plan.billingPeriod}&plan=${encodeURIComponent(plan.id)}`;
      navigate(signInPath(back));
      return;
    }
    // The effect on the account's limits is said before anything is bought (once the plan is known).
    if (account) setConfirming(plan);
    else confirm(plan);
  }

  function confirm(plan: PricingPlan) {
    if (!user) return;
    subscribe.mutate(
      { planId: plan.id, email: user.email, name: user.username, metadata: { source: 'pricing_page' } },
      {
        onSuccess: ({ subscriptionId }) => {
          setConfirming(null);
          setSelected({ planId: plan.id, subscriptionId });
          toast({
            title: PRICING_TEXTS.planSelectedTitle,
            description: `${plan.name}, billed ${plan.billingPeriod}. Opening checkout…`,
            variant: 'success',
          });
          checkoutTimer.current = window.setTimeout(
            () => navigate(checkoutPath(plan, subscriptionId)),
            CHECKOUT_DELAY_MS,
          );
        },
        onError: () =>
          toast({
            title: PRICING_TEXTS.subscriptionErrorTitle,
            description: PRICING_TEXTS.subscriptionErrorText,
            variant: 'destructive',
          }),
      },
    );
  }

  const plans = pricing ? pricing[period] : [];

  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Simple, transparent pricing
        </h1>
        <p className="mt-3 text-slate-600">
          Start small and grow. Every plan includes the listener app and embedding tools.
        </p>
        <p className="mt-2 text-sm text-slate-500" data-testid="free-tier">
          Or stay on <span className="font-medium text-slate-700">Free</span>: {FREE_PLAN.triggerLimit} active
          triggers and {formatBytes(FREE_PLAN.storageLimitBytes)} of storage, no card needed.
        </p>
        <div className="mt-6 flex justify-center">
          <BillingToggle value={period} onChange={changePeriod} />
        </div>
      </div>

      {selected ? (
        <div
          className="mx-auto mt-6 flex max-w-2xl items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          data-testid="plan-selected"
          role="status"
        >
          <Check className="size-4 shrink-0" />
          <span>Plan Selected — opening checkout…</span>
        </div>
      ) : null}

      {isPending ? (
        <div className="flex justify-center py-20">
          <Spinner className="size-8" label="Loading plans" />
        </div>
      ) : isError ? (
        <Card className="mx-auto mt-10 max-w-md p-6 text-center" data-testid="pricing-error">
          <p className="font-medium text-slate-900">{PRICING_TEXTS.loadFailed}</p>
          <Button className="mt-4" variant="outline" onClick={() => refetch()} disabled={isRefetching}>
            <RefreshCw /> Try again
          </Button>
        </Card>
      ) : (
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {plans.map((plan) => {
            const choice = planChoiceState(plan, {
              selectedPlanId: selected?.planId ?? null,
              pendingPlanId: subscribe.isPending ? (subscribe.variables?.planId ?? null) : null,
              account: user ? account : undefined,
              planLoading,
            });
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                highlighted={wanted === plan.id && !selected}
                action={
                  <>
                    <Button
                      size="lg"
                      variant={plan.recommended ? 'default' : 'outline'}
                      disabled={choice.disabled}
                      onClick={() => choose(plan)}
                      data-testid={`choose-${plan.tier}`}
                    >
                      {choice.label}
                    </Button>
                    {plan.contactSales ? (
                      <a href={`mailto:${SALES_EMAIL}`} className={buttonVariants({ variant: 'ghost' })}>
                        <Mail /> Contact Sales
                      </a>
                    ) : null}
                  </>
                }
              />
            );
          })}
        </div>
      )}

      <p className="mt-10 text-center text-sm text-slate-500">
        {user ? (
          <>
            Signed in as <span className="font-medium text-slate-700">{user.email}</span>
            {account ? `, on the ${account.planName} plan` : ''}. You can cancel any time from Account
            Settings.
          </>
        ) : (
          <>
            You will be asked to{' '}
            <Link to={signInPath('/pricing')} className="font-medium text-indigo-600 hover:underline">
              sign in
            </Link>{' '}
            before choosing a plan.
          </>
        )}
      </p>
      <PlanChangeDialog
        plan={confirming}
        change={confirming && account ? describePlanChange(account, confirming) : null}
        pending={subscribe.isPending}
        onConfirm={() => confirming && confirm(confirming)}
        onClose={() => setConfirming(null)}
      />
    </PublicLayout>
  );
}
