import type { WebhookDelivery } from '@tonemark/shared';

export interface WebhookFormErrors {
  url?: string;
  events?: string;
  form?: string;
}

/** Zod and the server name array items `events.0`; the form shows one message for the group. */
export function webhookFormErrors(fields: Record<string, string>): WebhookFormErrors {
  const events = Object.entries(fields).find(([key]) => key === 'events' || key.startsWith('events.'));
  return { url: fields.url, events: events?.[1] };
}

/** The status code when the receiver answered (its error text only repeats it), else why not. */
export function deliveryOutcome(delivery: Pick<WebhookDelivery, 'responseStatus' | 'error'>): string {
  if (delivery.responseStatus !== null) return `HTTP ${delivery.responseStatus}`;
  return delivery.error ?? 'No answer';
}
