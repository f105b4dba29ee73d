import { PAYMENT_SUCCESS_TEXTS, shortTransactionId } from '@tonemark/shared';
import { CircleCheck, LayoutDashboard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

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

/** SPEC §2.17: reads payment_intent, payment_intent_client_secret and redirect_status. */
export function PaymentSuccessRoute() {
  useDocumentTitle('Payment Successful');
  const [searchParams] = useSearchParams();
  const paymentIntent = searchParams.get('payment_intent');
  const redirectStatus = searchParams.get('redirect_status');
  // The moment the visitor arrived is the payment's timestamp on this screen.
  const [timestamp] = useState(() => new Date());

  return (
    <PublicLayout>
      <Card
        className="mx-auto max-w-lg border-emerald-200 bg-emerald-50/60 p-8 text-center"
        data-testid="payment-success"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CircleCheck className="size-8" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold text-emerald-800">{PAYMENT_SUCCESS_TEXTS.title}</h1>
        <p className="mt-1 text-sm font-medium text-emerald-700">{PAYMENT_SUCCESS_TEXTS.subtitle}</p>
        <p className="mt-4 text-sm text-slate-600">{PAYMENT_SUCCESS_TEXTS.body}</p>
        {paymentIntent ? (
          <dl
            className="mt-6 divide-y divide-emerald-100 rounded-lg bg-white px-4 text-left text-sm"
            data-testid="payment-details"
          >
            <Detail
              label="Transaction ID"
              value={shortTransactionId(paymentIntent)}
              testId="transaction-id"
            />
            <Detail label="Date" value={timestamp.toLocaleString()} testId="transaction-date" />
            <Detail
              label="Status"
              value={redirectStatus ?? PAYMENT_SUCCESS_TEXTS.defaultStatus}
              testId="transaction-status"
            />
          </dl>
        ) : null}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to="/dashboard" className={buttonVariants()}>
            <LayoutDashboard /> View Dashboard
          </Link>
          <Link to="/create-trigger" className={buttonVariants({ variant: 'outline' })}>
            <Plus /> Create New Trigger
          </Link>
        </div>
      </Card>
    </PublicLayout>
  );
}
