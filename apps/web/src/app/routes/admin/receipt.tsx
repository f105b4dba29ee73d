import { receiptDownloadPath } from '@tonemark/shared';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { usePayment } from '@/features/payments/api/get-payment';
import { formatAmount } from '@/features/pricing/lib/format-price';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium break-all text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** /admin/receipts/:id: one payment's receipt, to read, print or download as a file. */
export function ReceiptRoute() {
  const { id = '' } = useParams();
  const payment = usePayment(id);
  const { data: user } = useUser();
  const back = (
    <Link
      to="/admin/settings"
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-900"
    >
      <ArrowLeft className="size-4" /> Account Settings
    </Link>
  );
  if (payment.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading the receipt" />
      </div>
    );
  }
  if (payment.isError || payment.data.status !== 'succeeded') {
    return (
      <div>
        {back}
        <Card className="mx-auto max-w-md p-8 text-center" data-testid="receipt-not-found">
          <h1 className="text-xl font-semibold text-slate-900">No receipt here</h1>
          <p className="mt-2 text-sm text-slate-500">Receipts exist for your own successful payments only.</p>
        </Card>
      </div>
    );
  }
  const p = payment.data;
  const item = p.planName
    ? `${p.planName} plan, ${p.billingPeriod === 'yearly' ? 'one year' : 'one month'}`
    : 'One-off payment';
  return (
    <div className="mx-auto max-w-2xl">
      {back}
      <Card data-testid="receipt">
        <CardContent className="grid gap-6 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Receipt</h1>
              <p className="text-sm text-slate-500" data-testid="receipt-number">
                {p.receiptNumber}
              </p>
            </div>
            <div className="flex gap-2 print:hidden">
              <Button variant="outline" size="sm" onClick={() => window.print()}>
                <Printer /> Print
              </Button>
              <a
                href={receiptDownloadPath(p.id)}
                className={buttonVariants({ size: 'sm' })}
                data-testid="download-receipt"
              >
                <Download /> Download
              </a>
            </div>
          </div>
          <dl className="divide-y divide-slate-100">
            <Row label="Date paid" value={new Date(p.paidAt ?? p.createdAt).toLocaleString()} />
            {user ? (
              <Row label="Billed to" value={`${user.displayName ?? user.username} <${user.email}>`} />
            ) : null}
            <Row label="Payment" value={p.id} />
          </dl>
          <dl className="divide-y divide-slate-100 rounded-lg bg-slate-50 px-4">
            <Row label={item} value={formatAmount(p.amount)} testId="receipt-item" />
            <Row label="Amount paid" value={formatAmount(p.amount)} testId="receipt-total" />
          </dl>
          <p className="text-xs text-slate-500">Paid by card. Keep this receipt for your records.</p>
        </CardContent>
      </Card>
    </div>
  );
}
