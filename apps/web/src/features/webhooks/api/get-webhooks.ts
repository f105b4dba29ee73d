import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WebhookEndpoint, webhookEndpointSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

export const webhooksQueryKey = ['webhooks'] as const;

/** GET /api/webhooks → the signed-in user's webhooks (never their secrets). */
export function getWebhooks(): Promise<WebhookEndpoint[]> {
  return apiRequest('/api/webhooks', webhookEndpointSchema.array());
}

export const getWebhooksQueryOptions = () =>
  // Webhooks can also be registered through /api/v1 elsewhere: read them fresh when shown.
  queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks, refetchOnMount: 'always' });

export function useWebhooks() {
  return useQuery(getWebhooksQueryOptions());
}
