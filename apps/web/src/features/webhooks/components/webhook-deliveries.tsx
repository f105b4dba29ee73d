import { EmptyNote } from '@/components/empty-note';
import { QueryStates } from '@/components/query-states';
import { Badge } from '@/components/ui/badge';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { deliveryOutcome } from '../lib/webhook-display';

const attemptTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The latest logged attempts for one webhook, refreshed while open (sending runs in the background). */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const deliveries = useWebhookDeliveries(webhookId);

  return (
    <QueryStates
      compact
      query={deliveries}
      texts={{ loading: 'Loading deliveries', failed: 'The delivery log could not be loaded.' }}
      empty={
        <EmptyNote compact>
          No deliveries yet. Attempts appear here once one of the chosen events happens.
        </EmptyNote>
      }
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <ol
          className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white"
          aria-label="Deliveries"
        >
          {list.map((delivery) => (
            <li
              key={`${delivery.messageId}-${delivery.attempt}`}
              className="flex flex-col gap-1 px-3 py-2 text-xs sm:flex-row sm:items-center sm:gap-3"
              data-testid="webhook-delivery-row"
            >
              <div className="flex items-center justify-between gap-2 sm:contents">
                <time dateTime={delivery.attemptedAt} className="text-slate-500 sm:w-44 sm:shrink-0">
                  {attemptTime.format(new Date(delivery.attemptedAt))}
                </time>
                <Badge tone={delivery.succeeded ? 'emerald' : 'rose'} className="sm:order-last sm:ml-auto">
                  {delivery.succeeded ? 'Delivered' : 'Failed'}
                </Badge>
              </div>
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <code className="text-slate-700">{delivery.event}</code>
                <span className="text-slate-500">Attempt {delivery.attempt}</span>
                <span
                  className={`min-w-0 break-words ${delivery.succeeded ? 'text-slate-700' : 'text-rose-700'}`}
                  data-testid="webhook-delivery-outcome"
                >
                  {deliveryOutcome(delivery)}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </QueryStates>
  );
}
