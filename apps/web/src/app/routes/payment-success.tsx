import {
  CircleAlert,
  CircleCheck,
  CircleHelp,
  Clock,
  LayoutDashboard,
  Plus,
  Receipt,
  RotateCcw,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { usePayment } from '@/features/payments/api/get-payment';
import { type PaymentOutcomeView, paymentOutcomeView } from '@/features/payments/lib/payment-outcome';
import { PAYMENT_SUCCESS_TEXTS, shortTransactionId } from '@/features/payments/lib/payment-texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const LOOK: Record<
  Exclude<PaymentOutcomeView, 'succeeded'>,
  { title: string; text: string; icon: typeof CircleAlert; card: string; badge: string; heading: string }
> = {
  processing: {
    title: 'Payment processing',
    text: 'Your bank is still confirming the payment. Your plan changes as soon as it succeeds; this page updates by itself.',
    icon: Clock,
    card: 'border-sky-200 bg-sky-50/60',
    badge: 'bg-sky-100 text-sky-600',
    heading: 'text-sky-800',
  },
  failed: {
    title: 'Payment failed',
    text: 'The payment did not go through and nothing was charged. Your plan has not changed.',
    icon: CircleAlert,
    card: 'border-red-200 bg-red-50/60',
    badge: 'bg-red-100 text-red-600',
    heading: 'text-red-800',
  },
  action: {
    title: 'Payment needs your confirmation',
    text: 'Your bank asked you to confirm the payment. Go back to checkout to finish it; nothing was charged yet.',
    icon: CircleAlert,
    card: 'border-amber-200 bg-amber-50/60',
    badge: 'bg-amber-100 text-amber-600',
    heading: 'text-amber-800',
  },
  unknown: {
    title: 'Payment status unknown',
    text: 'We could not tell how this payment ended. Your plan on Account Settings shows what is in force.',
    icon: CircleHelp,
    card: 'border-slate-200',
    badge: 'bg-slate-100 text-slate-500',
    heading: 'text-slate-900',
  },
  none: {
    title: 'No payment to show',
    text: 'This page shows the outcome of a checkout. To buy a plan, start from the pricing page.',
    icon: CircleHelp,
    card: 'border-slate-200',
    badge: 'bg-slate-100 text-slate-500',
    heading: 'text-slate-900',
  },
};

function Shell({ className, children, testId }: { className: string; children: ReactNode; testId: string }) {
  return (
    <PublicLayout>
      <Card className={cn('mx-auto max-w-lg p-8 text-center', className)} data-testid={testId}>
        {children}
      </Card>
    </PublicLayout>
  );
}

/**
 * SPEC §2.17 reads payment_intent, payment_intent_client_secret and redirect_status. Its success
 * card is shown only for a succeeded payment: the account's own record of the payment wins over
 * the address bar, and any other status gets an honest card of its own (issue 14).
 */
export function PaymentSuccessRoute() {
  useDocumentTitle('Payment');
  const [searchParams] = useSearchParams();
  const paymentIntent = searchParams.get('payment_intent');
  const redirectStatus = searchParams.get('redirect_status');
  const { data: user, isPending: userPending } = useUser();
  // No polling: the stored status is only ever requires_payment_method or succeeded (PAYMENT_STATUSES).
  const server = usePayment(paymentIntent, { enabled: Boolean(user) });
  // The moment the visitor arrived is the payment's timestamp on this screen.
  const [timestamp] = useState(() => new Date());

  if (paymentIntent && (userPending || (user && server.isPending))) {
    return (
      <PublicLayout>
        <div className="flex justify-center py-24">
          <Spinner className="size-8" label="Checking the payment" />
        </div>
      </PublicLayout>
    );
  }

  const status = server.data?.status ?? redirectStatus;
  const view = paymentOutcomeView(paymentIntent ? (status ?? 'unknown') : redirectStatus);
  const details = paymentIntent ? (
    <dl
      className="mt-6 divide-y divide-slate-100 rounded-lg bg-white px-4 text-left text-sm"
      data-testid="payment-details"
    >
      <Detail label="Transaction ID" value={shortTransactionId(paymentIntent)} testId="transaction-id" />
      {server.data?.planName ? (
        <Detail
          label="Plan"
          value={`${server.data.planName}, billed ${server.data.billingPeriod ?? 'monthly'}`}
          testId="transaction-plan"
        />
      ) : null}
      <Detail label="Date" value={timestamp.toLocaleString()} testId="transaction-date" />
      <Detail
        label="Status"
        value={status ?? PAYMENT_SUCCESS_TEXTS.defaultStatus}
        testId="transaction-status"
      />
      {view === 'failed' && server.data?.lastError ? (
        <Detail label="Reason" value={server.data.lastError} testId="transaction-error" />
      ) : null}
    </dl>
  ) : null;

  if (view === 'succeeded') {
    return (
      <Shell className="border-emerald-200 bg-emerald-50/60" testId="payment-success">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CircleCheck className="size-8" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold text-emerald-800">{PAYMENT_SUCCESS_TEXTS.title}</h1>
        <p className="mt-1 text-sm font-medium text-emerald-700">{PAYMENT_SUCCESS_TEXTS.subtitle}</p>
        <p className="mt-4 text-sm text-slate-600">{PAYMENT_SUCCESS_TEXTS.body}</p>
        {details}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to="/dashboard" className={buttonVariants()}>
            <LayoutDashboard /> View Dashboard
          </Link>
          <Link to="/create-trigger" className={buttonVariants({ variant: 'outline' })}>
            <Plus /> Create New Trigger
          </Link>
        </div>
        {server.data ? (
          <Link
            to={`/admin/receipts/${encodeURIComponent(server.data.id)}`}
            className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline"
          >
            <Receipt className="size-4" /> View receipt
          </Link>
        ) : null}
      </Shell>
    );
  }

  const look = LOOK[view];
  const Icon = look.icon;
  return (
    <Shell className={look.card} testId={`payment-${view}`}>
      <span className={cn('mx-auto flex size-14 items-center justify-center rounded-full', look.badge)}>
        <Icon className="size-8" />
      </span>
      <h1 className={cn('mt-4 text-2xl font-semibold', look.heading)}>{look.title}</h1>
      <p className="mt-3 text-sm text-slate-600">{look.text}</p>
      {details}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        {view === 'failed' || view === 'action' || view === 'none' ? (
          <Link to="/pricing" className={buttonVariants()}>
            <RotateCcw /> {view === 'none' ? 'See plans' : 'Try again'}
          </Link>
        ) : null}
        <Link to="/admin/settings" className={buttonVariants({ variant: 'outline' })}>
          Account Settings
        </Link>
      </div>
    </Shell>
  );
}
