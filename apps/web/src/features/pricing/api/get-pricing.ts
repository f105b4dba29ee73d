import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PricingResponse, pricingResponseSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

export const pricingQueryKey = ['pricing'] as const;

/** GET /api/pricing → the monthly and yearly plan lists (public). */
export function getPricing(): Promise<PricingResponse> {
  return apiRequest('/api/pricing', pricingResponseSchema);
}

export const getPricingQueryOptions = () => queryOptions({ queryKey: pricingQueryKey, queryFn: getPricing });

export function usePricing() {
  return useQuery(getPricingQueryOptions());
}
