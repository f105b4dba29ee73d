import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ActivationPage, type ActivationPageQuery, activationPageSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';
import { activationSearchParams } from '../lib/activation-filters';

/** GET /api/activations/page: one page of the filtered activations and how many match in all. */
export function getActivationsPage(query: ActivationPageQuery): Promise<ActivationPage> {
  return apiRequest(`/api/activations/page?${activationSearchParams(query)}`, activationPageSchema);
}

export const getActivationsPageQueryOptions = (query: ActivationPageQuery) =>
  queryOptions({
    // Under 'analytics', so a live ACTIVATION_RECORDED (useLiveAnalytics) refreshes the table too.
    queryKey: [...queryKeys.analytics, 'activations', query] as const,
    queryFn: () => getActivationsPage(query),
    // Keep the current rows while the next page or filter loads instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useActivationsPage(query: ActivationPageQuery, { enabled = true } = {}) {
  return useQuery({ ...getActivationsPageQueryOptions(query), enabled });
}
