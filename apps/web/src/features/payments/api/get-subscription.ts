import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SubscriptionDetail, subscriptionDetailSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** GET /api/subscriptions/:id → the plan checkout is paying for. */
export function getSubscription(id: string): Promise<SubscriptionDetail> {
  return apiRequest(`/api/subscriptions/${encodeURIComponent(id)}`, subscriptionDetailSchema);
}

export const getSubscriptionQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['subscription', id], queryFn: () => getSubscription(id), retry: false });

export function useSubscription(id: string | undefined) {
  return useQuery({ ...getSubscriptionQueryOptions(id ?? ''), enabled: Boolean(id) });
}
