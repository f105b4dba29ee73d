import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsSummary, analyticsSummarySchema, EMPTY_ANALYTICS_SUMMARY } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** GET /api/analytics/summary (SPEC §3.2), computed by the server from real rows. */
export function getAnalyticsSummary(): Promise<AnalyticsSummary> {
  return apiRequest('/api/analytics/summary', analyticsSummarySchema);
}

export const getAnalyticsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsSummary,
    queryFn: getAnalyticsSummary,
    // SPEC §3.2: all zeros and empty maps while loading.
    placeholderData: EMPTY_ANALYTICS_SUMMARY,
  });

export function useAnalyticsSummary() {
  return useQuery(getAnalyticsSummaryQueryOptions());
}
