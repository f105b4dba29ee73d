import { receiptDownloadPath } from '@tonemark/shared';
import { Download, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { IconCardTitle } from '@/components/icon-card-title';
import { QueryStates } from '@/components/query-states';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { formatAmount } from '@/features/pricing';
import { useReceipts } from '../api/get-payment';

/** One receipt per successful payment: its page and its file. */
export function ReceiptsCard() {
  const receipts = useReceipts();
  return (
    <Card data-testid="receipts-card">
      <CardHeader>
        <IconCardTitle icon={Receipt}>Receipts</IconCardTitle>
        <CardDescription>A receipt for every payment, to view or download.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={receipts}
          texts={{
            loading: 'Loading receipts',
            failed: 'The receipts could not be loaded.',
          }}
          empty="No payments yet."
          isEmpty={(data) => data.length === 0}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100" data-testid="receipt-list">
              {data.map((payment) => (
                <li
                  key={payment.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm"
                >
                  <Link
                    to={`/admin/receipts/${encodeURIComponent(payment.id)}`}
                    className="min-w-0 hover:underline"
                  >
                    <span className="font-medium text-slate-900">
                      {payment.planName ? `${payment.planName}, ${payment.billingPeriod}` : 'One-off payment'}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {new Date(payment.paidAt ?? payment.createdAt).toLocaleDateString()} ·{' '}
                      {payment.receiptNumber}
                    </span>
                  </Link>
                  <span className="flex items-center gap-2">
                    <span className="font-medium tabular-nums">{formatAmount(payment.amount)}</span>
                    <a
                      href={receiptDownloadPath(payment.id)}
                      className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
                      aria-label={`Download receipt ${payment.receiptNumber}`}
                      title="Download"
                    >
                      <Download />
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
