import type { PricingPlan } from '@tonemark/shared';
import { ArrowLeft, CircleAlert, CircleCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { usePaymentIntent } from '@/features/payments/api/create-payment-intent';
import { useSubscription } from '@/features/payments/api/get-subscription';
import { PaymentForm } from '@/features/payments/components/payment-form';
import type { PaymentOutcome } from '@/features/payments/components/sandbox-card-form';
import { CHECKOUT_TEXTS } from '@/features/payments/lib/payment-texts';
import { paymentSuccessPath } from '@/features/payments/lib/success-path';
import { formatAmount, formatPrice, periodSuffix } from '@/features/pricing/lib/format-price';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';

/** How long 'Payment Successful' stays before the success page opens. */
const SUCCESS_REDIRECT_MS = 800;

function PaymentErrorCard({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto max-w-md" data-testid="payment-error-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700">
          <CircleAlert className="size-5" /> {CHECKOUT_TEXTS.paymentError}
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/pricing'))}
        >
          <ArrowLeft /> Go Back
        </Button>
      </CardContent>
    </Card>
  );
}

function NothingToPay() {
  return (
    <Card className="mx-auto max-w-md text-center" data-testid="checkout-nothing">
      <CardHeader>
        <CardTitle>Choose a plan first</CardTitle>
        <CardDescription>
          Checkout pays for a plan you picked on the pricing page. Nothing is waiting to be paid.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/pricing" className={buttonVariants()}>
          See plans and prices
        </Link>
      </CardContent>
    </Card>
  );
}

/** A plan's checkout: /checkout?subscriptionId=sub_… (from /pricing). A bare /checkout pays for nothing. */
function Checkout() {
  const [searchParams] = useSearchParams();
  const subscriptionId = searchParams.get('subscriptionId') ?? undefined;
  const subscription = useSubscription(subscriptionId);
  if (!subscriptionId) return <NothingToPay />;
  if (subscription.isPending) return <CheckoutLoading />;
  if (subscription.isError) {
    const message =
      subscription.error instanceof ApiError && subscription.error.status === 404
        ? 'This plan choice was not found. Choose your plan again on the pricing page.'
        : 'The plan could not be loaded. Please try again.';
    return <PaymentErrorCard message={message} />;
  }
  if (subscription.data.status === 'active') {
    return <PaymentErrorCard message={`Your ${subscription.data.plan.name} plan is already paid for.`} />;
  }
  return <PlanCheckout subscriptionId={subscriptionId} plan={subscription.data.plan} />;
}

function CheckoutLoading() {
  return (
    <div
      className="flex flex-col items-center gap-3 py-24 text-sm text-slate-500"
      data-testid="checkout-loading"
    >
      <Spinner className="size-8" label="Preparing checkout" />
      Preparing secure checkout…
    </div>
  );
}

function PlanCheckout({ subscriptionId, plan }: { subscriptionId: string; plan: PricingPlan }) {
  const navigate = useNavigate();
  // The price comes from the plan, never from the address bar.
  const amount = plan.price;
  const intent = usePaymentIntent(amount, subscriptionId);
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (intent.isError) {
      toast({
        title: CHECKOUT_TEXTS.setupError,
        description:
          intent.error instanceof ApiError ? intent.error.serverMessage : CHECKOUT_TEXTS.unknownError,
        variant: 'destructive',
      });
    }
  }, [intent.isError, intent.error]);

  function failed(message: string) {
    setFailure(message);
    toast({ title: CHECKOUT_TEXTS.failedTitle, description: message, variant: 'destructive' });
  }

  function paid({ paymentIntentId }: PaymentOutcome) {
    const clientSecret = intent.data?.clientSecret ?? '';
    setFailure(null);
    setSucceeded(true);
    toast({
      title: CHECKOUT_TEXTS.successTitle,
      description: CHECKOUT_TEXTS.successText,
      variant: 'success',
    });
    window.setTimeout(() => navigate(paymentSuccessPath(paymentIntentId, clientSecret)), SUCCESS_REDIRECT_MS);
  }

  if (intent.isPending) return <CheckoutLoading />;
  if (intent.isError || !intent.data?.clientSecret) {
    const message =
      intent.error instanceof ApiError
        ? intent.error.serverMessage
        : 'The payment could not be set up. Please try again.';
    return <PaymentErrorCard message={message} />;
  }

  const payLabel = `Pay ${formatAmount(amount)}`;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-[1fr_1.2fr]">
      <Card className="h-fit" data-testid="order-summary">
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
          <CardDescription>Your new plan</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div className="flex justify-between gap-4 text-slate-700">
            <span data-testid="checkout-plan">
              <span className="font-medium text-slate-900">{plan.name}</span>, billed{' '}
              {plan.billingPeriod === 'yearly' ? 'yearly' : 'monthly'}
            </span>
            <span>
              {formatPrice(plan.price)}
              {periodSuffix(plan.billingPeriod)}
            </span>
          </div>
          <p className="text-xs text-slate-500">
            {plan.triggerLimit === null ? 'Unlimited' : `Up to ${plan.triggerLimit}`} active triggers,{' '}
            {plan.storageLimit} GB of storage. Cancel any time from Account Settings.
          </p>
          <div className="flex justify-between border-t border-slate-100 pt-3 text-base font-semibold text-slate-900">
            <span>Total today</span>
            <span data-testid="checkout-amount">{formatAmount(amount)}</span>
          </div>
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <ShieldCheck className="size-4 text-emerald-600" /> Card details go to the payment provider only.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {failure ? (
            <div
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              role="alert"
              data-testid="payment-failed"
            >
              <p className="font-semibold">{CHECKOUT_TEXTS.failedTitle}</p>
              <p>{failure}</p>
            </div>
          ) : null}
          {succeeded ? (
            <div
              className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
              role="status"
            >
              <CircleCheck className="size-4" /> {CHECKOUT_TEXTS.successTitle} — {CHECKOUT_TEXTS.successText}
            </div>
          ) : (
            <PaymentForm intent={intent.data} payLabel={payLabel} onSucceeded={paid} onFailed={failed} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function CheckoutRoute() {
  useDocumentTitle('Checkout');
  return (
    <PublicLayout>
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-slate-900">Checkout</h1>
      <RequireAuth>
        <Checkout />
      </RequireAuth>
    </PublicLayout>
  );
}
