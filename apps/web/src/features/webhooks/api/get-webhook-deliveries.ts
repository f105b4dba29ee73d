import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WebhookDelivery, webhookDeliverySchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** How often an open Deliveries view asks again: attempts are sent in the background. */
export const DELIVERIES_REFRESH_MS = 3000;

export const webhookDeliveriesQueryKey = (id: number) => [...webhooksQueryKey, id, 'deliveries'] as const;

/** GET /api/webhooks/:id/deliveries → the newest logged attempts, newest first. */
export function getWebhookDeliveries(id: number): Promise<WebhookDelivery[]> {
  return apiRequest(`/api/webhooks/${id}/deliveries`, webhookDeliverySchema.array());
}

export const getWebhookDeliveriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: () => getWebhookDeliveries(id),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });

export function useWebhookDeliveries(id: number) {
  return useQuery(getWebhookDeliveriesQueryOptions(id));
}
