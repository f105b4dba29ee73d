import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CreatePaymentIntentResponse, createPaymentIntentResponseSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/create-payment-intent → clientSecret (SPEC §7). */
export function createPaymentIntent(
  amount: number,
  subscriptionId?: string,
): Promise<CreatePaymentIntentResponse> {
  return apiRequest('/api/create-payment-intent', createPaymentIntentResponseSchema, {
    method: 'POST',
    body: { amount, ...(subscriptionId ? { subscriptionId } : {}) },
  });
}

/**
 * One intent per checkout visit: never cached beyond the page (gcTime 0), so coming back to
 * checkout after paying asks for a fresh intent instead of reusing a spent one.
 */
export const paymentIntentQueryOptions = (amount: number, subscriptionId?: string) =>
  queryOptions({
    queryKey: ['payment-intent', amount, subscriptionId ?? null],
    queryFn: () => createPaymentIntent(amount, subscriptionId),
    gcTime: 0,
  });

export function usePaymentIntent(
  amount: number,
  subscriptionId?: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...paymentIntentQueryOptions(amount, subscriptionId), enabled: options.enabled ?? true });
}
